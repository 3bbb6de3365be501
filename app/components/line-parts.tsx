import { PLACEHOLDER_IMAGE, useImageFallback } from "../lib/hooks/use-image-fallback";

/**
 * What a line of the cart, the checkout summary, the thank-you page and My Orders shows the same
 * way: the product's first picture (decorative: the name beside it says what it is; the placeholder
 * when it is missing or fails) and its colour, size and quantity.
 */
export function LinePicture({ image }: { image: { url: string; width: number; height: number } | null }) {
  const fallback = useImageFallback();
  return (
    <img
      {...fallback}
      src={image?.url ?? PLACEHOLDER_IMAGE}
      alt=""
      width={image?.width ?? 800}
      height={image?.height ?? 1000}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Colour (when there is one), size and, when given, quantity, as a description list. */
export function LineOptions({ color, size, quantity }: { color: string; size: string; quantity?: number }) {
  return (
    <dl className="line-options">
      {color && (
        <div>
          <dt>Colour</dt>
          <dd>{color}</dd>
        </div>
      )}
      <div>
        <dt>Size</dt>
        <dd>{size}</dd>
      </div>
      {quantity !== undefined && (
        <div>
          <dt>Qty</dt>
          <dd>{quantity}</dd>
        </div>
      )}
    </dl>
  );
}
