import type { Product } from "../../../workers/services/catalog";

export type Media = Product["media"][number];

/** One gallery item at its own size: an image, or a video with controls. */
export function MediaView({ item, priority = false, className }: { item: Media; priority?: boolean; className?: string }) {
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
      className={className}
      src={item.url}
      alt={item.alt}
      width={item.width}
      height={item.height}
      draggable={false}
      decoding="async"
      {...(priority ? { fetchpriority: "high", loading: "eager" } : {})}
    />
  );
}

export function mediaLabel(item: Media, index: number, count: number): string {
  return `${item.type === "video" ? "Video" : "Image"} ${index + 1} of ${count}`;
}
