import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "../../workers/services/accounts/session";
import { type ChoiceSource, messages, type Selection } from "../../workers/services/catalog/choice.rules";
import type { ServiceContext } from "../../workers/services/platform/context";
import { cookieHeader, readCookie } from "../../workers/services/platform/cookies";
import { errorHeaders } from "../../workers/services/platform/errors";
import { signInPath, withRedirect } from "../../workers/services/platform/paths";
import { addChoices, addToCart, clearCart, type HeldLine, myCart, removeLine, updateLine } from "../../workers/services/shopping/cart";
import { cartMessages } from "../../workers/services/shopping/cart.rules";
import { type CheckedChoice, checkChoice } from "../../workers/services/shopping/cart-choice";
import { problemOf } from "./action-errors.server";
import { type CartAnswer, readChoice } from "./product-choice";

/**
 * The one cart action (Hydrogen's model): the product page, the card modal and the cart page post
 * here with an `intent`, and each intent is one call of workers/services/shopping/cart.ts. Without JavaScript
 * the answer comes back with the page; with it, a fetcher shows it as a toast.
 */

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * Two short-lived HttpOnly cookies carry a choice across sign-in or sign-up, in one place
 * (docs/product/shopping.md, "Cart and wishlist"): the Buy Now line checkout shows, and an add a signed-out shopper
 * asked for, which completes when she is back. They hold no price or name: both are read afresh.
 */
const HELD_COOKIE = "aanchal_buy_now";
const PENDING_ADD_COOKIE = "aanchal_pending_add";
const HOUR = 3600;

const heldSchema = z.object({
  productId: z.number().int().positive(),
  size: z.string().min(1).max(40),
  color: z.string().max(60),
  quantity: z.number().int().positive().max(1000),
  /** The shopper it was chosen by, when she was signed in: nobody else sees it on this browser. */
  userId: z.number().int().positive().nullable(),
});

type Held = z.infer<typeof heldSchema>;

function writeHeld(request: Request, name: string, line: Held | null): string {
  const value = line ? encodeURIComponent(JSON.stringify([line.productId, line.size, line.color, line.quantity, line.userId])) : "";
  return cookieHeader(name, value, { maxAge: line ? HOUR : 0, secure: isHttps(request) });
}

/** The line kept in cookie `name`, unless it was chosen by another shopper than `userId`. */
function readHeld(request: Request, name: string, userId: number | null): HeldLine | null {
  const value = readCookie(request.headers, name);
  if (!value) return null;
  try {
    const [productId, size, color, quantity, owner = null] = JSON.parse(decodeURIComponent(value)) as unknown[];
    const parsed = heldSchema.safeParse({ productId, size, color, quantity, userId: owner });
    if (!parsed.success || (parsed.data.userId !== null && parsed.data.userId !== userId)) return null;
    const { userId: _, ...line } = parsed.data;
    return line;
  } catch {
    return null;
  }
}

/** The Buy Now line this browser keeps for `userId` (or that a guest chose before signing up). */
export const buyNowLine = (request: Request, userId: number | null) => readHeld(request, HELD_COOKIE, userId);
export const clearBuyNow = (request: Request) => writeHeld(request, HELD_COOKIE, null);
const pendingAdd = (request: Request) => readHeld(request, PENDING_ADD_COOKIE, null);

/** Signing out forgets every choice this browser kept (docs/product/accounts.md, "Sign-in, sign-out and reset"). */
export const forgetKeptChoices = (request: Request) => [
  clearBuyNow(request),
  writeHeld(request, PENDING_ADD_COOKIE, null),
  noticeCookie(request, null),
];

/** Checkout for a signed-out shopper starts with an account (docs/product/orders.md), then comes back. */
export const CHECKOUT_SIGN_UP = withRedirect("/create-account", "/checkout");

const invalid = (message: string, status: number, extra: Partial<Extract<CartAnswer, { kind: "invalid" }>> = {}, headers?: HeadersInit) =>
  data<CartAnswer>({ kind: "invalid", message, ...extra }, { status, headers });

/** `intent` add-to-cart or buy-now, from the product page (its slug) or a card's modal. */
async function choose(request: Request, services: ServiceContext, form: FormData, slug: string) {
  const { intent, source, selection } = readChoice(form);
  const input = { slug, size: selection.size, color: selection.color, quantity: form.get("quantity") ?? undefined };
  const quiet = { selection };
  let choice: Awaited<ReturnType<typeof checkChoice>>;
  try {
    // The session check travels in the same batch as the read of the product's options.
    [choice] = await Promise.all([checkChoice(services, input, intent ?? "add-to-cart", source), services.user()]);
  } catch (error) {
    const problem = problemOf(error, "Cart action failed");
    return invalid(problem?.message ?? "Something went wrong", problem?.status ?? 500, quiet, problem ? errorHeaders(problem) : undefined);
  }
  const user = await services.user();
  const held: Held = {
    productId: choice.productId,
    size: choice.size,
    color: choice.color,
    quantity: choice.quantity,
    userId: user?.id ?? null,
  };
  if (intent === "buy-now") {
    // One place for the Buy Now line; a guest makes her account first and lands on checkout with it.
    throw redirect(user ? "/checkout" : CHECKOUT_SIGN_UP, { headers: { "Set-Cookie": writeHeld(request, HELD_COOKIE, held) } });
  }
  if (!user) {
    // Kept for her return: the cart page completes the add once she is signed in.
    return data<CartAnswer>(
      { kind: "sign-in", message: messages.signInFirst, href: signInPath("/cart") },
      { status: 401, headers: { "Set-Cookie": writeHeld(request, PENDING_ADD_COOKIE, held) } },
    );
  }
  return addChoice(request, services, user.id, choice, source, selection);
}

