import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_ADDRESSES } from "../../../workers/services/address.rules";
import { mobileWhileTyping } from "../../../workers/services/mobile.rules";
import { Field, FormMessage, focusFirstInvalid, SubmitButton } from "../forms/fields";
import { OnceForm } from "../forms/once-form";
import { ShopLink } from "../shop-link";
import { useToast } from "../toast/toast";
import { AddressFieldset } from "./address-fieldset";
import { PhotoPicker, type PhotoRule } from "./photo-picker";
import { lookupPincode } from "./pincode-lookup";
import { type AddressDraft, type AddressField, addressFieldName, emptyAddress, inputErrors, type ProfileDraft } from "./profile-draft";

/** A refused save: its message, and each refused input's own (by input name). */
export interface FormError {
  message: string;
  inputs: Record<string, string>;
}

type KeyedAddress = AddressDraft & { key: number };

let nextKey = 1;
const keyed = (address: AddressDraft): KeyedAddress => ({ ...address, key: nextKey++ });
const withoutKey = ({ key: _key, ...address }: KeyedAddress): AddressDraft => address;

/**
 * The server's own profile check, fetched when the shopper first reaches a field or button of the
 * form rather than with the page (it brings zod). Until it has arrived, or if it cannot be fetched,
 * Save simply lets the server check.
 */
type ProfileCheck = typeof import("../../../workers/services/address.schema")["checkProfile"];
let profileCheck: ProfileCheck | undefined;
let loadingProfileCheck = false;
const loadProfileCheck = () => {
  if (profileCheck || loadingProfileCheck) return;
  loadingProfileCheck = true;
  import("../../../workers/services/address.schema").then(
    (m) => (profileCheck = m.checkProfile),
    () => (loadingProfileCheck = false),
  );
};

const focusInput = (form: HTMLFormElement | null, name: string) =>
  form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();

/**
 * The profile's edit view (SPEC §2 "Profile"). It posts one multipart form whose intent is "save",
 * "add-address" or "remove-address:{i}": without JavaScript the server adds and removes addresses
 * in the draft it sends back; with JavaScript they happen here and only "save" is posted, after the
 * whole profile passes the same check the server makes (so a picture is not uploaded only to be
 * refused). Every refused field is flagged at once, and the first of them takes the focus.
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
  const [name, setName] = useState(draft.name);
  const [mobile, setMobile] = useState(draft.mobile);
  const [addresses, setAddresses] = useState(() => draft.addresses.map(keyed));
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

  function updateAddress(key: number, field: AddressField, value: string) {
    setAddresses((list) => list.map((a) => (a.key === key ? { ...a, [field]: value } : a)));
  }

  /** A complete PIN fills city and state; an unknown one (or a failed lookup) leaves both empty (SPEC §8). */
  async function fillFromPin(key: number, pin: string) {
    const answer = await lookupPincode(pin);
    if (!answer.ok) toast.error(answer.message);
    setAddresses((list) =>
      list.map((a) =>
        a.key === key && a.zipcode === pin ? { ...a, townCity: answer.ok ? answer.district : "", state: answer.ok ? answer.state : "" } : a,
      ),
    );
  }

  function changeAddress(key: number, index: number, field: AddressField, raw: string) {
    let value = raw;
    if (field === "phoneNumber") value = mobileWhileTyping(raw);
    if (field === "zipcode") value = raw.replace(/\D/g, "").slice(0, 6);
    updateAddress(key, field, value);
    clearErrorFor(addressFieldName(index, field));
    if (field === "zipcode" && value.length === 6) void fillFromPin(key, value);
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
    const check = profileCheck({ name, mobile, addresses: addresses.map(withoutKey) });
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
      onSubmit={checkBeforeSaving}
    >
      <FormMessage message={refusal?.message} besideField={Object.keys(refusal?.inputs ?? {}).length > 0} answer={refusal} />
      {/* Enter in any field saves: the first submit button in the form is the one Enter presses. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />

      <fieldset className="profile-form__section">
        <legend>Your details</legend>
        <PhotoPicker name={name} current={avatar} rule={photoRule} />
        <div className="profile-form__grid">
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            error={errorFor("name")}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearErrorFor("name");
            }}
          />
          <Field
            label="Mobile"
            name="mobile"
            type="tel"
            autoComplete="tel"
            value={mobile}
            error={errorFor("mobile")}
            onChange={(event) => {
              setMobile(mobileWhileTyping(event.currentTarget.value));
              clearErrorFor("mobile");
            }}
          />
          <Field label="Email" name="email" type="email" value={email} readOnly hint="Your e-mail address cannot be changed here." />
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
            onChange={(field, value) => changeAddress(address.key, index, field, value)}
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
