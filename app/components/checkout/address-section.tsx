import { useEffect, useRef, useState } from "react";
import type { Address } from "../../../workers/services/accounts/addresses";
import { mobileWhileTyping } from "../../../workers/services/accounts/mobile.rules";
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
 * Where the order goes (docs/product/orders.md): her saved addresses as a radio group, the first chosen,
 * and "Add a new address", whose form shows only while it is chosen (CSS :has, so without JavaScript
 * too; a browser without :has shows it always). A guest has only the form; its e-mail address is where
 * her confirmation goes. A 6-digit PIN fills city and state (docs/product/orders.md).
 */
export function AddressSection({
  addresses,
  guest,
  initial,
  chosen,
  saveAddress = true,
  errors,
  onEdit,
}: {
  addresses: Address[];
  guest: boolean;
  initial: Partial<AddressValues>;
  /** The radio chosen when the page is drawn: the first saved address unless the answer says otherwise. */
  chosen?: string;
  /** Whether "Save this address to my profile" starts ticked. */
  saveAddress?: boolean;
  errors: Partial<Record<AddressField, string>>;
  /** A field was changed: its message can go. */
  onEdit: (field: AddressField) => void;
}) {
  const toast = useToast();
  const grid = useRef<HTMLDivElement>(null);
  const [pin, setPin] = useState<{ ok: boolean; text: string } | null>(null);
  const asked = useRef("");
  const saved = addresses.length > 0;

  /** The form's input for `field`: its DOM value is the one truth (typed before the script started too). */
  const input = (field: AddressField) => grid.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`) ?? null;

  async function fillFromPin(code: string, { quiet = false } = {}) {
    asked.current = code;
    const answer = await lookupPincode(code);
    if (asked.current !== code) return; // she typed another PIN meanwhile
    const text = answer.ok ? checkoutMessages.pinVerified : answer.message;
    setPin({ ok: answer.ok, text });
    if (!quiet) (answer.ok ? toast.success : toast.error)(text);
    const city = input("townCity");
    const state = input("state");
    if (city) city.value = answer.ok ? answer.district : "";
    if (state) state.value = answer.ok ? answer.state : "";
    if (answer.ok) {
      onEdit("townCity");
      onEdit("state");
    }
  }

  // A PIN typed before the script started is looked up now, unless City and State are already there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over the form.
  useEffect(() => {
    const code = input("zipcode")?.value.trim() ?? "";
    if (/^\d{6}$/.test(code) && (!input("townCity")?.value.trim() || !input("state")?.value.trim()))
      void fillFromPin(code, { quiet: true });
  }, []);

  function change(field: AddressField, element: HTMLInputElement) {
    if (field === "phoneNumber") {
      const tidy = mobileWhileTyping(element.value);
      if (tidy !== element.value) element.value = tidy;
    }
    if (field === "zipcode") {
      const digits = element.value.replace(/\D/g, "").slice(0, 6);
      if (digits !== element.value) element.value = digits;
      setPin(null);
      asked.current = "";
      if (digits.length === 6) void fillFromPin(digits);
    }
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
      <div className="new-address__grid" ref={grid}>
        {ADDRESS_FIELDS.map(([field, label]) => (
          <Field
            key={field}
            {...INPUTS[field]}
            label={label}
            name={field}
            className={`new-address__${field}`}
            defaultValue={initial[field] ?? ""}
            error={errors[field] ?? (field === "zipcode" && pin && !pin.ok ? pin.text : undefined)}
            hint={field === "zipcode" && pin?.ok ? pin.text : undefined}
            onChange={(event) => change(field, event.currentTarget)}
          />
        ))}
      </div>
      {!guest && (
        <label className="checkout-check">
          <input type="checkbox" name="saveAddress" defaultChecked={saveAddress} />
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
