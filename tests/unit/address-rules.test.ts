import { describe, expect, it } from "vitest";
import {
  addressSchema,
  checkoutAddressSchema,
  checkProfile,
  validateProfileAddresses,
} from "../../workers/services/accounts/address.schema";

const good = {
  fullName: "Asha Rao",
  streetAddress: "12 MG Road",
  apartment: "Flat 4B",
  townCity: "Bengaluru",
  state: "Karnataka",
  zipcode: "560001",
  phoneNumber: "9876543210",
  emailAddress: "asha@example.com",
};

const firstMessage = (schema: typeof addressSchema | typeof checkoutAddressSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("profile address list", () => {
  it("reports every blank required field with its label and 1-based position", () => {
    const cases: [keyof typeof good, string][] = [
      ["fullName", "Full Name"],
      ["streetAddress", "Street Address"],
      ["townCity", "City/Town"],
      ["state", "State"],
      ["zipcode", "PIN Code"],
      ["phoneNumber", "Phone Number"],
      ["emailAddress", "Email Address"],
    ];
    for (const [field, label] of cases) {
      expect(validateProfileAddresses([good, { ...good, [field]: "   " }])).toEqual({
        ok: false,
        message: `Address 2: ${label} is required`,
        fields: { [`addresses.1.${field}`]: `${label} is required` },
      });
    }
  });

  it("reports every bad field of every address; the message is the first, with its position", () => {
    const bad1 = { ...good, fullName: "", state: "", zipcode: "12" };
    const bad2 = { ...good, streetAddress: "" };
    expect(validateProfileAddresses([good, bad1, bad2])).toEqual({
      ok: false,
      message: "Address 2: Full Name is required",
      fields: {
        "addresses.1.fullName": "Full Name is required",
        "addresses.1.state": "State is required",
        "addresses.1.zipcode": "PIN Code must be 6 digits",
        "addresses.2.streetAddress": "Street Address is required",
      },
    });
    expect(validateProfileAddresses([{ ...good, zipcode: "12", emailAddress: "x" }, bad2])).toMatchObject({
      message: "Address 1: PIN Code must be 6 digits",
    });
  });

  it("needs a 6-digit PIN", () => {
    for (const zipcode of ["56000", "5600011", "56000a", "560 001"]) {
      expect(validateProfileAddresses([{ ...good, zipcode }])).toMatchObject({
        message: "Address 1: PIN Code must be 6 digits",
        fields: { "addresses.0.zipcode": "PIN Code must be 6 digits" },
      });
    }
  });

  it("accepts an Indian mobile as shoppers write it (+91, 91 or 0 before it, spaces, dashes), and keeps the 10 digits", () => {
    for (const phoneNumber of ["9876543210", "+919876543210", "+91 98765-43210", "919876543210", "09876543210", " 6000000000 "]) {
      const result = validateProfileAddresses([{ ...good, phoneNumber }]);
      expect(result.ok, phoneNumber).toBe(true);
      if (result.ok) expect(result.addresses[0]?.phoneNumber).toBe(phoneNumber.replace(/\D/g, "").slice(-10));
    }
    for (const phoneNumber of ["5876543210", "987654321", "98765432101", "+9198765432", "98765abcde"]) {
      expect(validateProfileAddresses([{ ...good, phoneNumber }]), phoneNumber).toMatchObject({
        message: "Address 1: Enter a valid 10-digit Indian phone number",
        fields: { "addresses.0.phoneNumber": "Enter a valid 10-digit Indian phone number" },
      });
    }
  });

  it("needs an e-mail that looks like one", () => {
    for (const emailAddress of ["asha", "asha@", "asha@example", "a b@example.com", "@example.com"]) {
      expect(validateProfileAddresses([{ ...good, emailAddress }]), emailAddress).toMatchObject({
        message: "Address 1: Enter a valid email address",
      });
    }
  });

  it("trims everything, lower-cases the e-mail and leaves apartment optional", () => {
    const result = validateProfileAddresses([
      {
        fullName: "  Asha Rao ",
        streetAddress: " 12 MG Road ",
        townCity: " Bengaluru",
        state: "Karnataka ",
        zipcode: " 560001 ",
        phoneNumber: "+91 98765 43210",
        emailAddress: " Asha@Example.COM ",
        _id: "7",
        extra: "dropped",
      },
    ]);
    expect(result).toEqual({
      ok: true,
      addresses: [
        {
          fullName: "Asha Rao",
          streetAddress: "12 MG Road",
          apartment: "",
          townCity: "Bengaluru",
          state: "Karnataka",
          zipcode: "560001",
          phoneNumber: "9876543210",
          emailAddress: "asha@example.com",
        },
      ],
    });
  });

  it("reads non-objects and non-string fields as blank", () => {
    for (const entry of [null, undefined, 5, "address", [good]]) {
      expect(validateProfileAddresses([good, entry])).toMatchObject({
        message: "Address 2: Full Name is required",
        fields: { "addresses.1.fullName": "Full Name is required" },
      });
    }
    expect(validateProfileAddresses([{ ...good, zipcode: 560001 }])).toMatchObject({ message: "Address 1: PIN Code is required" });
    expect(validateProfileAddresses([{ ...good, phoneNumber: 9876543210 }])).toMatchObject({
      message: "Address 1: Phone Number is required",
    });
    const apartment = validateProfileAddresses([{ ...good, apartment: { x: 1 } }]);
    expect(apartment.ok && apartment.addresses[0]?.apartment).toBe("");
  });

  it("caps lengths", () => {
    const cases: [string, string, number][] = [
      ["fullName", "Full Name", 100],
      ["streetAddress", "Street Address", 200],
      ["apartment", "Apartment", 200],
      ["townCity", "City/Town", 80],
      ["state", "State", 80],
    ];
    for (const [field, label, max] of cases) {
      expect(validateProfileAddresses([{ ...good, [field]: "x".repeat(max) }]).ok, field).toBe(true);
      expect(validateProfileAddresses([{ ...good, [field]: "x".repeat(max + 1) }])).toMatchObject({
        message: `Address 1: ${label} is too long`,
        fields: { [`addresses.0.${field}`]: `${label} is too long` },
      });
    }
    const longEmail = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(longEmail).toHaveLength(255);
    expect(validateProfileAddresses([{ ...good, emailAddress: longEmail }])).toMatchObject({
      message: "Address 1: Email Address is too long",
    });
  });

  it("allows up to 10 addresses", () => {
    expect(validateProfileAddresses([]).ok).toBe(true);
    expect(validateProfileAddresses(Array(10).fill(good)).ok).toBe(true);
    expect(validateProfileAddresses(Array(11).fill(good))).toEqual({
      ok: false,
      message: "You can save up to 10 addresses.",
      fields: {},
    });
  });
});

describe("the whole profile", () => {
  it("accepts name, mobile and addresses, normalised", () => {
    expect(checkProfile({ name: " Asha  Rao ", mobile: "+91 98765 43210", addresses: [good] })).toEqual({
      ok: true,
      name: "Asha Rao",
      mobile: "9876543210",
      addresses: [good],
    });
    expect(checkProfile({ name: "Asha", mobile: "09876543210" })).toEqual({ ok: true, name: "Asha", mobile: "9876543210" });
  });

  it("flags the name, the mobile and every bad address field at once; the message is the first", () => {
    expect(checkProfile({ name: "", mobile: "12345", addresses: [good, { ...good, zipcode: "1", state: "" }] })).toEqual({
      ok: false,
      message: "Name is required",
      fields: {
        name: "Name is required",
        mobile: "Enter a valid 10-digit mobile number",
        "addresses.1.state": "State is required",
        "addresses.1.zipcode": "PIN Code must be 6 digits",
      },
    });
    expect(checkProfile({ name: "Asha", mobile: "9876543210", addresses: [{ ...good, state: "" }] })).toEqual({
      ok: false,
      message: "Address 1: State is required",
      fields: { "addresses.0.state": "State is required" },
    });
  });
});

describe("single address save schema", () => {
  it("uses the profile messages without the position prefix", () => {
    expect(firstMessage(addressSchema, {})).toBe("Full Name is required");
    expect(firstMessage(addressSchema, null)).toBe("Full Name is required");
    expect(firstMessage(addressSchema, { ...good, townCity: "" })).toBe("City/Town is required");
    expect(firstMessage(addressSchema, { ...good, zipcode: "1234" })).toBe("PIN Code must be 6 digits");
    expect(firstMessage(addressSchema, { ...good, phoneNumber: "12345" })).toBe("Enter a valid 10-digit Indian phone number");
    expect(firstMessage(addressSchema, { ...good, emailAddress: "nope" })).toBe("Enter a valid email address");
    expect(firstMessage(addressSchema, { ...good, fullName: "x".repeat(101) })).toBe("Full Name is too long");
  });
  it("ignores _id and id and normalises the output", () => {
    const parsed = addressSchema.parse({ ...good, _id: "abc", id: 9, phoneNumber: "+91-9876543210", emailAddress: "ASHA@example.com" });
    expect(parsed).toEqual({ ...good, phoneNumber: "9876543210", emailAddress: "asha@example.com" });
  });
});

describe("checkout address form", () => {
  it("uses the checkout messages, in the checkout's field order", () => {
    const blank = {
      fullName: "",
      apartment: "",
      streetAddress: "",
      townCity: "",
      state: "",
      zipcode: "",
      phoneNumber: "",
      emailAddress: "",
    };
    const expected: [keyof typeof good, string][] = [
      ["fullName", "Full Name is required"],
      ["apartment", "Road Name / Area / Colony is required"],
      ["streetAddress", "House No. / Building Name is required"],
      ["townCity", "City / District is required"],
      ["state", "State is required"],
      ["zipcode", "ZIP / PIN Code is required"],
      ["phoneNumber", "Enter a valid 10-digit Indian phone number"],
      ["emailAddress", "Enter a valid email address"],
    ];
    const result = checkoutAddressSchema.safeParse(blank);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => [i.path[0], i.message])).toEqual(expected);
  });
  it("checks PIN, phone and e-mail formats", () => {
    expect(firstMessage(checkoutAddressSchema, { ...good, zipcode: "56001" })).toBe("Enter a valid 6-digit PIN Code");
    expect(firstMessage(checkoutAddressSchema, { ...good, phoneNumber: "1234567890" })).toBe("Enter a valid 10-digit Indian phone number");
    expect(firstMessage(checkoutAddressSchema, { ...good, emailAddress: "a@b" })).toBe("Enter a valid email address");
  });
  it("accepts +91 and returns the normalised address", () => {
    expect(checkoutAddressSchema.parse({ ...good, phoneNumber: "+91 98765 43210", fullName: " Asha Rao " })).toEqual(good);
  });
});
