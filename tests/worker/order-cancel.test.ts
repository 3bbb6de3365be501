import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, mailsTo, type TestUser } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts } from "../../tooling/cart";
import { insertOrder } from "../../tooling/orders";
import { addTenPercentCoupon, codBuyNowBody, couponCode } from "../support/buy-now";
import { useFileCleanup } from "../support/file-cleanup";
import { pageForms } from "../support/page-forms";
import { sqlReader } from "../support/sql";
import { jsonCaller, ownerToken as signInOwner } from "../support/staff";

/**
 * The shopper cancels her own order, from My Orders, the order's page and the API, against the built
 * Worker: within the window her stock and coupon use come back once, one audit entry names her, she
 * and the shop are mailed; after the window, once shipped, twice at once, racing the owner's
 * shipping, another shopper's order and a guest without her key: one outcome, the shop's words.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");

const { db, one, count } = sqlReader(dbUrl);
const cleanup = useFileCleanup(dbUrl, db);
const { inserted } = cleanup;

let ownerToken: string;
let priya: TestUser;
let kavya: TestUser;
let products: ApiProduct[];
let shopEmail: string;
const COUPON = couponCode("MINE");

beforeAll(async () => {
  ownerToken = await signInOwner(base);
  priya = await createUser(base, "order-cancel", "Priya Nair");
  kavya = await createUser(base, "order-cancel-other", "Kavya Iyer");
  products = await buyableProducts(base);
  await addTenPercentCoupon(db, COUPON);
  const settings = await api("/api/admin/settings");
  shopEmail = settings.json.settings?.email ?? settings.json.email;
  expect(shopEmail, settings.text).toMatch(/@/);
});

const api = jsonCaller(base, () => ownerToken);
const forms = pageForms(base);
const cancel = (n: number, token: string | null, body?: unknown) => api(`/api/orders/${n}/cancel`, { token, method: "POST", body });
const ship = (n: number) => api(`/api/admin/orders/${n}/ship`, { body: { courier: "Delhivery", trackingNumber: `DL${n}0001` } });

const stockedSize = (index: number, stock: number) => cleanup.stockedSize(products[index]!, stock);
type Stocked = Awaited<ReturnType<typeof stockedSize>>;
const stockOf = (s: Stocked) =>
  count("select stock as n from product_sizes where product_id = ? and size = ?", [Number(s.product._id), s.size]);
const couponUses = () => count("select used_count as n from coupons where code = ?", [COUPON]);
const statusOf = async (n: number) => (await one<{ s: string }>("select order_status as s from orders where order_number = ?", [n])).s;
const auditOf = (n: number) =>
  db
    .execute({
      sql: "select action, actor_id as actorId, after from audit_log where entity = 'order' and entity_id = (select cast(id as text) from orders where order_number = ?) order by id",
      args: [n],
    })
    .then((r) => r.rows as unknown as { action: string; actorId: number | null; after: string }[]);

/** Buys `quantity` of `s` now (Buy Now, cash on delivery) as `user`, or as a guest (null): its number and a guest's key. */
async function placeCod(s: Stocked, user: TestUser | null, quantity = 1, coupon = false) {
  const res = await api(user ? "/api/orders/place" : "/api/orders/guest-place-order", {
    token: user?.token ?? null,
    body: codBuyNowBody(
      s,
      { name: user?.name ?? "Asha Verma", email: user?.email ?? `guest-${randomBytes(4).toString("hex")}@example.com` },
      quantity,
      coupon ? COUPON : null,
    ),
  });
  expect(res.status, res.text).toBe(201);
  return { n: res.json.order.orderNumber as number, key: (res.json.order.accessKey as string | undefined) ?? null };
}

const ageOrder = (n: number, hours: number) =>
  db.execute({ sql: "update orders set created_at = created_at - ? where order_number = ?", args: [hours * 3_600_000, n] });

