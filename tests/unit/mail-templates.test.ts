import { describe, expect, it } from "vitest";
import { SHIPPING } from "../../tooling/orders";
import { CODE_RULES, RESET_RULES } from "../../workers/services/accounts/auth.rules";
import { settings } from "../../workers/services/content/settings";
import type { OrderView } from "../../workers/services/orders/order-views";
import { type OrderMail, orderMail } from "../../workers/services/platform/mail-orders";
import { mailTemplates, renderMail } from "../../workers/services/platform/mail-templates";

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

describe("order mails", () => {
  const order: OrderMail = {
    orderNumber: 42,
    giftEligible: true,
    paymentMethod: "cashOnDelivery",
    couponCode: "WELCOME10",
    subtotalPaise: 3598_00,
    discountPaise: 359_80,
    shippingPaise: 100_00,
    totalPaise: 3338_20,
    lines: [
      { name: "Leheriya Cotton Kurti", color: "Rani Pink", size: "M", quantity: 2, unitPricePaise: 1299_00 },
      { name: "Block-print Anarkali", color: "Indigo", size: "XL", quantity: 1, unitPricePaise: 1000_00 },
    ],
    shipping: SHIPPING,
  };
  const link = "https://aanchal.in/thankyou?order=42&key=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";
  const GIFT = "Your order is among our first 100: a complimentary gift comes with it.";
  const bank: OrderMail = {
    ...order,
    orderNumber: 7,
    giftEligible: false,
    paymentMethod: "bank",
    couponCode: null,
    discountPaise: 0,
    totalPaise: 3698_00,
  };

  describe("the confirmation to the shopper", () => {
    const mail = renderMail("order-confirmation", { name: "Asha Verma", order, link });

    it("says the order is confirmed, by number, in the brand's name", () => {
      expect(mail.subject).toBe("Your Aanchal order #42 is confirmed");
      expect(mail.text).toContain("Namaste Asha Verma,");
      expect(mail.text).toContain("Your order #42 is confirmed.");
      expect(mail.html).toContain("<strong>#42</strong>");
    });

    it("lists every line with its colour, size, quantity and price", () => {
      expect(mail.text).toContain("- Leheriya Cotton Kurti (Rani Pink, size M) x 2: ₹2,598");
      expect(mail.text).toContain("- Block-print Anarkali (Indigo, size XL) x 1: ₹1,000");
      expect(mail.html).toContain("Leheriya Cotton Kurti (Rani Pink, size M) &times; 2");
    });

    it("gives items, the discount with its code, delivery, total and the payment method", () => {
      for (const line of [
        "Items: ₹3,598",
        "Discount (WELCOME10): -₹359.80",
        "Delivery: ₹100",
        "Total: ₹3,338.20",
        "Payment method: Cash on Delivery",
      ]) {
        expect(mail.text.split("\n"), line).toContain(line);
      }
      expect(mail.html).toContain("Discount (WELCOME10)");
      expect(mail.html).toContain("₹3,338.20");
      expect(mail.text).toContain("Please keep ₹3,338.20 ready");
    });

    it("carries the address, the gift note and the link to the order", () => {
      for (const part of Object.values(order.shipping)) {
        expect(mail.text, part).toContain(part);
        expect(mail.html, part).toContain(part);
      }
      expect(mail.text).toContain(GIFT);
      expect(mail.html).toContain(GIFT);
      expect(mail.text.split("\n")).toContain(link);
      expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    });

    it("has no discount line and no gift note when there are none, and says an online payment is received", () => {
      const plain = renderMail("order-confirmation", { name: "Asha", order: bank, link });
      expect(plain.subject).toBe("Your Aanchal order #7 is confirmed");
      expect(plain.text).not.toContain("Discount");
      expect(plain.html).not.toContain("Discount");
      expect(plain.text).not.toContain(GIFT);
      expect(plain.text).toContain("Payment method: Bank / UPI / Wallets");
      expect(plain.text).toContain("Your payment has been received.");
      expect(plain.text).toContain("Total: ₹3,698");
    });

    it("keeps its link secret in the outbox", () => {
      expect(mailTemplates["order-confirmation"].secret).toEqual(["link"]);
    });
  });

  describe("the new-order notice to the shop", () => {
    const mail = renderMail("new-order", { order });

    it("names the order, its total and method in the subject, and the customer, lines, totals and address in the body", () => {
      expect(mail.subject).toBe("New order #42: ₹3,338.20, Cash on Delivery");
      expect(mail.text).toContain("Customer: Asha Verma, asha@example.com, 9810012345");
      expect(mail.text).toContain("- Block-print Anarkali (Indigo, size XL) x 1: ₹1,000");
      expect(mail.text).toContain("Total: ₹3,338.20");
      expect(mail.text).toContain("Flat 4B, Kavi Nagar");
      // House, then road, as checkout asks for them.
      expect(mail.text.indexOf(order.shipping.streetAddress)).toBeLessThan(mail.text.indexOf(order.shipping.apartment));
      expect(mail.text).toContain("complimentary gift");
      expect(mail.html).toContain("mailto:asha@example.com");
    });

    it("leaves the gift out for a later order", () => {
      expect(renderMail("new-order", { order: bank }).text).not.toContain("gift");
    });
  });

  describe("the refund-due notice to the shop", () => {
    const mail = renderMail("refund-due", { order: bank, paymentId: "pay_Nx82Kd0aQ1" });

    it("says which payment to refund, for which order, and how much", () => {
      expect(mail.subject).toBe("Refund due: order #7, payment pay_Nx82Kd0aQ1");
      expect(mail.text).toContain("A payment of ₹3,698 (payment pay_Nx82Kd0aQ1) arrived for order #7 after the order had expired");
      expect(mail.text).toContain("refund ₹3,698");
      expect(mail.html).toContain("pay_Nx82Kd0aQ1");
      expect(mail.text).toContain("Customer: Asha Verma, asha@example.com, 9810012345");
    });
  });

  it("escapes whatever a shopper typed into names and addresses", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const hostile: OrderMail = {
      ...order,
      couponCode: `"><script>`,
      lines: [{ ...order.lines[0]!, name: evil, color: "A&B" }],
      shipping: { ...order.shipping, fullName: evil, apartment: "D'Souza & Sons", emailAddress: `x"@example.com` },
    };
    for (const mail of [
      renderMail("order-confirmation", { name: evil, order: hostile, link: `${link}" onclick="x` }),
      renderMail("new-order", { order: hostile }),
      renderMail("refund-due", { order: hostile, paymentId: "<b>pay</b>" }),
      renderMail("order-shipped", { name: evil, order: hostile, courier: evil, trackingNumber: "<b>pay</b>", link: `${link}" onclick="x` }),
      renderMail("order-delivered", { name: evil, order: hostile, link: `${link}" onclick="x` }),
      renderMail("order-cancelled", { name: evil, order: hostile, refundDue: true, link: `${link}" onclick="x` }),
    ]) {
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<b>pay");
      expect(mail.html).not.toContain(`" onclick="`);
      expect(mail.html).not.toContain(`x"@example.com`);
      expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(mail.html).toContain("D&#39;Souza &amp; Sons");
    }
  });

  it("tells her when her order ships (courier and tracking number), arrives, or is cancelled (refund or nothing charged)", () => {
    const shipped = renderMail("order-shipped", { name: "Asha Verma", order, courier: "Delhivery", trackingNumber: "DL-99887766", link });
    expect(shipped.subject).toBe(`Your Aanchal order #${order.orderNumber} has shipped`);
    for (const part of [shipped.text, shipped.html]) {
      expect(part).toContain("Delhivery");
      expect(part).toContain("DL-99887766");
      expect(part).toContain("Namaste Asha Verma,");
    }
    expect(shipped.text.split("\n")).toContain(link);
    const delivered = renderMail("order-delivered", { name: "Asha Verma", order, link: null });
    expect(delivered.subject).toBe(`Your Aanchal order #${order.orderNumber} has been delivered`);
    expect(delivered.text).toMatch(/verified purchase/);
    expect(delivered.html).not.toContain("See your orders");
    const refund = renderMail("order-cancelled", { name: "Asha Verma", order, refundDue: true, link });
    expect(refund.subject).toBe(`Your Aanchal order #${order.orderNumber} has been cancelled`);
    expect(refund.text).toMatch(/will be refunded/);
    expect(renderMail("order-cancelled", { name: "Asha Verma", order, refundDue: false, link }).text).toMatch(/Nothing has been charged/);
  });

  it("copies an order view into the mail's plain data", () => {
    const view = {
      id: 9,
      orderNumber: 42,
      createdAt: "2026-11-25T10:00:00.000Z",
      paymentMethod: "cashOnDelivery",
      paymentStatus: "pending",
      orderStatus: "placed",
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      shippingPaise: order.shippingPaise,
      totalPaise: order.totalPaise,
      couponCode: "WELCOME10",
      giftEligible: true,
      refundDue: false,
      guest: false,
      courier: null,
      trackingNumber: null,
      shipping: order.shipping,
      lines: order.lines.map((l) => ({ ...l, productId: 1, href: "/x", image: null, originalUnitPricePaise: l.unitPricePaise })),
      deliveredAt: null,
      returns: [],
    } satisfies OrderView;
    expect(orderMail(view)).toEqual(order);
  });
});

