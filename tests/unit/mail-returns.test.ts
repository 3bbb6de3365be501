import { describe, expect, it } from "vitest";
import { renderMail } from "../../workers/services/platform/mail-templates";

/** The return request's mails: hers says what, why and what happens next; the shop's copy replies to her. */
const lines = [
  { name: "Indigo Dabu Kurti", color: "Indigo", size: "S", quantity: 1, exchangeSize: "M" },
  { name: "Rust <Palazzo> Set", color: "", size: "L", quantity: 2, exchangeSize: null },
];
const common = { orderNumber: 42, reason: "Too small", lines, until: "2026-12-04T10:00:00.000Z" };

describe("return request mails", () => {
  it("tells her what she sends back, why, and what happens next, for an exchange and a refund", () => {
    const mail = renderMail("return-requested", { ...common, name: "Asha Verma", link: "https://aanchal.in/thankyou?order=42" });
    expect(mail.subject).toBe("We have your return request for order #42");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Namaste Asha Verma,");
      expect(part).toContain("Too small");
      expect(part).toContain("exchange for size M");
      expect(part).toMatch(/set aside for you/);
      expect(part).toMatch(/7 to 10 working days/);
    }
    expect(mail.text).toContain("Indigo Dabu Kurti (Indigo, size S) x 1: exchange for size M");
    expect(mail.text).toContain("Rust <Palazzo> Set (size L) x 2: refund");
    expect(mail.html).toContain("Rust &lt;Palazzo&gt; Set");
    expect(mail.text.split("\n")).toContain("https://aanchal.in/thankyou?order=42");
  });

  it("leaves out what does not apply: no held size for a refund only, no link for a guest", () => {
    const mail = renderMail("return-requested", { ...common, lines: [lines[1]!], name: "Guest Gauri", link: null });
    expect(mail.text).not.toMatch(/set aside/);
    expect(mail.html).not.toContain("See your order");
  });

  it("gives the shop her details, the reason and the pieces, and replies to her", () => {
    const mail = renderMail("return-requested-shop", {
      ...common,
      customer: { name: "Asha Verma", email: "asha@example.com", phone: "9810012345" },
    });
    expect(mail.subject).toBe("Return requested: order #42, Too small");
    expect(mail.replyTo).toBe("asha@example.com");
    expect(mail.text).toContain("Customer: Asha Verma, asha@example.com, 9810012345");
    expect(mail.text).toContain("- Indigo Dabu Kurti (Indigo, size S) x 1: exchange for size M");
  });
});
