import { useEffect, useMemo } from "react";
import { data, redirect, useNavigate } from "react-router";
import { MAX_ADDRESSES } from "../../../workers/services/accounts/address.rules";
import { getProfile, PROFILE_IMAGE, updateProfile } from "../../../workers/services/accounts/profile";
import { currentMeasurements, formatMeasure } from "../../../workers/services/catalog/size-finder";
import { settings } from "../../../workers/services/content/settings";
import { FormMessage } from "../../components/forms/fields";
import { SizeFinder, SizeFinderForm } from "../../components/product/size-finder";
import { draftFromProfile, draftValues, emptyAddress, inputErrors, readDraft } from "../../components/profile/profile-draft";
import { type FormError, ProfileForm } from "../../components/profile/profile-form";
import { ProfileSummary, type ProfileView } from "../../components/profile/profile-summary";
import { type FormProblem, formProblem, readForm, requirePageUser, signedInRead } from "../../lib/auth.server";
import { avatarUrl } from "../../lib/avatar";
import type { Route } from "./+types/profile";

const UPDATED = "Profile updated successfully";
const UPDATE_FAILED = "Failed to update profile";

// In Indian time, whatever the server's zone: "22 Nov 2026".
const memberSince = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** `?edit=1` is the edit view and `?updated=1` the answer to a save, so both work without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Her size-finder measurements travel in the same round trip as the profile.
  const [{ user, addresses }, measurements] = await Promise.all([
    signedInRead(request, getProfile(context.services)),
    currentMeasurements(context.services, request.headers),
  ]);
  const params = new URL(request.url).searchParams;
  const view: ProfileView = {
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    isVerified: user.isVerified,
    memberSince: memberSince.format(user.createdAt),
    avatar: avatarUrl(user.profileImage, context.services.origin),
    addresses,
  };
  return {
    profile: view,
    editing: params.has("edit"),
    updated: params.get("updated") === "1",
    photoRule: { maxBytes: PROFILE_IMAGE.maxBytes, types: [...PROFILE_IMAGE.types] },
    measurements,
    // Said on the server: the size finder's rules stay out of the page's script.
    measurementsText: measurements
      ? `Bust ${formatMeasure(measurements.bust, measurements.unit)}, waist ${formatMeasure(measurements.waist, measurements.unit)}, hip ${formatMeasure(measurements.hip, measurements.unit)}`
      : null,
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * "save" saves; "add-address" and "remove-address:{i}" (the buttons' no-JavaScript path) change the
 * posted draft and send it back unsaved. Any answer but a saved one carries the draft as `values`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requirePageUser(request, context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  const draft = readDraft(form.entries());

  if (intent === "add-address") {
    if (draft.addresses.length < MAX_ADDRESSES) draft.addresses.push(emptyAddress());
    return { values: draftValues(draft) };
  }
  const removing = /^remove-address:(\d+)$/.exec(intent);
  if (removing) {
    draft.addresses.splice(Number(removing[1]), 1);
    return { values: draftValues(draft) };
  }
  if (intent !== "save") return data<FormProblem>({ message: "Unknown action.", values: draftValues(draft) }, { status: 400 });

  try {
    const image = form.get("profileImage");
    await updateProfile(context.services, {
      name: draft.name,
      mobile: draft.mobile,
      addresses: draft.addresses,
      profileImage: image === null ? undefined : image,
    });
  } catch (err) {
    return formProblem(err, draftValues(draft), UPDATE_FAILED);
  }
  throw redirect("/profile?updated=1");
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing, updated, photoRule, measurements, measurementsText } = loaderData;
  const navigate = useNavigate();

  // With JavaScript the toast has said it: drop `?updated=1` so a reload does not say it again.
  useEffect(() => {
    if (updated) void navigate("/profile", { replace: true, preventScrollReset: true });
  }, [updated, navigate]);

  const error = useMemo<FormError | undefined>(
    () =>
      actionData && "message" in actionData
        ? { message: actionData.message || UPDATE_FAILED, inputs: inputErrors(actionData.fields) }
        : undefined,
    [actionData],
  );

  if (!editing && !actionData) {
    return (
      <section className="profile container">
        <h1>My profile</h1>
        <FormMessage message={updated ? UPDATED : null} tone="success" />
        <ProfileSummary profile={profile} />
        <section className="profile__measurements" aria-labelledby="measurements-title">
          <h2 id="measurements-title">My measurements</h2>
          <p>
            {measurementsText
              ? `${measurementsText}: every product page tells you which of its sizes fits.`
              : "Give your bust, waist and hip once, and every product page tells you which of its sizes fits."}
          </p>
          <SizeFinder form="profile-size-finder" answer={measurements ? { measurements, words: null } : null} />
          <SizeFinderForm id="profile-size-finder" back="/profile" />
        </section>
      </section>
    );
  }

  const draft = actionData?.values ? readDraft(Object.entries(actionData.values)) : draftFromProfile(profile);
  return (
    <section className="profile container">
      <h1>Edit profile</h1>
      <ProfileForm draft={draft} email={profile.email} avatar={profile.avatar} photoRule={photoRule} error={error} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `My profile | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

/** docs/product/accounts.md: a profile that cannot be loaded says so (the root error page, with a retry), never an endless "Loading...". */
export const handle = { failure: "We could not load your profile" };
