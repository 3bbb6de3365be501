import { useRef } from "react";
import { Modal } from "../modal";
import type { Media } from "./media";

const SWIPE_PX = 40;

interface MediaViewerProps {
  media: readonly Media[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Shows the placeholder instead of a picture that fails (passed in, so this chunk imports nothing more). */
  onImageError: (img: HTMLImageElement) => void;
  name: string;
}

/**
 * Full-screen gallery: previous and next (buttons, arrow keys, a swipe), "2 / 3", Escape to close.
 * Loaded on demand from the gallery; it draws its own media so it shares no code with the page's
 * chunk (which would cost the page an extra module wrapper).
 */
export default function MediaViewer({ media, index, onIndexChange, onClose, onImageError, name }: MediaViewerProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = media.length;
  const item = media[index];
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  return (
    <Modal
      onClose={onClose}
      title={`${name}: pictures`}
      hideTitle
      className="viewer"
      onKeyDown={(event) => {
        if (event.target instanceof HTMLVideoElement || count < 2) return;
        if (event.key === "ArrowRight") go(1);
        else if (event.key === "ArrowLeft") go(-1);
        else return;
        event.preventDefault();
      }}
    >
      <div
        className="viewer__stage"
        onPointerDown={(event) => {
          if (event.isPrimary) start.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const from = start.current;
          start.current = null;
          if (!from || count < 2) return;
          const dx = event.clientX - from.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) go(dx < 0 ? 1 : -1);
        }}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {item?.type === "video" ? (
          // biome-ignore lint/a11y/useMediaCaption: product videos are silent footage of the garment: no speech or sound to caption
          <video
            key={item.url}
            className="viewer__media"
            src={item.url}
            width={item.width}
            height={item.height}
            controls
            playsInline
            aria-label={item.alt}
          />
        ) : (
          item && (
            // biome-ignore lint/a11y/noNoninteractiveElementInteractions: onError is the picture failing to load, not an interaction
            <img
              key={item.url}
              className="viewer__media"
              src={item.url}
              alt={item.alt}
              width={item.width}
              height={item.height}
              draggable={false}
              onError={(event) => onImageError(event.currentTarget)}
            />
          )
        )}
      </div>
      {count > 1 && (
        <div className="viewer__controls">
          <button type="button" className="viewer__button" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous</span>
          </button>
          <p className="viewer__counter" aria-live="polite">
            <span aria-hidden="true">
              {index + 1} / {count}
            </span>
            <span className="visually-hidden">
              {item?.type === "video" ? "Video" : "Image"} {index + 1} of {count}
            </span>
          </p>
          <button type="button" className="viewer__button" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next</span>
          </button>
        </div>
      )}
    </Modal>
  );
}
