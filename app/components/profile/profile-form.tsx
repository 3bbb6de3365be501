import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { MAX_ADDRESSES, normalisePhoneInput } from "../../../workers/services/address.rules";
import { Field, SubmitButton } from "../forms/fields";
import { useToast } from "../toast/toast";
import { AddressFieldset } from "./address-fieldset";
import { PhotoPicker, type PhotoRule } from "./photo-picker";
import { lookupPincode } from "./pincode-lookup";
import { type AddressDraft, type AddressField, addressFieldName, emptyAddress, type ProfileDraft } from "./profile-draft";

/** A message and the input (by name) it is about, if any. */
export interface FormError {
  message: string;
  input?: string;
}

type KeyedAddress = AddressDraft & { key: number };

let nextKey = 1;
const keyed = (address: AddressDraft): KeyedAddress => ({ ...address, key: nextKey++ });
const withoutKey = ({ key: _key, ...address }: KeyedAddress): AddressDraft => address;

/**
 * The server's own address check, fetched when the shopper first reaches a field or button of the
 * form rather than with the page (it brings zod). Until it has arrived, or if it cannot be fetched,
 * Save simply lets the server check.
 */
type AddressCheck = typeof import("../../../workers/services/address.schema")["validateProfileAddresses"];
let addressCheck: AddressCheck | undefined;
let loadingAddressCheck = false;
const loadAddressCheck = () => {
  if (addressCheck || loadingAddressCheck) return;
  loadingAddressCheck = true;
  import("../../../workers/services/address.schema").then(
    (m) => (addressCheck = m.validateProfileAddresses),
    () => (loadingAddressCheck = false),
  );
};

const focusInput = (form: HTMLFormElement | null, name: string) =>
  form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();

/**
 * The profile's edit view (SPEC §2 "Profile"). It posts one multipart form whose intent is "save",
 * "add-address" or "remove-address:{i}": without JavaScript the server adds and removes addresses
 * in the draft it sends back; with JavaScript they happen here and only "save" is posted, after the
 * addresses pass the same check the server makes (so a picture is not uploaded only to be refused).
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
  const [error, setError] = useState(serverError);
  // An object, so asking twice for the same input still focuses it.
  const [focusAfterRender, setFocusAfterRender] = useState<{ input: string } | null>(null);

  useEffect(() => {
    setError(serverError);
    if (serverError?.input) focusInput(formRef.current, serverError.input);
  }, [serverError]);

  useEffect(() => {
    if (focusAfterRender) focusInput(formRef.current, focusAfterRender.input);
  }, [focusAfterRender]);

  const errorFor = (input: string) => (error?.input === input ? error.message : undefined);
  const clearErrorFor = (input: string) => setError((current) => (current?.input === input ? undefined : current));

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
    if (field === "phoneNumber") value = normalisePhoneInput(raw);
    if (field === "zipcode") value = raw.replace(/\D/g, "").slice(0, 6);
    updateAddress(key, field, value);
    clearErrorFor(addressFieldName(index, field));
    if (field === "zipcode" && value.length === 6) void fillFromPin(key, value);
  }

  function addAddress() {
    const address = keyed(emptyAddress());
    setAddresses((list) => [...list, address]);
    setError(undefined);
    setFocusAfterRender({ input: addressFieldName(addresses.length, "fullName") });
  }

  function removeAddress(key: number) {
    setAddresses((list) => list.filter((a) => a.key !== key));
    setError(undefined);
    addButton.current?.focus();
  }

  function checkBeforeSaving(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "save" || !addressCheck) return;
    const check = addressCheck(addresses.map(withoutKey));
    if (check.ok) return;
    event.preventDefault();
    const input = check.field ? addressFieldName(check.index, check.field as AddressField) : undefined;
    setError({ message: check.message, input });
    toast.error(check.message);
    if (input) focusInput(formRef.current, input);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      replace
      noValidate
      ref={formRef}
      className="profile-form"
      onFocus={loadAddressCheck}
      onSubmit={checkBeforeSaving}
    >
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
            inputMode="numeric"
            autoComplete="tel-national"
            value={mobile}
            error={errorFor("mobile")}
            onChange={(event) => {
              setMobile(normalisePhoneInput(event.currentTarget.value));
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
            error={errorAt(error, index)}
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
        <Link to="/profile" className="button button--secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** The error of one address fieldset, if the message is about one of its inputs. */
function errorAt(error: FormError | undefined, index: number): { field: AddressField; message: string } | undefined {
  const prefix = `addresses[${index}].`;
  if (!error?.input?.startsWith(prefix)) return undefined;
  return { field: error.input.slice(prefix.length) as AddressField, message: error.message };
}
