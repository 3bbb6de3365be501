import { data, redirect, useNavigation } from "react-router";
import { requireStaff } from "../../../workers/services/back-office/staff";
import { formatRupees, paiseToRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { adminShopSettings, saveShopSettings } from "../../../workers/services/content/shop-settings";
import { phoneHref, SETTINGS_MESSAGES } from "../../../workers/services/content/shop-settings.rules";
import { indiaDay } from "../../../workers/services/platform/india-time.rules";
import { rupeesToPaise } from "../../../workers/services/platform/rupees-input.rules";
import { AdminFormField } from "../../components/admin/admin-form-field";
import { PageNotice } from "../../components/admin/page-notice";
import { OnceForm } from "../../components/forms/once-form";
import { type FormProblem, formProblem, readForm } from "../../lib/auth.server";
import { staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-settings";

/**
 * The owner's Settings page: the shop's delivery charge, free-shipping threshold,
 * promotion, launch date, low-stock threshold, store address and contact, and GSTIN, in four groups.
 * The owner only (a staff member gets the shop's 404 page, as for Staff and the Audit log): these
 * change what every shopper sees and pays. Rupees in the form, paise in the database; each field
 * says what is saved now; a refused value comes back with its message next to it and nothing
 * changes. Post/Redirect/Get, so it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = await staffPage(adminShopSettings(context.services));
  const done = new URL(request.url).searchParams.get("done");
  const notice = done === "saved" ? SETTINGS_MESSAGES.saved : done === "unchanged" ? SETTINGS_MESSAGES.unchanged : null;
  return {
    values: {
      deliveryCharge: String(paiseToRupees(shop.deliveryChargePaise)),
      freeShipping: shop.freeShippingThresholdPaise === null ? "off" : "on",
      freeShippingThreshold: shop.freeShippingThresholdPaise === null ? "" : String(paiseToRupees(shop.freeShippingThresholdPaise)),
      promoLine: shop.promoLine,
      giftOrderLimit: String(shop.giftOrderLimit),
      launchDate: indiaDay(shop.launchDate),
      lowStockThreshold: String(shop.lowStockThreshold),
      ...shop.address,
      hours: shop.hours,
      email: shop.email,
      phone: shop.phone,
      gstin: shop.gstin,
    },
    phoneHref: phoneHref(shop.phone),
    notice,
  };
}

const FIELDS = [
  "deliveryCharge",
  "freeShipping",
  "freeShippingThreshold",
  "promoLine",
  "giftOrderLimit",
  "launchDate",
  "lowStockThreshold",
  "line1",
  "line2",
  "city",
  "state",
  "pin",
  "hours",
  "email",
  "phone",
  "gstin",
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  // The owner first, before the form is read: anyone else learns nothing and changes nothing.
  await staffPage(requireStaff(context.services, "owner"));
  const form = await readForm(request);
  const v = Object.fromEntries(FIELDS.map((f) => [f, typeof form.get(f) === "string" ? String(form.get(f)).slice(0, 500) : ""])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  try {
    const off = v.freeShipping === "off";
    if (!off && v.freeShippingThreshold.trim() === "") {
      return data<FormProblem>(
        { message: SETTINGS_MESSAGES.freeShipping, fields: { freeShippingThreshold: SETTINGS_MESSAGES.freeShipping }, values: v },
        { status: 400 },
      );
    }
    const res = await saveShopSettings(context.services, {
      deliveryCharge: v.deliveryCharge,
      freeShippingThreshold: off ? null : v.freeShippingThreshold,
      promoLine: v.promoLine,
      giftOrderLimit: v.giftOrderLimit,
      launchDate: v.launchDate,
      lowStockThreshold: v.lowStockThreshold,
      address: { line1: v.line1, line2: v.line2, city: v.city, state: v.state, pin: v.pin },
      hours: v.hours,
      email: v.email,
      phone: v.phone,
      gstin: v.gstin,
    });
    throw redirect(`/admin/settings?done=${res.changed.length > 0 ? "saved" : "unchanged"}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formProblem(error, v, "The settings could not be saved. Please try again.");
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Settings | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminSettings({ loaderData: l, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const problem = actionData as FormProblem | undefined;
  const saved = l.values;
  const values = { ...saved, ...(problem?.values ?? {}) } as typeof saved;
  const err = (name: string) => problem?.fields?.[name];
  const now = (shown: React.ReactNode) => <>Now: {shown}</>;
  const field = (
    name: keyof typeof saved,
    label: string,
    hint: React.ReactNode,
    props: Partial<React.ComponentProps<typeof AdminFormField>> = {},
  ) => (
    <AdminFormField id={`setting-${name}`} name={name} label={label} hint={hint} error={err(name)} defaultValue={values[name]} {...props} />
  );
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Settings</h1>
        <p className="admin-muted">What the shop charges, promises and shows. A change applies to every page and to checkout at once.</p>
      </header>
      <PageNotice notice={l.notice} problem={problem?.message} />
      <OnceForm method="post" className="admin-settings" noValidate>
        <fieldset className="admin-panel admin-settings__group">
          <legend>Delivery &amp; money</legend>
          {field("deliveryCharge", "Delivery charge (₹)", now(formatRupees(rupeesToPaise(saved.deliveryCharge) ?? null)), {
            inputMode: "decimal",
            required: true,
          })}
          <fieldset className="admin-settings__choice" aria-describedby="setting-freeShipping-hint">
            <legend>Free shipping</legend>
            <label className="admin-check">
              <input type="radio" name="freeShipping" value="off" defaultChecked={values.freeShipping === "off"} /> Off
            </label>
            <label className="admin-check">
              <input type="radio" name="freeShipping" value="on" defaultChecked={values.freeShipping === "on"} /> From a subtotal of
            </label>
            <span id="setting-freeShipping-hint" className="admin-muted">
              Now: {saved.freeShipping === "off" ? "off" : `from ${formatRupees(rupeesToPaise(saved.freeShippingThreshold) ?? null)}`}
            </span>
          </fieldset>
          {field("freeShippingThreshold", "Free-shipping threshold (₹)", "Used when free shipping is on.", { inputMode: "decimal" })}
        </fieldset>

        <fieldset className="admin-panel admin-settings__group">
          <legend>Promotion</legend>
          {field("promoLine", "Promo line (the home page's offer band)", now(saved.promoLine), { maxLength: 160, required: true })}
          {field("giftOrderLimit", "Complimentary gift with the first N orders", now(saved.giftOrderLimit), { inputMode: "numeric" })}
          {field("launchDate", "Launch date (coming-soon countdown, India time)", now(saved.launchDate), { type: "date" })}
          {field("lowStockThreshold", "Low-stock threshold (pieces, the dashboard)", now(saved.lowStockThreshold), {
            inputMode: "numeric",
          })}
        </fieldset>

        <fieldset className="admin-panel admin-settings__group">
          <legend>Store &amp; contact</legend>
          {field("line1", "Address line 1", now(saved.line1), { required: true, maxLength: 120, autoComplete: "off" })}
          {field("line2", "Address line 2", now(saved.line2 || "—"), { maxLength: 120, autoComplete: "off" })}
          {field("city", "City", now(saved.city), { required: true, maxLength: 60, autoComplete: "off" })}
          {field("state", "State", now(saved.state), { required: true, maxLength: 60, autoComplete: "off" })}
          {field("pin", "PIN code", now(saved.pin), { inputMode: "numeric", maxLength: 6, required: true, autoComplete: "off" })}
          {field("hours", "Business hours", now(saved.hours), { required: true, maxLength: 60 })}
          {field("email", "Support e-mail", now(saved.email), { type: "email", required: true, maxLength: 254, autoComplete: "off" })}
          {field(
            "phone",
            "Support phone",
            <>
              Now: {saved.phone} (calls {l.phoneHref.replace("tel:", "")})
            </>,
            { type: "tel", required: true, maxLength: 20, autoComplete: "off" },
          )}
        </fieldset>

        <fieldset className="admin-panel admin-settings__group">
          <legend>Tax</legend>
          {field("gstin", "GSTIN (on the tax invoice)", now(saved.gstin), {
            maxLength: 15,
            required: true,
            autoComplete: "off",
            spellCheck: false,
            style: { textTransform: "uppercase" },
          })}
        </fieldset>

        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Saving…" : "Save settings"}
          </button>
        </div>
      </OnceForm>
    </div>
  );
}
