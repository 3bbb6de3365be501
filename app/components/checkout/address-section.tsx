import { useRef, useState } from "react";
import { INVALID_PIN } from "../../../workers/services/address.rules";
import type { Address } from "../../../workers/services/addresses";
import { mobileWhileTyping } from "../../../workers/services/mobile.rules";
import { Field } from "../forms/fields";
import { lookupPincode } from "../profile/pincode-lookup";
import { useToast } from "../toast/toast";
import { ADDRESS_FIELDS, type AddressField, type AddressValues, checkoutMessages, NEW_ADDRESS } from "./checkout.rules";

const INPUTS: Record<AddressField, React.InputHTMLAttributes<HTMLInputElement>> = {
  fullName: { autoComplete: "name", maxLength: 100 },
  streetAddress: { autoComplete: "address-line1", maxLength: 200 },
  apartment: { autoComplete: "address-line2", maxLength: 200 },
  zipcode: { autoComplete: "postal-code", inputMode: "numeric", maxLength: 6 },
  townCity: { autoComplete: "address-level2", maxLength: 80 },
  state: { autoComplete: "address-level1", maxLength: 80 },
  phoneNumber: { type: "tel", autoComplete: "tel", maxLength: 20 },
  emailAddress: { type: "email", autoComplete: "email", inputMode: "email", maxLength: 254 },
};

/** One saved address as one line of text. */
const describe = (a: Address) => [a.streetAddress, a.apartment, a.townCity, `${a.state} ${a.zipcode}`].filter(Boolean).join(", ");

/**
 * Where the order goes (SPEC §2 "Checkout"): her saved addresses as a radio group, the first chosen,
 * and "Add a new address", whose form shows only while it is chosen (CSS :has, so without JavaScript
 * too; a browser without :has shows it always). A guest has only the form; its e-mail address is where
 * her confirmation goes. A 6-digit PIN fills city and state (SPEC §5).
 */
export function AddressSection({
  addresses,
  guest,
  initial,
  chosen,
  errors,
  onEdit,
}: {
  addresses: Address[];
  guest: boolean;
  initial: Partial<AddressValues>;
  /** The radio chosen when the page is drawn: the first saved address unless the answer says otherwise. */
  chosen?: string;
  errors: Partial<Record<AddressField, string>>;
  /** A field was changed: its message can go. */
  onEdit: (field: AddressField) => void;
}) {
  const toast = useToast();
  const [values, setValues] = useState<AddressValues>(
    () => Object.fromEntries(ADDRESS_FIELDS.map(([f]) => [f, initial[f] ?? ""])) as AddressValues,
  );
  const [pin, setPin] = useState<{ ok: boolean; text: string } | null>(null);
  const asked = useRef("");
  const saved = addresses.length > 0;

  async function fillFromPin(code: string) {
    asked.current = code;
    const answer = await lookupPincode(code);
    if (asked.current !== code) return; // she typed another PIN meanwhile
    const text = answer.ok ? checkoutMessages.pinVerified : answer.message === INVALID_PIN ? checkoutMessages.pinInvalid : answer.message;
    setPin({ ok: answer.ok, text });
    (answer.ok ? toast.success : toast.error)(text);
    setValues((v) => ({ ...v, townCity: answer.ok ? answer.district : "", state: answer.ok ? answer.state : "" }));
    if (answer.ok) {
      onEdit("townCity");
      onEdit("state");
    }
  }

  function change(field: AddressField, raw: string) {
    let value = raw;
    if (field === "phoneNumber") value = mobileWhileTyping(raw);
    if (field === "zipcode") {
      value = raw.replace(/\D/g, "").slice(0, 6);
      setPin(null);
      asked.current = "";
      if (value.length === 6) void fillFromPin(value);
    }
    setValues((v) => ({ ...v, [field]: value }));
    onEdit(field);
  }

  const form = (
    <fieldset className="checkout-card new-address" aria-describedby={guest ? "guest-email-note" : undefined}>
      <legend>{saved ? "Add a new address" : "Delivery address"}</legend>
      {guest && (
        <p id="guest-email-note" className="field__hint">
          Your order confirmation and its link are sent to the e-mail address you give here.
        </p>
      )}
      <div className="new-address__grid">
        {ADDRESS_FIELDS.map(([field, label]) => (
          <Field
            key={field}
            {...INPUTS[field]}
            label={label}
            name={field}
            className={`new-address__${field}`}
            value={values[field]}
            error={errors[field] ?? (field === "zipcode" && pin && !pin.ok ? pin.text : undefined)}
            hint={field === "zipcode" && pin?.ok ? pin.text : undefined}
            onChange={(event) => change(field, event.currentTarget.value)}
          />
        ))}
      </div>
      {!guest && (
        <label className="checkout-check">
          <input type="checkbox" name="saveAddress" defaultChecked />
          Save this address to my profile
        </label>
      )}
    </fieldset>
  );

  if (!saved) return form;
  return (
    <div className="checkout-addresses">
      <fieldset className="checkout-card">
        <legend>Delivery address</legend>
        <div className="checkout-choices">
          {addresses.map((a, i) => (
            <label key={a.id} className="checkout-choice">
              <input type="radio" name="addressId" value={a.id} defaultChecked={chosen ? chosen === String(a.id) : i === 0} />
              <span>
                <strong>{a.fullName}</strong>
                <span className="checkout-choice__detail">{describe(a)}</span>
                <span className="checkout-choice__detail">Phone: {a.phoneNumber}</span>
              </span>
            </label>
          ))}
          <label className="checkout-choice">
            <input type="radio" name="addressId" value={NEW_ADDRESS} id="address-new" defaultChecked={chosen === NEW_ADDRESS} />
            <span>
              <strong>Add a new address</strong>
            </span>
          </label>
        </div>
      </fieldset>
      {form}
    </div>
  );
}
