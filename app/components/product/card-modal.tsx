import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { type CartIntent, messages, selectionProblem } from "../../../workers/services/catalog/choice.rules";
import { effectivePrice } from "../../../workers/services/catalog/pricing";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import type { ProductCardData } from "../../lib/product-card-data";
import type { CartAnswer } from "../../lib/product-choice";
import { findSize } from "../../lib/product-options";
import { Modal } from "../modal";
import { useToast } from "../toast/toast";
import { WishlistHeart } from "../wishlist-heart";
import { ColourSwatches } from "./colour-swatches";
import { Price } from "./price";
import { QuantityStepper } from "./quantity-stepper";
import { SizeOptions } from "./size-options";

interface CardModalProps {
  product: ProductCardData;
  intent: CartIntent;
  onClose: () => void;
  /** Called once the server has accepted the add (the wishlist's "Move to cart" then removes the entry). */
  onAdded?: () => void;
}

/**
 * What a card's Add to Cart or Buy Now does once hydrated: the "Select Size & Color" modal, or for
 * a product with no stock only the out-of-stock message. Loaded on demand (React.lazy in
 * ProductCard), so cards stay light.
 */
export default function CardChoice(props: CardModalProps) {
  return props.product.outOfStock ? <OutOfStock {...props} /> : <CardModal {...props} />;
}

function OutOfStock({ intent, onClose }: CardModalProps) {
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the button is pressed; onClose is a new function on every render of the card.
  useEffect(() => {
    toast.error(messages.productOutOfStock[intent]);
    onClose();
  }, []);
  return null;
}

/**
 * "Select Size & Color" (docs/product/catalog.md). Nothing is preselected. The
 * final button posts to the product page's action, which answers for real.
 */
function CardModal({ product, intent, onClose, onAdded }: CardModalProps) {
  const fetcher = useFetcher<CartAnswer>();
  const navigate = useNavigate();
  const toast = useToast();
  const [color, setColor] = useState<string | null>(null);
  const [sizeName, setSizeName] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const size = findSize(product.sizes, sizeName);
  const problem = selectionProblem(product, { color, size: sizeName, quantity }, intent, "card");
  const busy = fetcher.state !== "idle";
  // A double click adds the piece once.
  const submitOnce = useOneSubmission(busy, fetcher.data, (event) => {
    if (!problem) return;
    event.preventDefault();
    setMessage(problem);
  });
  const shownPrice = size ? { pricePaise: size.pricePaise, effectivePaise: effectivePrice(size) } : product.price;
  // The chosen colour's own picture, so she sees the colour she picks; the card's until then.
  const picture = product.colors.find((c) => c.name === color)?.picture ?? product.image?.url;

  // Acted on once the answer and the header's fresh counts are both in (idle), so the badge never
  // drops back between the two.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer from the server acts; onClose and onAdded are new functions on every render of the card.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.kind === "sign-in") {
      onClose();
      toast.info(answer.message, { toNextPage: true });
      navigate(answer.href);
    } else if (answer.kind === "done") {
      // The choice starts afresh next time (docs/product/catalog.md): closing the modal forgets it.
      toast.success(answer.message);
      onAdded?.();
      onClose();
    } else {
      setMessage(answer.message);
    }
  }, [fetcher.data, fetcher.state]);

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setMessage(null);
      set(value);
    };

  return (
    <Modal onClose={onClose} title="Select Size & Color" className="card-modal">
      {/* Before the form, not in it (a form cannot hold another); floated beside the product's name. */}
      <WishlistHeart productId={product.id} name={product.name} className="card-modal__heart" />
      <fetcher.Form method="post" action={product.href} noValidate onSubmit={submitOnce}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="source" value="card" />
        <div className="card-modal__product">
          {picture && (
            <img
              src={picture}
              alt={color ? `${product.name} in ${color.toLowerCase()}` : ""}
              width={80}
              height={100}
              className="card-modal__picture"
            />
          )}
          <p className="card-modal__name">{product.name}</p>
          {shownPrice && <Price pricePaise={shownPrice.pricePaise} effectivePaise={shownPrice.effectivePaise} />}
        </div>
        <ColourSwatches colors={product.colors} defaultValue={null} value={color} onChange={changed(setColor)} />
        <SizeOptions
          sizes={product.sizes}
          defaultValue={null}
          onChange={changed((name: string) => {
            setSizeName(name);
            setQuantity(1);
          })}
        />
        <QuantityStepper value={quantity} stock={size?.stock ?? null} onChange={changed(setQuantity)} />
        <p className="card-modal__message" role="alert">
          {message}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" aria-disabled={problem !== null || busy}>
            {intent === "buy-now" ? "Checkout" : "Add to Cart"}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
