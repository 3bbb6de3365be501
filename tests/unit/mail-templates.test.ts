import { describe, expect, it } from "vitest";
import { CODE_RULES, RESET_RULES } from "../../workers/services/auth.rules";
import { renderMail } from "../../workers/services/mail-templates";
import { settings } from "../../workers/services/settings";

const LINK = "https://aanchal.in/reset-password?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";

describe("sign-up code mail", () => {
  const mail = renderMail("signup-code", { name: "Asha Verma", code: "482915", minutes: CODE_RULES.validMinutes });

  it("carries the code in the subject, the text and the HTML", () => {
    expect(mail.subject).toContain("482915");
    expect(mail.subject).toContain("Aanchal");
    expect(mail.text).toContain("482915");
    expect(mail.html).toContain("482915");
  });

  it("says the code is valid for 10 minutes", () => {
    expect(CODE_RULES.validMinutes).toBe(10);
    expect(mail.text).toContain("10 minutes");
    expect(mail.html).toContain("10 minutes");
  });

  it("greets the customer by name", () => {
    expect(mail.text).toContain("Namaste Asha Verma,");
    expect(mail.html).toContain("Namaste Asha Verma,");
  });
});

describe("password reset mail", () => {
  const mail = renderMail("password-reset", { name: "Asha Verma", link: LINK, minutes: RESET_RULES.validMinutes });

  it("carries the link in the text and as an href in the HTML", () => {
    expect(mail.subject).toBe("Reset your Aanchal password");
    expect(mail.text.split("\n")).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
  });

  it("says how long the link works", () => {
    expect(mail.text).toContain(`${RESET_RULES.validMinutes} minutes`);
    expect(mail.html).toContain(`${RESET_RULES.validMinutes} minutes`);
  });
});

describe("escaping", () => {
  const evilName = "<script>alert(1)</script>";

  it("escapes a hostile name in the HTML of the sign-up mail but keeps it plain in the text", () => {
    const mail = renderMail("signup-code", { name: evilName, code: "123456", minutes: 10 });
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain(`Namaste ${evilName},`);
  });

  it("escapes a hostile name and a quote in the link in the HTML of the reset mail", () => {
    const link = `https://aanchal.in/reset?token=abc" onclick="alert(1)`;
    const mail = renderMail("password-reset", { name: evilName, link, minutes: 60 });
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain(`" onclick="`);
    expect(mail.html).toContain(`href="https://aanchal.in/reset?token=abc&quot; onclick=&quot;alert(1)"`);
    expect(mail.text).toContain(`Namaste ${evilName},`);
    expect(mail.text.split("\n")).toContain(link);
  });

  it("escapes ampersands and apostrophes in names", () => {
    const mail = renderMail("signup-code", { name: "D'Souza & Sons", code: "123456", minutes: 10 });
    expect(mail.html).toContain("Namaste D&#39;Souza &amp; Sons,");
    expect(mail.text).toContain("Namaste D'Souza & Sons,");
  });
});

describe("branding", () => {
  it.each([
    ["sign-up", renderMail("signup-code", { name: "Asha", code: "111111", minutes: 10 })],
    ["reset", renderMail("password-reset", { name: "Asha", link: LINK, minutes: 60 })],
  ])("the %s mail shows the brand name and the store e-mail", (_kind, mail) => {
    expect(mail.html).toContain("Aanchal");
    expect(mail.html).toContain(settings.store.email);
    expect(mail.text).toContain(settings.store.email);
    expect(mail.html.startsWith("<!doctype html>")).toBe(true);
  });
});
