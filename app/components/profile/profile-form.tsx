import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_ADDRESSES } from "../../../workers/services/accounts/address.rules";
import { mobileWhileTyping } from "../../../workers/services/accounts/mobile.rules";
import { Field, FormMessage, focusFirstInvalid, SubmitButton } from "../forms/fields";
import { OnceForm } from "../forms/once-form";
import { ShopLink } from "../shop-link";
import { useToast } from "../toast/toast";
import { AddressFieldset } from "./address-fieldset";
import { PhotoPicker, type PhotoRule } from "./photo-picker";
import { lookupPincode } from "./pincode-lookup";
import {
  type AddressDraft,
  type AddressField,
  addressFieldName,
  emptyAddress,
  inputErrors,
  type ProfileDraft,
  readDraft,
} from "./profile-draft";

/** A refused save: its message, and each refused input's own (by input name). */
export interface FormError {
  message: string;
  inputs: Record<string, string>;
}

type KeyedAddress = AddressDraft & { key: number };

let nextKey = 1;
const keyed = (address: AddressDraft): KeyedAddress => ({ ...address, key: nextKey++ });

/**
 * The server's own profile check, fetched when the shopper first reaches a field or button of the
 * form rather than with the page (it brings zod). Until it has arrived, or if it cannot be fetched,
 * Save simply lets the server check.
 */
type ProfileCheck = typeof import("../../../workers/services/accounts/address.schema")["checkProfile"];
let profileCheck: ProfileCheck | undefined;
let loadingProfileCheck = false;
const loadProfileCheck = () => {
  if (profileCheck || loadingProfileCheck) return;
  loadingProfileCheck = true;
  import("../../../workers/services/accounts/address.schema").then(
    (m) => (profileCheck = m.checkProfile),
    () => (loadingProfileCheck = false),
  );
};

const focusInput = (form: HTMLFormElement | null, name: string) =>
  form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();

const ADDRESS_INPUT = /^addresses\[\d+\]\.(\w+)$/;

/** The `field` input of the address `input` belongs to. */
function addressInput(input: HTMLInputElement, field: AddressField): HTMLInputElement | null {
  return input.closest("fieldset")?.querySelector<HTMLInputElement>(`input[name$="].${field}"]`) ?? null;
}

/** Writes a value computed here into an input the shopper may also type in: the DOM holds the form's values. */
function setInput(input: HTMLInputElement | null, value: string) {
  if (input && input.value !== value) input.value = value;
}

/**
 * The profile's edit view (docs/product/accounts.md). It posts one multipart form whose intent is "save",
 * "add-address" or "remove-address:{i}": without JavaScript the server adds and removes addresses
 * in the draft it sends back; with JavaScript they happen here and only "save" is posted, after the
 * whole profile passes the same check the server makes (so a picture is not uploaded only to be
 * refused). Every refused field is flagged at once, and the first of them takes the focus.
 *
 * Every input is uncontrolled: what is typed lives in the DOM, and the check before saving reads
 * the form itself. So what a shopper typed before the page's script started is kept when it does,
 * and tidied (phone digits) and looked up (a PIN with City or State still empty) then, as if she had
 * typed it a moment later (docs/forms-before-hydration.md).
 */
