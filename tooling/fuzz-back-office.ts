/** The back office's pages, their data and their forms, as the fuzz asks for them. */
import { type Endpoint, ghostEmail, type Rng, segment } from "./fuzz-model";

/** Every route of the back office by id, as a `.data` request's `_routes` names them. */
export const BACK_OFFICE_ROUTE_IDS = [
  "layouts/admin-layout",
  "routes/back-office/admin-dashboard",
  "routes/back-office/admin-orders",
  "routes/back-office/admin-order",
  "routes/back-office/admin-invoice",
  "routes/back-office/admin-packing-slip",
  "routes/back-office/admin-returns",
  "routes/back-office/admin-return",
  "routes/back-office/admin-messages",
  "routes/back-office/admin-message",
  "routes/back-office/admin-reviews",
  "routes/back-office/admin-staff",
  "routes/back-office/admin-audit-log",
  "routes/back-office/admin-coupons",
  "routes/back-office/admin-coupon-new",
  "routes/back-office/admin-coupon",
  "routes/back-office/admin-settings",
  "routes/back-office/admin-products",
  "routes/back-office/admin-product-new",
  "routes/back-office/admin-product",
  "routes/back-office/admin-stock",
  "routes/back-office/admin-categories",
];

/** What a `_routes` may name: the back office's routes, the root, and one that does not exist. */
export const BACK_OFFICE_ROUTES = ["root", ...BACK_OFFICE_ROUTE_IDS, "routes/nothing"];
const someId = (r: Rng, good: string) => segment(r, good);
/**
 * The back office's pages (each also asked as `.data`, with and without `_routes`), as a visitor, a
 * shopper or the owner. A message is never one that exists: the owner's first opening marks it read.
 */
const BACK_OFFICE_PAGES: Omit<Endpoint, "method">[] = [
  { path: "/admin", query: ["x"] },
  { path: "/admin/orders", query: ["page", "status", "payment", "method", "from", "to", "q"] },
  { path: "/admin/orders/:number", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}`, query: ["done"] },
  { path: "/admin/orders/:number/invoice", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}/invoice` },
  { path: "/admin/orders/:number/packing-slip", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}/packing-slip` },
  { path: "/admin/returns", query: ["page", "status", "kind", "from", "to", "q"] },
  { path: "/admin/returns/:id", fill: (r) => `/admin/returns/${someId(r, String(1 + r.int(5)))}`, query: ["done"] },
  { path: "/admin/messages", query: ["filter", "kind", "page"] },
  {
    path: "/admin/messages/:kind/:id",
    fill: (r) => `/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, "999999999")}`,
    query: ["notice"],
  },
  { path: "/admin/reviews", query: ["filter", "product", "page", "notice"] },
  { path: "/admin/staff", query: ["done", "user"] },
  { path: "/admin/audit-log", query: ["entity", "actor", "page"] },
  { path: "/admin/coupons", query: ["status", "done", "code"] },
  { path: "/admin/coupons/new" },
  { path: "/admin/coupons/:id", fill: (r) => `/admin/coupons/${someId(r, String(1 + r.int(3)))}`, query: ["done"] },
  { path: "/admin/settings", query: ["done"] },
  { path: "/admin/products", query: ["q", "category", "state", "page", "done"] },
  { path: "/admin/products/new" },
  { path: "/admin/products/:id", fill: (r) => `/admin/products/${someId(r, String(1 + r.int(5)))}`, query: ["done"] },
  { path: "/admin/stock", query: ["category", "low", "q", "page"] },
  { path: "/admin/categories", query: ["done"] },
];
const notAnIntent = () => "nothing";
/**
 * The back office's forms. Each has a field that decides whether anything is written, always broken
 * (`mustBreak`): the intent (no intent is one the action knows), or the coupon's code, the product's
 * name, the shop's e-mail, each refused as a whole save.
 */
const BACK_OFFICE_FORMS: Endpoint[] = [
  {
    method: "POST",
    path: "/admin/orders/:number",
    fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}`,
    fields: {
      intent: notAnIntent,
      courier: () => "Delhivery",
      trackingNumber: () => "DL12345678",
      refundReference: () => "RF-1",
      confirmCancel: () => "yes",
    },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/returns/:id",
    fill: (r) => `/admin/returns/${someId(r, String(1 + r.int(5)))}`,
    fields: {
      intent: notAnIntent,
      courier: () => "Delhivery",
      trackingNumber: () => "DL12345678",
      reason: () => "The tags were removed.",
      method: () => "upi",
      reference: () => "UTR12345",
      "restocked-1": () => "1",
      "writtenOff-1": () => "0",
    },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/messages/:kind/:id",
    fill: (r) => `/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, String(1 + r.int(3)))}`,
    fields: { intent: notAnIntent, body: () => "Thank you, it is on its way." },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/reviews",
    fields: { intent: notAnIntent, reviewId: () => "1", reason: () => "Spam" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/staff",
    fields: { intent: notAnIntent, email: ghostEmail, userId: () => "2", confirmRemove: () => "yes" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/categories",
    fields: { intent: notAnIntent, id: () => "1", name: () => "Fuzz", icon: () => "/media/categories/kurtis.svg", direction: () => "up" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/stock",
    fields: { intent: notAnIntent, sizeId: () => "1", was: () => "1", stock: () => "2", price: () => "999", enhanced: () => "1" },
    mustBreak: ["intent"],
  },
  ...["/admin/coupons/new", "/admin/coupons/:id"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fill: path.endsWith(":id") ? (r) => `/admin/coupons/${someId(r, String(1 + r.int(3)))}` : undefined,
      fields: {
        code: () => "FUZZ10",
        discountType: (r) => r.pick(["percentage", "flat"]),
        discountValue: () => "10",
        minSubtotal: () => "0",
        startsOn: () => "",
        endsOn: () => "",
        usageLimit: () => "",
        perUserLimit: () => "",
        isActive: () => "on",
      },
      mustBreak: ["code"],
    }),
  ),
  {
    method: "POST",
    path: "/admin/settings",
    fields: {
      deliveryCharge: () => "79",
      freeShipping: () => "off",
      promoLine: () => "Fuzz",
      email: () => "help@example.com",
      phone: () => "9810012345",
    },
    mustBreak: ["email"],
  },
  ...["/admin/products/new", "/admin/products/:id"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fill: path.endsWith(":id") ? (r) => `/admin/products/${someId(r, String(1 + r.int(5)))}` : undefined,
      fields: {
        intent: (r) => r.pick(["save", "more-rows"]),
        name: () => "Fuzz kurti",
        description: () => "Cotton.",
        categoryId: () => "1",
        "sizes.0.size": () => "M",
        "sizes.0.price": () => "999",
        "sizes.0.stock": () => "2",
      },
      mustBreak: ["name"],
    }),
  ),
];
/** The back office's pages, each also asked as `.data` (with `_routes`), and its forms. */
export const BACK_OFFICE_ENDPOINT_LIST: Endpoint[] = [
  ...BACK_OFFICE_PAGES.flatMap((page): Endpoint[] => [
    { ...page, method: "GET", backOffice: true },
    {
      ...page,
      method: "GET",
      path: `${page.path}.data`,
      fill: page.fill && ((r, t) => `${page.fill!(r, t)}.data`),
      query: [...(page.query ?? []), "_routes"],
      backOffice: true,
    },
  ]),
  ...BACK_OFFICE_FORMS.map((form): Endpoint => ({ ...form, page: true, backOffice: true })),
];
