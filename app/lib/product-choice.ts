/**
 * Reading a posted choice of colour, size and quantity (the product page's form and the card
 * modal's), and the product route's answer to it. The rules that judge it are
 * workers/services/catalog/choice.rules.ts.
 */
import type { CartIntent, ChoiceSource, Selection } from "../../workers/services/catalog/choice.rules";

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** Reads a posted choice; a missing quantity is the default 1, anything unreadable is NaN. */
export function readChoice(form: FormData): { intent: CartIntent | null; source: ChoiceSource; selection: Selection } {
  const intent = text(form, "intent");
  const quantity = text(form, "quantity");
  return {
    intent: intent === "add-to-cart" || intent === "buy-now" ? intent : null,
    source: text(form, "source") === "card" ? "card" : "page",
    selection: {
      color: text(form, "color"),
      size: text(form, "size"),
      quantity: quantity === null ? 1 : /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN,
    },
  };
}

/**
 * What the cart action (app/lib/cart.server.ts) answers: done (with the documented success words), a
 * refusal in the documented words, or "sign in first" with where to go. Buy Now and checkout redirect.
 */
export type CartAnswer =
  | { kind: "done"; intent: string; message: string; count?: number }
  /** With the choice as posted, so a page without JavaScript can show it again beside the message. */
  | { kind: "invalid"; message: string; selection?: Selection; lineId?: string }
  | { kind: "sign-in"; message: string; href: string };