export function ProfileForm({
  draft,
  email,
  avatar,
  photoRule,
  error: serverError,
}: {
  draft: ProfileDraft;
  email: string;
  avatar: string | null;
  photoRule: PhotoRule;
  error?: FormError;
}) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The addresses shown, each with the values its inputs started from (never what is typed since).
  const [addresses, setAddresses] = useState(() => draft.addresses.map(keyed));
  // Only for the initials beside the picture.
  const [avatarName, setAvatarName] = useState(draft.name);
  // The latest refusal (the server's or the check's before posting), and what is still flagged of it.
  const [refusal, setRefusal] = useState(serverError);
  const [invalid, setInvalid] = useState(serverError?.inputs ?? {});
  // An object, so asking twice still focuses; no input: the first one flagged invalid.
  const [focusAfterRender, setFocusAfterRender] = useState<{ input?: string } | null>(null);

  const refuse = useCallback((error: FormError | undefined) => {
    setRefusal(error);
    setInvalid(error?.inputs ?? {});
    if (error) setFocusAfterRender({});
  }, []);

  useEffect(() => refuse(serverError), [serverError, refuse]);

  useEffect(() => {
    if (!focusAfterRender) return;
    if (focusAfterRender.input) focusInput(formRef.current, focusAfterRender.input);
    else focusFirstInvalid(formRef.current);
  }, [focusAfterRender]);

  const errorFor = (input: string) => invalid[input];
  const clearErrorFor = (input: string) =>
    setInvalid((current) => {
      if (!(input in current)) return current;
      const { [input]: _cleared, ...rest } = current;
      return rest;
    });

  /**
   * A complete PIN fills City and State; an unknown one (or a failed lookup) empties both and says so.
   * `onlyEmpty`: a PIN found already typed when the script started fills only what is still empty.
   */
  async function fillFromPin(pinInput: HTMLInputElement, pin: string, onlyEmpty = false) {
    const answer = await lookupPincode(pin);
    if (!answer.ok) toast.error(answer.message);
    // The shopper may have changed the PIN, or removed the address, while the answer was on its way.
    if (!pinInput.isConnected || pinInput.value !== pin) return;
    const found = { townCity: answer.ok ? answer.district : "", state: answer.ok ? answer.state : "" };
    for (const field of ["townCity", "state"] as const) {
      const input = addressInput(pinInput, field);
      if (!input || (onlyEmpty && input.value.trim())) continue;
      setInput(input, found[field]);
      clearErrorFor(input.name);
    }
  }

  /**
   * What typing in `input` does besides typing: phone numbers keep their digits, a complete PIN is
   * looked up. `onlyEmpty`: on hydration, a PIN is looked up only for a City or State still empty.
   */
  function tidy(input: HTMLInputElement, onlyEmpty: boolean) {
    const field = input.name === "mobile" ? "phoneNumber" : ADDRESS_INPUT.exec(input.name)?.[1];
    if (field === "phoneNumber") setInput(input, mobileWhileTyping(input.value));
    if (field === "zipcode") {
      setInput(input, input.value.replace(/\D/g, "").slice(0, 6));
      const city = addressInput(input, "townCity")?.value.trim();
      const state = addressInput(input, "state")?.value.trim();
      if (input.value.length === 6 && (!onlyEmpty || !city || !state)) void fillFromPin(input, input.value, onlyEmpty);
    }
  }

  // What was typed before the script started is in the inputs now: tidy it as typing would have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration (a later draft is already in the inputs).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[name="mobile"], input[name^="addresses["]')) {
      tidy(input, true);
    }
    const name = form.querySelector<HTMLInputElement>('input[name="name"]');
    if (name) setAvatarName(name.value);
  }, []);

  function changed(event: React.FormEvent<HTMLFormElement>) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type === "file") return;
    if (input.name === "name") setAvatarName(input.value);
    tidy(input, false);
    clearErrorFor(input.name);
  }

  function addAddress() {
    const address = keyed(emptyAddress());
    setAddresses((list) => [...list, address]);
    // Messages are kept by position, which adding or removing an address changes.
    setInvalid({});
    setFocusAfterRender({ input: addressFieldName(addresses.length, "fullName") });
  }

  function removeAddress(key: number) {
    setAddresses((list) => list.filter((a) => a.key !== key));
    setInvalid({});
    addButton.current?.focus();
  }

  function checkBeforeSaving(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "save" || !profileCheck) return;
    const typed = readDraft(new FormData(event.currentTarget).entries());
    const check = profileCheck(typed);
    if (check.ok) return;
    event.preventDefault();
    refuse({ message: check.message, inputs: inputErrors(check.fields) });
  }

  return (
    <OnceForm
      method="post"
      encType="multipart/form-data"
      replace
      noValidate
      ref={formRef}
      className="profile-form"
      onFocus={loadProfileCheck}
      onChange={changed}
      onSubmit={checkBeforeSaving}
    >
      <FormMessage message={refusal?.message} besideField={Object.keys(refusal?.inputs ?? {}).length > 0} answer={refusal} />
      {/* Enter in any field saves: the first submit button in the form is the one Enter presses. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />

      <fieldset className="profile-form__section">
        <legend>Your details</legend>
        <PhotoPicker name={avatarName} current={avatar} rule={photoRule} />
        <div className="profile-form__grid">
          <Field label="Name" name="name" autoComplete="name" defaultValue={draft.name} error={errorFor("name")} />
          <Field label="Mobile" name="mobile" type="tel" autoComplete="tel" defaultValue={draft.mobile} error={errorFor("mobile")} />
          <Field label="Email" name="email" type="email" defaultValue={email} readOnly hint="Your e-mail address cannot be changed here." />
        </div>
      </fieldset>

      <section className="profile-form__section" aria-labelledby="profile-addresses">
        <h2 id="profile-addresses">Addresses</h2>
        {addresses.length === 0 && <p className="profile__empty">No addresses added.</p>}
        {addresses.map((address, index) => (
          <AddressFieldset
            key={address.key}
            index={index}
            address={address}
            errors={errorsAt(invalid, index)}
            onRemove={() => removeAddress(address.key)}
          />
        ))}
        {addresses.length < MAX_ADDRESSES ? (
          <button
            ref={addButton}
            type="submit"
            name="intent"
            value="add-address"
            className="button button--secondary"
            onClick={(event) => {
              event.preventDefault();
              addAddress();
            }}
          >
            Add address
          </button>
        ) : (
          <p className="field__hint">You can save up to {MAX_ADDRESSES} addresses.</p>
        )}
      </section>

      <div className="button-row profile-form__actions">
        <SubmitButton intent="save" pending="Saving...">
          Save Changes
        </SubmitButton>
        <ShopLink to="/profile" className="button button--secondary">
          Cancel
        </ShopLink>
      </div>
    </OnceForm>
  );
}

/** The messages about one address fieldset's inputs, by field. */
function errorsAt(invalid: Record<string, string>, index: number): Partial<Record<AddressField, string>> {
  const prefix = `addresses[${index}].`;
  const errors: Partial<Record<AddressField, string>> = {};
  for (const [input, message] of Object.entries(invalid)) {
    if (input.startsWith(prefix)) errors[input.slice(prefix.length) as AddressField] = message;
  }
  return errors;
}