describe("within the window", () => {
  it("the API cancels her order: stock and coupon use back once, one audit entry with her as actor, mails to her and to the shop", async () => {
    const s = await stockedSize(0, 6);
    const { n } = await placeCod(s, priya, 2, true);
    expect(await stockOf(s)).toBe(4);
    const uses = await couponUses();
    // The mailbox lists the newest mails only: count the shop's mails about this order.
    const aboutIt = async () => (await mailsTo(base, shopEmail)).filter((m) => m.subject.includes(`#${n}`)).length;
    const shopMails = await aboutIt();

    const res = await cancel(n, priya.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.order).toMatchObject({ orderNumber: n, orderStatus: "cancelled", paymentStatus: "pending" });
    expect(res.json.order.history).toBeUndefined();
    expect(await stockOf(s)).toBe(6);
    expect(await couponUses()).toBe(uses - 1);
    const audit = await auditOf(n);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "order.cancel", actorId: Number(priya.id) });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ orderStatus: "cancelled", by: "shopper" });
    const history = await (await forms.get(`/admin/orders/${n}`, { token: ownerToken } as TestUser)).text();
    expect(history).toContain(`the customer, ${priya.email}`);
    const hers = (await mailsTo(base, priya.email)).filter((m) => m.subject.includes(`#${n} `) && /cancelled/.test(m.subject));
    expect(hers).toHaveLength(1);
    const toShop = (await mailsTo(base, shopEmail)).filter((m) => m.subject.includes(`#${n} cancelled by the customer`));
    expect(toShop).toHaveLength(1);
    expect(await aboutIt()).toBe(shopMails + 1);

    // Asked again: already cancelled, nothing moves.
    const again = await cancel(n, priya.token);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Order #${n} is already cancelled.`);
    const replayed = await forms.post("/my-orders", { intent: "cancel", order: String(n) }, priya);
    expect(replayed.status).toBe(409);
    expect(await replayed.text()).toContain(`Order #${n} is already cancelled.`);
    expect(await stockOf(s)).toBe(6);
    expect(await auditOf(n)).toHaveLength(1);
  });

  it("the page's form cancels it too and goes back to My Orders saying so; a paid order is left refund due", async () => {
    const s = await stockedSize(1, 5);
    const { n } = await placeCod(s, priya);
    const page = await forms.get("/my-orders", priya);
    expect(await page.text()).toContain("Yes, cancel this order");

    const posted = await forms.post("/my-orders", { intent: "cancel", order: String(n) }, priya);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/my-orders?cancelled=${n}`);
    expect(await statusOf(n)).toBe("cancelled");
    expect(await stockOf(s)).toBe(5);
    const after = await (await forms.get(`/my-orders?cancelled=${n}`, priya)).text();
    expect(after).toContain(`Order #${n} is cancelled.`);

    const paid = await insertOrder(dbUrl, {
      userId: Number(priya.id),
      paymentMethod: "bank",
      paymentStatus: "paid",
      lines: [
        {
          productId: Number(s.product._id),
          name: s.product.productName,
          color: s.color,
          size: s.size,
          quantity: 1,
          unitPricePaise: 1200_00,
        },
      ],
    });
    inserted.push(paid.id);
    const thankyou = await forms.post(`/thankyou?order=${paid.orderNumber}`, { intent: "cancel", order: String(paid.orderNumber) }, priya);
    expect(thankyou.status).toBe(303);
    expect(thankyou.headers.get("Location")).toBe(`/thankyou?order=${paid.orderNumber}&cancelled=1`);
    const row = await one<{ s: string; p: string; r: number }>(
      "select order_status as s, payment_status as p, refund_due as r from orders where id = ?",
      [paid.id],
    );
    expect(row).toMatchObject({ s: "cancelled", p: "paid", r: 1 });
    // Her order's page says it was cancelled and will be refunded (not that it was paid after it expired).
    const shown = await (await forms.get(`/thankyou?order=${paid.orderNumber}&cancelled=1`, priya)).text();
    expect(shown).toContain("This order was cancelled");
    expect(shown).toContain("Your payment will be refunded in full to the way you paid");
    expect(shown).not.toContain("after this order had expired");
    const mail = (await mailsTo(base, shopEmail)).find((m) =>
      m.subject.includes(`#${paid.orderNumber} cancelled by the customer: refund due`),
    );
    expect(mail?.text).toContain("refund");
  });
});

