import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { PLACEHOLDER_IMAGE, showPlaceholder, useImageFallback } from "../../lib/hooks/use-image-fallback";
import { PlayIcon } from "../icons";
import { colourFirst, type Media, MediaView, mediaLabel } from "./media";

const MediaViewer = lazy(() => import("./media-viewer"));

const PLACEHOLDER: Media = { type: "image", url: PLACEHOLDER_IMAGE, alt: "", width: 800, height: 1000, color: null };

function Thumb({ item }: { item: Media }) {
  const fallback = useImageFallback();
  if (item.type === "video") {
    return (
      <span className="gallery__thumb-video">
        <PlayIcon />
      </span>
    );
  }
  return <img {...fallback} src={item.url} alt="" width={item.width} height={item.height} loading="lazy" decoding="async" />;
}

/**
 * The product's images and videos: the chosen one large, thumbnails to choose, and a full-screen
 * viewer loaded when first opened. Each thumbnail is a link to its full-size file, so before the
 * page's script has started (and without JavaScript) a tap opens that picture; once the script is
 * there it shows the picture in the gallery instead. The full-screen button needs the script and is
 * hidden without it (CSS `scripting: none`). The chosen colour's pictures come first, here and in
 * the viewer; choosing another colour shows its first picture.
 */
export function Gallery({ media, name, colour }: { media: readonly Media[]; name: string; colour: string | null }) {
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const [shownColour, setShownColour] = useState(colour);
  if (shownColour !== colour) {
    setShownColour(colour);
    setIndex(0);
  }
  const hydrated = useHydrated();
  const items = media.length > 0 ? colourFirst(media, colour) : [PLACEHOLDER];
  const current = items[index] ?? items[0]!;
  const count = items.length;

  return (
    <section className="gallery" aria-label={`${name}: pictures`}>
      <div className="gallery__stage">
        <MediaView item={current} priority={index === 0} className="gallery__main" />
        {media.length > 0 && (
          <button type="button" className="gallery__zoom js-only" aria-haspopup="dialog" onClick={() => setViewing(true)}>
            <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
            <span className="visually-hidden">View full screen ({mediaLabel(current, index, count)})</span>
          </button>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs">
          {items.map((item, i) => (
            <li key={item.url}>
              <a
                href={item.url}
                // A link to the file until the script can show it here; a button from then on.
                role={hydrated ? "button" : undefined}
                className="gallery__thumb"
                aria-label={`Show ${mediaLabel(item, i, count).toLowerCase()}`}
                aria-current={hydrated && i === index ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setIndex(i);
                }}
              >
                <Thumb item={item} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <MediaViewer
            media={items}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setViewing(false)}
            onImageError={showPlaceholder}
            name={name}
          />
        </Suspense>
      )}
    </section>
  );
}
