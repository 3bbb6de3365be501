import type { Product } from "../../../workers/services/catalog/catalog";
import { PRIORITY_IMAGE } from "../../lib/deferred-scripts";
import { useImageFallback } from "../../lib/hooks/use-image-fallback";

export type Media = Product["media"][number];

/** One gallery item at its own size: an image (the placeholder if it fails), or a video with controls. */
export function MediaView({ item, priority = false, className }: { item: Media; priority?: boolean; className?: string }) {
  const fallback = useImageFallback();
  if (item.type === "video") {
    return (
      <video
        className={className}
        src={item.url}
        width={item.width}
        height={item.height}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={item.alt}
      />
    );
  }
  return (
    <img
      {...fallback}
      className={className}
      src={item.url}
      alt={item.alt}
      width={item.width}
      height={item.height}
      draggable={false}
      decoding="async"
      {...(priority ? { ...PRIORITY_IMAGE, loading: "eager" } : {})}
    />
  );
}

/**
 * The pictures in the order a shopper who chose `colour` sees them: that colour's first, then the
 * rest, each in the owner's order. No colour, or none of its pictures tagged: the owner's order.
 */
export function colourFirst<T extends Pick<Media, "color">>(media: readonly T[], colour: string | null): readonly T[] {
  const mine = colour ? media.filter((m) => m.color === colour) : [];
  return mine.length === 0 ? media : [...mine, ...media.filter((m) => m.color !== colour)];
}

export function mediaLabel(item: Media, index: number, count: number): string {
  return `${item.type === "video" ? "Video" : "Image"} ${index + 1} of ${count}`;
}