describe("refused", () => {
  it("after the window: 409 with the policy's words, from the API and the page, nothing changed; the page offers the enquiry instead", async () => {
    const s = await stockedSize(2, 5);
    const { n } = await placeCod(s, priya);
    await ageOrder(n, 25);
    const res = await cancel(n, priya.token);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(new RegExp(`Order #${n} can no longer be cancelled here: an order can be cancelled within 24 hours`));
    const posted = await forms.post("/my-orders", { intent: "cancel", order: String(n) }, priya);
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain("can be cancelled within 24 hours of placing it, before it ships");
    expect(await statusOf(n)).toBe("placed");
    expect(await stockOf(s)).toBe(4);
    expect(await auditOf(n)).toHaveLength(0);
    const page = await (await forms.get("/my-orders", priya)).text();
    expect(page).toMatch(new RegExp(`href="/enquiry-us\\?type=Order%20Cancellation%20Query&(amp;)?order=${n}"`));
  });

  it("once shipped: 409, stock stays sold", async () => {
    const s = await stockedSize(3, 5);
    const { n } = await placeCod(s, priya);
    expect((await api(`/api/admin/orders/${n}/confirm`, { body: {} })).status).toBe(200);
    expect((await ship(n)).status).toBe(200);
    const res = await cancel(n, priya.token);
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("can no longer be cancelled here");
    expect(await statusOf(n)).toBe("shipped");
    expect(await stockOf(s)).toBe(4);
  });

  it("another shopper's order, or one that does not exist: 404; signed out without a key: 401", async () => {
    const s = await stockedSize(4, 5);
    const { n } = await placeCod(s, priya);
    expect((await cancel(n, kavya.token)).status).toBe(404);
    expect((await cancel(99_999_999, priya.token)).status).toBe(404);
    expect((await cancel(n, null)).status).toBe(401);
    expect((await forms.post("/my-orders", { intent: "cancel", order: String(n) }, kavya)).status).toBe(404);
    expect((await cancel(n, priya.token, { key: 12 })).status).toBe(400);
    expect(await statusOf(n)).toBe("placed");
    expect(await stockOf(s)).toBe(4);
  });

  it("a guest: her key cancels her order (API and page), a wrong or missing key does not", async () => {
    const s = await stockedSize(5, 5);
    const first = await placeCod(s, null);
    expect(first.key).toBeTruthy();
    expect((await cancel(first.n, null, { key: "x".repeat(43) })).status).toBe(404);
    expect((await cancel(first.n, null)).status).toBe(401);
    expect((await cancel(first.n, priya.token)).status).toBe(404);
    expect(await stockOf(s)).toBe(4);
    const res = await cancel(first.n, null, { key: first.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.order.orderStatus).toBe("cancelled");
    expect(await stockOf(s)).toBe(5);
    const audit = await auditOf(first.n);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();

    const second = await placeCod(s, null);
    const path = `/thankyou?order=${second.n}&key=${second.key}`;
    expect(await (await forms.get(path, null)).text()).toContain("Yes, cancel this order");
    const posted = await forms.post(path, { intent: "cancel", order: String(second.n), key: second.key! }, null);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`${path}&cancelled=1`);
    expect(await statusOf(second.n)).toBe("cancelled");
    expect(await stockOf(s)).toBe(5);
  });
});

