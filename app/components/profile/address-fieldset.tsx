import { Field } from "../forms/fields";
import { type AddressDraft, type AddressField, addressFieldName } from "./profile-draft";

const FIELDS: Record<AddressField, { label: string } & React.InputHTMLAttributes<HTMLInputElement>> = {
  fullName: { label: "Full Name", autoComplete: "name" },
  streetAddress: { label: "Street Address", autoComplete: "address-line1" },
  apartment: { label: "Apartment, suite, area (optional)", autoComplete: "address-line2" },
  zipcode: { label: "PIN Code", autoComplete: "postal-code", inputMode: "numeric", maxLength: 6 },
  townCity: { label: "City/Town", autoComplete: "address-level2" },
  state: { label: "State", autoComplete: "address-level1" },
  phoneNumber: { label: "Phone Number", type: "tel", autoComplete: "tel" },
  emailAddress: { label: "Email Address", type: "email", autoComplete: "email" },
};

/**
 * One address of the profile form, its inputs uncontrolled (the form reads and tidies them).
 * "Remove" is a submit button so it works without JavaScript (the action drops the address from
 * the draft); with JavaScript `onRemove` does it in place.
 */
export function AddressFieldset({
  index,
  address,
  errors,
  onRemove,
}: {
  index: number;
  /** The values its inputs start from. */
  address: AddressDraft;
  /** The messages about this address's fields. */
  errors: Partial<Record<AddressField, string>>;
  onRemove: () => void;
}) {
  const number = index + 1;
  return (
    <fieldset className="address-fieldset">
      <legend>Address {number}</legend>
      <div className="address-fieldset__grid">
        {(Object.keys(FIELDS) as AddressField[]).map((field) => {
          const { label, ...input } = FIELDS[field];
          return (
            <Field
              key={field}
              {...input}
              label={label}
              name={addressFieldName(index, field)}
              className={`address-fieldset__${field}`}
              defaultValue={address[field]}
              error={errors[field]}
            />
          );
        })}
      </div>
      <button
        type="submit"
        name="intent"
        value={`remove-address:${index}`}
        className="button button--secondary address-fieldset__remove"
        onClick={(event) => {
          event.preventDefault();
          onRemove();
        }}
      >
        Remove<span className="visually-hidden"> address {number}</span>
      </button>
    </fieldset>
  );
}