/** A form the browser itself posted (no JavaScript), as opposed to the page's own fetch. */
const isDocumentPost = (request: Request) => request.headers.get("Sec-Fetch-Mode") === "navigate";

async function addChoice(
  request: Request,
  services: ServiceContext,
  userId: number,
  choice: CheckedChoice,
  source: ChoiceSource,
  selection: Selection,
) {
  try {
    const cart = await addChoices(services, userId, [choice], source);
    // Without JavaScript the add answers with a redirect to the cart (saying "Added to cart"), so
    // reloading the page that follows can never send the add again.
    if (isDocumentPost(request)) {
      throw redirect("/cart", { status: 303, headers: { "Set-Cookie": noticeCookie(request, { ok: true, message: cartMessages.added }) } });
    }
    return data<CartAnswer>({ kind: "done", intent: "add-to-cart", message: cartMessages.added, count: cart.count });
  } catch (error) {
    const problem = problemOf(error, "Cart action failed");
    return invalid(problem?.message ?? "Something went wrong", problem?.status ?? 500, { selection });
  }
}

/**
 * The cart's own intents: update, remove, clear, and checkout (which goes on only when every line
 * can be bought, and drops a Buy Now line left from before, so checkout shows this cart).
 */
async function changeCart(request: Request, services: ServiceContext, form: FormData, intent: string) {
  const lineId = form.get("lineId");
  const failed = intent === "update" ? cartMessages.updateFailed : intent === "remove" ? cartMessages.removeFailed : (m: string) => m;
  try {
    const user = await requireUser(services);
    if (intent === "update") await updateLine(services, user.id, lineId, form.get("quantity"));
    else if (intent === "remove") await removeLine(services, user.id, lineId);
    else if (intent === "clear") await clearCart(services, user.id);
    else {
      const cart = await myCart(services);
      if (cart.lines.length === 0) return invalid(cartMessages.emptyAtCheckout, 409);
      if (!cart.ready) return invalid(cartMessages.fixBeforeCheckout, 409);
      throw redirect("/checkout", { headers: { "Set-Cookie": clearBuyNow(request) } });
    }
    const message = intent === "update" ? cartMessages.updated : intent === "remove" ? cartMessages.removed : cartMessages.cleared;
    return data<CartAnswer>({ kind: "done", intent, message });
  } catch (error) {
    const problem = problemOf(error, "Cart action failed");
    if (problem?.status === 401) throw redirect(signInPath("/cart"));
    const reason = problem?.message ?? "Something went wrong";
    return invalid(failed(reason), problem?.status ?? 500, { lineId: typeof lineId === "string" ? lineId : undefined });
  }
}

const CART_INTENTS = ["update", "remove", "clear", "checkout"];

/**
 * The cart action. `slug` is the product page's when it posts (its form and its cards'
 * modals post there); the cart page posts its own intents to /cart.
 */
export async function cartAction(request: Request, services: ServiceContext, slug?: string) {
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  if (CART_INTENTS.includes(intent)) return changeCart(request, services, form, intent);
  if ((intent === "add-to-cart" || intent === "buy-now") && slug) return choose(request, services, form, slug);
  return invalid("Unknown action", 400);
}

/** What the cart page says once after a redirect (the add completed on her return), in an HttpOnly cookie. */
const NOTICE_COOKIE = "aanchal_cart_notice";

export interface CartNotice {
  ok: boolean;
  message: string;
}

function noticeCookie(request: Request, notice: CartNotice | null): string {
  const value = notice ? encodeURIComponent(JSON.stringify([notice.ok, notice.message.slice(0, 200)])) : "";
  return cookieHeader(NOTICE_COOKIE, value, { maxAge: notice ? 60 : 0, secure: isHttps(request) });
}

/** The notice left for this page load, and the cookie that forgets it; null when there is none. */
export function takeCartNotice(request: Request): { notice: CartNotice; cookie: string } | null {
  const value = readCookie(request.headers, NOTICE_COOKIE);
  if (!value) return null;
  const cookie = noticeCookie(request, null);
  try {
    const [ok, message] = JSON.parse(decodeURIComponent(value)) as unknown[];
    if (typeof ok === "boolean" && typeof message === "string") return { notice: { ok, message }, cookie };
  } catch {
    // A cookie we did not write: forgotten, nothing shown.
  }
  return { notice: { ok: true, message: "" }, cookie };
}

/**
 * An add a shopper asked for while signed out, completed now she is back (the cart page's loader).
 * Answers the redirect to the cart afresh, so the header counts the new line too, with a notice of
 * the outcome; null when there is nothing waiting or she is not signed in yet.
 */
export async function completePendingAdd(request: Request, services: ServiceContext): Promise<Response | null> {
  const held = pendingAdd(request);
  if (!held) return null;
  let notice: CartNotice;
  try {
    await addToCart(services, { product: held.productId, size: held.size, color: held.color, quantity: held.quantity }, "card");
    notice = { ok: true, message: cartMessages.added };
  } catch (error) {
    const problem = problemOf(error, "Cart action failed");
    if (problem?.status === 401) return null;
    notice = { ok: false, message: problem?.message ?? "Something went wrong" };
  }
  const headers = new Headers();
  headers.append("Set-Cookie", writeHeld(request, PENDING_ADD_COOKIE, null));
  headers.append("Set-Cookie", noticeCookie(request, notice));
  return redirect(new URL(request.url).pathname, { headers });
}
