import { useEffect, useRef, useState } from "react";
import { useActionData, useNavigate, useNavigation } from "react-router";
import type { Selection } from "../../../workers/services/catalog/choice.rules";
import { type CardPrice, effectivePrice, formatRupees } from "../../../workers/services/catalog/pricing";
import type { cartAction } from "../../lib/cart.server";
import type { CartAnswer } from "../../lib/product-choice";
import { clampQuantity, findSize } from "../../lib/product-options";
import { OnceForm } from "../forms/once-form";
import { ShopLink } from "../shop-link";
import { useToast } from "../toast/toast";
import { ColourSwatches } from "./colour-swatches";
import type { PageProduct } from "./page-product";
import { Price } from "./price";
import { QuantityStepper } from "./quantity-stepper";
import { SizeChart } from "./size-chart";
import { SizeOptions } from "./size-options";

/**
 * Price, colour, size, quantity and the two buttons. The choice is a real form: it posts to this
 * route's action with or without JavaScript, and the action alone judges it (the same rules as the
 * card modal, app/lib/product-choice.ts). With JavaScript its answer comes back as a toast;
 * without, the page comes back with it written under the form. No size is chosen for her when there
 * is more than one: without one, both buttons ask for it at the size choice, in the browser and,
 * without JavaScript, in the action's answer.
 */
interface PurchaseFormProps {
  product: PageProduct;
  preselected: Pick<Selection, "color" | "size">;
  cardPrice: CardPrice | null;
  soldOut: boolean;
  sizePrompt: string;
  /** A swatch's link before the script runs (the page with that colour's pictures first). */
  colourHref?: (name: string) => string;
  /** Told of every colour she ticks, including one ticked before the script started. */
  onColourChange?: (name: string) => void;
  /** Beside the size chart: the size finder, whose fields belong to a form of their own. */
  children?: React.ReactNode;
}

/** The action's refusal of a post without a size: said at the size choice, not under the form. */
const sizeRefusal = (answer: CartAnswer | undefined) =>
  answer?.kind === "invalid" && answer.selection && answer.selection.size === null ? answer.message : null;

export function PurchaseForm({
  product,
  preselected,
  cardPrice,
  soldOut,
  sizePrompt,
  colourHref,
  onColourChange,
  children,
}: PurchaseFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const answer = useActionData<typeof cartAction>();
  const submitting = useNavigation().state === "submitting";
  // A page rendered for a refused post (no JavaScript) shows the choice that was posted, its
  // quantity brought within 1 and the size's stock, as the stepper would have done.
  const posted = answer?.kind === "invalid" ? answer.selection : undefined;
  const initial = posted ?? { ...preselected, quantity: 1 };
  const [color, setColorState] = useState(initial.color);
  const setColor = (name: string) => {
    setColorState(name);
    onColourChange?.(name);
  };
  const [sizeName, setSizeName] = useState(initial.size);
  const size = findSize(product.sizes, sizeName);
  const [quantity, setQuantity] = useState(() => clampQuantity(initial.quantity, size?.stock ?? Number.POSITIVE_INFINITY));
  const [sizeError, setSizeError] = useState<string | null>(() => sizeRefusal(answer));
  const sizeGroup = useRef<HTMLFieldSetElement>(null);
  // Before a size is chosen, the lowest in-stock price, as the product's card shows.
  const shown = size ? { pricePaise: size.pricePaise, effectivePaise: effectivePrice(size) } : cardPrice;

  // The radios and the number box work before the page's scripts have arrived (they load after the
  // first paint): what she picked or typed meanwhile is her choice, so hydration takes it over.
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only, reading what the page shows.
  useEffect(() => {
    if (!form.current) return;
    const picked = new FormData(form.current);
    const pickedColor = picked.get("color");
    const pickedSize = picked.get("size");
    const typed = picked.get("quantity");
    // A colour ticked before the script started also brings its pictures forward (setColor says so).
    if (typeof pickedColor === "string" && pickedColor !== color) setColor(pickedColor);
    const stock = findSize(product.sizes, typeof pickedSize === "string" ? pickedSize : sizeName)?.stock;
    if (typeof pickedSize === "string" && pickedSize !== sizeName) {
      setSizeName(pickedSize);
      setSizeError(null);
    }
    if (typeof typed === "string" && /^\d+$/.test(typed)) setQuantity(clampQuantity(Number(typed), stock ?? Number.POSITIVE_INFINITY));
  }, []);

  useEffect(() => {
    // A refusal for want of a size is said at the size choice (it reaches only a page posted without the script).
    if (!answer || sizeRefusal(answer)) return;
    if (answer.kind === "sign-in") {
      toast.info(answer.message, { toNextPage: true });
      navigate(answer.href);
    } else if (answer.kind === "done") {
      toast.success(answer.message);
    } else {
      toast.error(answer.message);
    }
    // A new answer from the action is the only trigger: toast's api and navigate never change.
  }, [answer, toast, navigate]);

  const askForSize = (event: React.FormEvent<HTMLFormElement>) => {
    if (soldOut || new FormData(event.currentTarget).get("size") !== null) return;
    event.preventDefault();
    setSizeError(sizePrompt);
    sizeGroup.current?.focus();
  };

  return (
    // noValidate: the action answers in the shop's words (docs/product/catalog.md), not the browser's.
    <OnceForm ref={form} method="post" className="purchase" noValidate onSubmit={askForSize}>
      {shown && <Price pricePaise={shown.pricePaise} effectivePaise={shown.effectivePaise} className="price--large" />}
      {soldOut && <p className="badge purchase__sold-out">Out of stock</p>}
      <ColourSwatches colors={product.colors} defaultValue={initial.color} value={color} onChange={setColor} colourHref={colourHref} />
      <SizeOptions
        groupRef={sizeGroup}
        sizes={product.sizes}
        defaultValue={initial.size}
        error={sizeError}
        errorId="size-error"
        onChange={(name) => {
          setSizeName(name);
          setSizeError(null);
          setQuantity((q) => clampQuantity(q, findSize(product.sizes, name)?.stock ?? 1));
        }}
      />
      <SizeChart sizes={product.sizes} />
      {children}
      <QuantityStepper value={quantity} stock={size?.stock ?? null} onChange={setQuantity} />
      {answer && !sizeRefusal(answer) && (
        <p
          className={`no-js-only notice${answer.kind === "invalid" ? " notice--error" : ""}`}
          role={answer.kind === "invalid" ? "alert" : "status"}
        >
          {answer.message}
          {answer.kind === "sign-in" && (
            <>
              {" "}
              <ShopLink to={answer.href}>Sign in</ShopLink>
            </>
          )}
          {answer.kind === "done" && (
            <>
              {" "}
              <ShopLink to="/cart">View cart</ShopLink>
            </>
          )}
        </p>
      )}
      {/* On phones and tablets a bar fixed to the bottom of the screen: the price (spoken above, so
          hidden here from screen readers) and the two buttons stay in sight however far the
          shopper scrolls, while the picture keeps the first screen. */}
      <div className="purchase__bar">
        {shown && (
          <p className="purchase__bar-price" aria-hidden="true">
            {formatRupees(shown.effectivePaise)}
          </p>
        )}
        <div className="purchase__actions">
          <button
            type="submit"
            name="intent"
            value="add-to-cart"
            className="button button--primary"
            disabled={soldOut}
            aria-busy={submitting || undefined}
          >
            Add to Cart
          </button>
          <button type="submit" name="intent" value="buy-now" className="button button--secondary" disabled={soldOut}>
            Buy Now
          </button>
        </div>
      </div>
    </OnceForm>
  );
}