describe("contact and enquiry mails", () => {
  const hostile = `<script>alert("x")</script> & 'you'`;

  it("the shop's copy of a contact message replies to the sender and escapes what she typed", () => {
    const mail = renderMail("contact-to-shop", { name: "Asha <b>", email: "asha@example.com", message: `${hostile}\nLine two` });
    expect(mail.replyTo).toBe("asha@example.com");
    expect(mail.subject).toBe("Contact message from Asha <b>");
    expect(mail.text).toContain(`${hostile}\nLine two`);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;you&#39;<br>Line two");
    expect(mail.html).toContain("Asha &lt;b&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("the acknowledgement greets the sender, replies to the shop, and does not repeat her message", () => {
    const mail = renderMail("contact-ack", { name: "Asha" });
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toMatch(/^Namaste Asha,/);
    expect(mail.text).toContain(settings.store.phone);
  });

  it("the shop's copy of a cancellation query names the order and the sender's preferences", () => {
    const mail = renderMail("enquiry-to-shop", {
      fullName: "Meera",
      email: "meera@example.com",
      phone: "",
      enquiryType: "General",
      message: hostile,
      preferredContactMethod: "Phone",
      preferredTime: "",
      orderNumber: 1042,
    });
    expect(mail.subject).toBe("Order cancellation query, order #1042 from Meera");
    expect(mail.replyTo).toBe("meera@example.com");
    expect(mail.text).toContain("Order number: #1042");
    expect(mail.text).toContain("Preferred contact: Phone");
    expect(mail.text).toContain("Phone: not given");
    expect(mail.html).not.toContain("<script>");
  });

  it("the enquiry acknowledgement says what was received", () => {
    expect(renderMail("enquiry-ack", { fullName: "Meera", enquiryType: "Bulk", orderNumber: null }).text).toContain("bulk enquiry");
    expect(renderMail("enquiry-ack", { fullName: "Meera", enquiryType: "General", orderNumber: 7 }).text).toContain(
      "cancellation query about order #7",
    );
  });

  it("a staff reply answers the sender, quotes her message, replies to the shop and escapes both", () => {
    const mail = renderMail("message-reply", {
      name: "Asha <b>",
      kind: "contact",
      orderNumber: null,
      reply: `${hostile}\nSecond line`,
      original: "Do you stitch <i>blouses</i>?\nThanks",
    });
    expect(mail.subject).toBe(`Re: your message | ${settings.brand.name}`);
    expect(mail.replyTo).toBe(settings.store.email);
    expect(mail.text).toMatch(/^Namaste Asha <b>,/);
    expect(mail.text).toContain(`${hostile}\nSecond line`);
    expect(mail.text).toContain("> Do you stitch <i>blouses</i>?\n> Thanks");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;you&#39;<br>Second line");
    expect(mail.html).toContain("Do you stitch &lt;i&gt;blouses&lt;/i&gt;?<br>Thanks");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<i>");
    const cancel = renderMail("message-reply", { name: "Meera", kind: "enquiry", orderNumber: 1042, reply: "Done.", original: "Cancel" });
    expect(cancel.subject).toBe(`Re: your cancellation query about order #1042 | ${settings.brand.name}`);
    expect(renderMail("message-reply", { name: "M", kind: "enquiry", orderNumber: null, reply: "Yes", original: "Q" }).subject).toMatch(
      /^Re: your enquiry/,
    );
  });
});
