import { useState } from "react";
import { useStoreContact } from "../lib/store-contact";
import { PauseIcon, PlayIcon } from "./icons";

const COPIES = 4;

/** The home page's scrolling offer band. Still for reduced motion; hover, focus or the button pause it. */
export function PromoMarquee() {
  const [paused, setPaused] = useState(false);
  const text = useStoreContact().promoLine;
  const group = (hidden: boolean) => (
    <span className="marquee__group" aria-hidden={hidden || undefined}>
      {Array.from({ length: COPIES }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical copies of one text that never reorder
        <span key={i} className="marquee__item" aria-hidden={(!hidden && i > 0) || undefined}>
          {text}
        </span>
      ))}
    </span>
  );
  return (
    <aside className={paused ? "marquee is-paused" : "marquee"} aria-label="Offer">
      <p className="marquee__track">
        {group(false)}
        {group(true)}
      </p>
      <button
        type="button"
        className="marquee__toggle"
        aria-label="Pause the offer animation"
        aria-pressed={paused}
        onClick={() => setPaused(!paused)}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </aside>
  );
}
