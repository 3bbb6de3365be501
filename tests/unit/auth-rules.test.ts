import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../workers/services/accounts/auth.rules";
import {
  emailField,
  isCommonPassword,
  loginSchema,
  mobileField,
  nameField,
  newPassword,
  otpField,
  RESET_TOKEN,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  safeRedirect,
  verifyOtpSchema,
} from "../../workers/services/accounts/auth.schema";
import { mobileWhileTyping, normaliseMobile } from "../../workers/services/accounts/mobile.rules";
import { fieldErrors } from "../../workers/services/platform/fields.schema";

const RULE = "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char";
const COMMON = "This password is too common. Please choose one that is harder to guess.";

/** Any zod schema, full or "mini". */
interface Schema<T = unknown> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
}

/** The first issue's message, or null when the input is accepted. */
function firstMessage(schema: Schema, input: unknown): string | null {
  const r = schema.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? "");
}

/** Every issue's message: one for a field that stops at its first failed check. */
function allMessages(schema: Schema, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** The parsed value; fails the test when the input is refused. */
function parsed<T>(schema: Schema<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(`refused ${JSON.stringify(input)}: ${r.error.issues[0]?.message}`);
  return r.data;
}

const validRegistration = {
  name: "Asha Verma",
  email: "asha@example.com",
  mobile: "9876543210",
  password: "Kesar@Chai9",
  confirmPassword: "Kesar@Chai9",
};

describe("email", () => {
  it("trims and lower-cases the address", () => {
    expect(parsed(emailField, "  Asha.Verma@Example.COM ")).toBe("asha.verma@example.com");
  });

  it.each(["", "asha", "asha@example", "asha @example.com", "@example.com", "asha@.com x", null, 42])(
    "refuses %j with the rule's message",
    (email) => {
      expect(firstMessage(emailField, email)).toBe("Enter a valid email");
    },
  );

  it("refuses an address longer than 254 characters", () => {
    const long = `${"a".repeat(250)}@example.com`;
    expect(firstMessage(emailField, long)).toBe("Enter a valid email");
  });

  it("stops at the length for a huge address, before the pattern (whose cost grows with the length) runs", () => {
    // The shape that makes the pattern backtrack: "a@" and many dots, never a match.
    expect(allMessages(emailField, `a@${".".repeat(100_000)} x`)).toEqual(["Enter a valid email"]);
  });

  it("shows the email message first on sign-in with a bad address", () => {
    expect(firstMessage(loginSchema, { email: "not-an-email", password: "x" })).toBe("Enter a valid email");
  });
});

describe("password on sign-in", () => {
  it("requires a password", () => {
    expect(firstMessage(loginSchema, { email: "asha@example.com", password: "" })).toBe("Password is required");
    expect(firstMessage(loginSchema, { email: "asha@example.com" })).toBe("Password is required");
  });

  it("accepts any existing password, even one that would fail the new-password rule", () => {
    expect(parsed(loginSchema, { email: "Asha@Example.com", password: "abc" })).toEqual({
      email: "asha@example.com",
      password: "abc",
    });
  });
});

describe("new password", () => {
  it("requires a password", () => {
    expect(firstMessage(newPassword, "")).toBe("Password is required");
    expect(firstMessage(newPassword, undefined)).toBe("Password is required");
  });

  it.each(["Ab1@x", "kesar@chai9", "KESAR@CHAI9", "Kesar@Chaii", "KesarChai9", "Kesar Chai9", "KesarChaié9", "Kesar\u0967Chai9"])(
    "refuses %j with the character-rule message (a space, a letter or a digit of another script is not a special character)",
    (pw) => {
      expect(firstMessage(newPassword, pw)).toBe(RULE);
    },
  );

  it.each([
    "Priya#2024",
    "Kesar~Chai9",
    "Kesar_Chai9",
    "Kesar.Chai9",
    "Kesar-Chai9",
    "Kesar^Chai9",
    "Kesar(Chai9",
    "Kesar/Chai9",
    "Kesar₹Chai9",
  ])("counts any special character, not only the six of the old rule: accepts %j", (pw) => {
    expect(parsed(newPassword, pw)).toBe(pw);
    expect(parsed(resetPasswordFormSchema, { password: pw, confirmPassword: pw })).toEqual({ password: pw, confirmPassword: pw });
    expect(registerSchema.safeParse({ ...validRegistration, password: pw }).success).toBe(true);
  });

  it("accepts a strong password unchanged", () => {
    expect(parsed(newPassword, "Kesar@Chai9")).toBe("Kesar@Chai9");
    expect(parsed(newPassword, "Ab1@xy")).toBe("Ab1@xy");
  });

  it.each(["Password@123", "India@2024", "Qwerty@1", "Aanchal@1", "P@ssw0rd1"])(
    "refuses the common password %j although it meets the character rule",
    (pw) => {
      expect(firstMessage(newPassword, pw)).toBe(COMMON);
    },
  );

  it("exports the common-password message the forms show", () => {
    expect(COMMON_PASSWORD_MESSAGE).toBe(COMMON);
  });

  it("refuses passwords over 128 characters", () => {
    const long = `Kesar@Chai9${"x".repeat(118)}`;
    expect(long).toHaveLength(129);
    expect(firstMessage(newPassword, long)).toBe("Password must be at most 128 characters");
    expect(parsed(newPassword, long.slice(0, 128))).toHaveLength(128);
  });

  it("reports only the length for a huge password: the rule and the common-word scan never run on it", () => {
    expect(allMessages(newPassword, `Aa1@${"a".repeat(200_000)}b`)).toEqual(["Password must be at most 128 characters"]);
    expect(allMessages(newPassword, "weak")).toEqual([RULE]);
  });
});

describe("isCommonPassword", () => {
  it.each(["Indi@2024", "Shiv@123", "Krishn@1", "Welcom3!", "@Dmin123"])("sees through a look-alike at the edge of %s", (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each(["Password@123", "P@ssw0rd!", "India@2024", "Qwerty@1", "Aanchal@1", "Welcome@2025", "Adm1n@123", "Pa$$word1"])(
    "refuses %j",
    (pw) => {
      expect(isCommonPassword(pw)).toBe(true);
    },
  );

  it.each(["Aaaaaa1!", "Bbbbbbb@2", "zzzzzzzz9!"])("refuses the single-letter repeat %j", (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each(["12345678", "123456", "@@@@!!!!", "2024@2025"])("refuses %j (no letters at all)", (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each(["Kesar@Chai9", "Gulab$Jamun7", "Neem!Tree42", "Chandni#Raat5"])("accepts the strong password %j", (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });

  it("ignores case and Unicode compatibility forms", () => {
    expect(isCommonPassword("PASSWORD@123")).toBe(true);
    // Full-width letters normalise (NFKC) to plain ASCII "Password".
    expect(isCommonPassword("\uFF30\uFF41\uFF53\uFF53\uFF57\uFF4F\uFF52\uFF44@1")).toBe(true);
  });
});

describe("name", () => {
  it("trims and collapses inner whitespace", () => {
    expect(parsed(nameField, "  Kavya \t Rani\n  Iyer  ")).toBe("Kavya Rani Iyer");
  });

  it("requires a name", () => {
    expect(firstMessage(nameField, "   ")).toBe("Name is required");
    expect(firstMessage(nameField, undefined)).toBe("Name is required");
  });

  it("caps the name at 100 characters, counted after collapsing whitespace", () => {
    expect(parsed(nameField, "a".repeat(100))).toHaveLength(100);
    expect(firstMessage(nameField, "a".repeat(101))).toBe("Name must be at most 100 characters");
    // 50 + 1 + 49 = 100 once the run of spaces is collapsed.
    expect(parsed(nameField, `${"a".repeat(50)}          ${"b".repeat(49)}`)).toHaveLength(100);
  });
});

describe("mobile", () => {
  // The ways shoppers in India write their number, all kept as the same 10 digits.
  it.each([
    ["+91 98765 43210", "9876543210"],
    ["+919876543210", "9876543210"],
    ["+91-98765-43210", "9876543210"],
    ["91 98765 43210", "9876543210"],
    ["919876543210", "9876543210"],
    ["098765 43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["98765-43210", "9876543210"],
    ["(+91) 98765.43210", "9876543210"],
    [" 9876543210 ", "9876543210"],
    ["9198765432", "9198765432"],
    ["6000000000", "6000000000"],
  ])("accepts %j as %j", (input, expected) => {
    expect(parsed(mobileField, input)).toBe(expected);
    expect(normaliseMobile(input.trim())).toBe(expected);
  });

  it.each([
    "5876543210",
    "0987654321",
    "987654321",
    "98765432101",
    "98765abcde",
    "+1 9876543210",
    "+92 9876543210",
    "0091 98765 43210",
    "00 9876543210",
    "9191 9876543210",
    `+91${"9".repeat(100_000)}`,
    "",
    null,
  ])("refuses %j", (input) => {
    expect(firstMessage(mobileField, input)).toBe("Enter a valid 10-digit mobile number");
  });

  it("keeps digits and the start of +91 while typing, up to 12 digits (91 or 0 and the number)", () => {
    expect(mobileWhileTyping("+91 98765-43210")).toBe("+919876543210");
    expect(mobileWhileTyping("98a76")).toBe("9876");
    expect(mobileWhileTyping("+")).toBe("+");
    expect(mobileWhileTyping("+9")).toBe("+9");
    expect(mobileWhileTyping("+44 20")).toBe("4420");
    expect(mobileWhileTyping("98+91")).toBe("9891");
    expect(mobileWhileTyping("91 98765 43210 5")).toBe("919876543210");
    expect(mobileWhileTyping("0 98765 43210")).toBe("09876543210");
  });
});

describe("sign-up code", () => {
  it("accepts exactly six digits, trimmed", () => {
    expect(parsed(otpField, "123456")).toBe("123456");
    expect(parsed(otpField, " 123456 ")).toBe("123456");
    const verificationToken = "a".repeat(43);
    expect(parsed(verifyOtpSchema, { email: " A@B.in ", otp: "000000", verificationToken })).toEqual({
      email: "a@b.in",
      otp: "000000",
      verificationToken,
    });
  });

  it("needs the sign-up's own verification token beside the code", () => {
    for (const verificationToken of [undefined, "", "short", "a".repeat(44), `${"a".repeat(42)}.`]) {
      expect(firstMessage(verifyOtpSchema, { email: "a@b.in", otp: "000000", verificationToken })).toBe(
        "Your sign-up has timed out. Please create your account again.",
      );
    }
  });

  it.each(["12345", "1234567", "12a456", "12 456", "", "١٢٣٤٥٦", 123456])("refuses %j", (otp) => {
    expect(firstMessage(otpField, otp)).toBe("Enter the 6-digit code from your email");
  });
});

describe("registration and reset forms", () => {
  it("accepts a complete registration and normalises its fields", () => {
    const data = parsed(registerFormSchema, {
      ...validRegistration,
      name: "  Asha   Verma ",
      email: " ASHA@Example.com",
      mobile: "+91 98765 43210",
    });
    expect(data).toMatchObject({ name: "Asha Verma", email: "asha@example.com", mobile: "9876543210" });
  });

  it("refuses a mismatched confirmation on confirmPassword", () => {
    const r = registerFormSchema.safeParse({ ...validRegistration, confirmPassword: "Kesar@Chai8" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Passwords do not match");
    expect(r.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });

  it("refuses a mismatched confirmation on the reset form", () => {
    const r = resetPasswordFormSchema.safeParse({ password: "Gulab$Jamun7", confirmPassword: "gulab$jamun7" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Passwords do not match");
    expect(r.error?.issues[0]?.path).toEqual(["confirmPassword"]);
    expect(parsed(resetPasswordFormSchema, { password: "Gulab$Jamun7", confirmPassword: "Gulab$Jamun7" })).toEqual({
      password: "Gulab$Jamun7",
      confirmPassword: "Gulab$Jamun7",
    });
  });

  it("reports every refused field at once, the confirmation included, each with its first message", () => {
    const r = registerFormSchema.safeParse({ name: " ", email: "asha@", mobile: "12345", password: "weak", confirmPassword: "other" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error?.issues ?? [])).toEqual({
      name: "Name is required",
      email: "Enter a valid email",
      mobile: "Enter a valid 10-digit mobile number",
      password: RULE,
      confirmPassword: "Passwords do not match",
    });
    const reset = resetPasswordFormSchema.safeParse({ password: "", confirmPassword: "x" });
    expect(fieldErrors(reset.error?.issues ?? [])).toEqual({ password: "Password is required", confirmPassword: "Passwords do not match" });
    expect(fieldErrors(registerFormSchema.safeParse(null).error?.issues ?? [])).toEqual({});
  });

  it("refuses a common password at sign-up on the password field", () => {
    const r = registerSchema.safeParse({ ...validRegistration, password: "India@2024" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(COMMON);
    expect(r.error?.issues[0]?.path).toEqual(["password"]);
  });
});

describe("safeRedirect", () => {
  it.each(["/", "/profile", "/search?query=silk", "/a/b#c", "/products/silk-saree?size=M&colour=red"])(
    "keeps the same-site path %j",
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );

  it.each([
    "https://evil.example",
    "http://evil.example/profile",
    "//evil.example",
    "//evil.example/profile",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    "/a\\b",
    "/\tevil",
    "/\n/evil.example",
    "/profile\r\nSet-Cookie: x=1",
    "/\u0000",
  ])("falls back to / for %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it.each([undefined, null, 42, { pathname: "/profile" }, ["/profile"]])("falls back for the non-string %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("https://evil.example", "/profile")).toBe("/profile");
    expect(safeRedirect(undefined, "/cart")).toBe("/cart");
    expect(safeRedirect("/search", "/profile")).toBe("/search");
  });

  it("refuses over-long values", () => {
    const max = `/${"a".repeat(999)}`;
    expect(safeRedirect(max)).toBe(max);
    expect(safeRedirect(`${max}a`)).toBe("/");
  });
});

describe("RESET_TOKEN", () => {
  it("accepts a token minted as 32 random bytes in base64url", () => {
    for (let i = 0; i < 20; i++) expect(RESET_TOKEN.test(randomBytes(32).toString("base64url"))).toBe(true);
    expect(RESET_TOKEN.test(`${"A".repeat(20)}-_${"z9".repeat(10)}b`)).toBe(true);
  });

  it.each([
    ["42 characters", "A".repeat(42)],
    ["44 characters", "A".repeat(44)],
    ["padding", `${"A".repeat(42)}=`],
    ["standard base64 +", `${"A".repeat(42)}+`],
    ["standard base64 /", `${"A".repeat(42)}/`],
    ["a dot", `${"A".repeat(42)}.`],
    ["a trailing newline", `${"A".repeat(43)}\n`],
    ["empty", ""],
  ])("refuses %s", (_label, token) => {
    expect(RESET_TOKEN.test(token)).toBe(false);
  });
});