describe("at once", () => {
  it("two cancels at once: one 200, one 409, stock back once", async () => {
    const s = await stockedSize(6, 5);
    const { n } = await placeCod(s, priya, 2);
    const answers = await Promise.all([cancel(n, priya.token), forms.post("/my-orders", { intent: "cancel", order: String(n) }, priya)]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 409)).toHaveLength(1);
    expect(statuses.filter((x) => x === 200 || x === 303)).toHaveLength(1);
    expect(await stockOf(s)).toBe(5);
    expect(await auditOf(n)).toHaveLength(1);

    const { n: m } = await placeCod(s, priya, 1);
    const twice = await Promise.all([cancel(m, priya.token), cancel(m, priya.token)]);
    expect(twice.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stockOf(s)).toBe(5);
    expect(await auditOf(m)).toHaveLength(1);
  });

  it("her cancel racing the owner's shipping: exactly one wins and the stock agrees with it", async () => {
    const s = await stockedSize(7, 10);
    for (let round = 0; round < 4; round++) {
      const { n } = await placeCod(s, priya);
      expect((await api(`/api/admin/orders/${n}/confirm`, { body: {} })).status).toBe(200);
      const before = await stockOf(s);
      const [mine, owners] = await Promise.all([cancel(n, priya.token), ship(n)]);
      expect([mine.status, owners.status].sort(), `${mine.text} ${owners.text}`).toEqual([200, 409]);
      const status = await statusOf(n);
      if (mine.status === 200) {
        expect(status).toBe("cancelled");
        expect(await stockOf(s)).toBe(before + 1);
      } else {
        expect(status).toBe("shipped");
        expect(mine.json.message).toContain("can no longer be cancelled here");
        expect(await stockOf(s)).toBe(before);
      }
      expect(await auditOf(n)).toHaveLength(2);
    }
  });
});

describe("an order she can no longer cancel", () => {
  it("links to the enquiry form with the type chosen and the number filled; the back office files the enquiry under the order", async () => {
    const s = await stockedSize(8, 5);
    const { n } = await placeCod(s, priya);
    await ageOrder(n, 30);
    const page = await (await forms.get(`/thankyou?order=${n}`, priya)).text();
    const link = `/enquiry-us?type=Order%20Cancellation%20Query&order=${n}`;
    expect({
      button: page.includes("Yes, cancel this order"),
      words: page.includes(`Order #${n} can no longer be cancelled here.`),
      link: page.includes(`href="${link}"`) || page.includes(`href="${link.replace("&", "&amp;")}"`),
    }).toEqual({ button: false, words: true, link: true });

    const form = await (await forms.get(link, priya)).text();
    expect(/<option value="Order Cancellation Query" selected="">/.test(form)).toBe(true);
    expect(new RegExp(`<input[^>]*name="orderNumber"[^>]*value="${n}"`).test(form)).toBe(true);
    // Nonsense in the link fills in nothing.
    const odd = await (await forms.get("/enquiry-us?type=Refund%20now&order=12x", priya)).text();
    expect(/<option value="" selected="">/.test(odd)).toBe(true);
    expect(/<input[^>]*name="orderNumber"[^>]*value=""/.test(odd)).toBe(true);

    const sent = await api("/api/enquiries/send-enquiry", {
      token: priya.token,
      body: {
        fullName: "Priya Nair",
        email: priya.email,
        enquiryType: "Order Cancellation Query",
        orderNumber: String(n),
        message: "Please cancel this order, I ordered the wrong size.",
      },
    });
    expect(sent.status, sent.text).toBe(201);
    const owner = { token: ownerToken } as TestUser;
    const orderPage = await (await forms.get(`/admin/orders/${n}`, owner)).text();
    expect(orderPage.includes("Messages about this order")).toBe(true);
    expect(orderPage.includes("Please cancel this order, I ordered the wrong size.")).toBe(true);
    const inbox = await (await forms.get("/admin/messages", owner)).text();
    expect(inbox.includes('<span class="admin-inbox__kind">Order Cancellation Query</span>')).toBe(true);
  });
});
