import { useEffect, useRef, useState } from "react";

export interface TabSection {
  /** The panel's id, also its `#anchor`. */
  id: string;
  label: string;
  content: React.ReactNode;
}

/**
 * WAI-ARIA tabs (automatic activation; arrow keys, Home and End move between them). Each tab is a
 * link to its panel (`#details`, `#reviews`), so a tap before the page's script has started shows
 * that panel through CSS `:target` (app/styles/product/product-tabs.css). Once the tabs have read the address's
 * `#anchor`, they say so (`data-tabs`) and React's selection takes over from `:target` in the same
 * render, so the panel she opened stays open. Without JavaScript the tab list is hidden and every
 * panel shows under its own heading (CSS `scripting: none`).
 */
export function ProductTabs({ sections, label }: { sections: TabSection[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const [ready, setReady] = useState(false);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  // A link to a panel (`#reviews`, where sign-in brings a shopper back to write one, or a tab tapped
  // before the script started) opens its tab.
  const ids = sections.map((s) => s.id).join(" ");
  useEffect(() => {
    const open = (arriving: boolean) => {
      const i = ids.split(" ").findIndex((id) => `#${id}` === window.location.hash);
      if (i < 0) return;
      setSelected(i);
      const panel = document.getElementById(window.location.hash.slice(1));
      // A panel the browser itself went to (the page loaded with its anchor, or a tab tapped before
      // the script) is where it scrolled then, and she may have read on since: no second jump.
      if (!arriving || !panel?.matches(":target")) panel?.scrollIntoView({ block: "start" });
    };
    open(true);
    setReady(true);
    const onHashChange = () => open(false);
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [ids]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: sections.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + sections.length) % sections.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="tabs" data-tabs={ready ? "" : undefined}>
      <div role="tablist" aria-label={label} className="tabs__list js-only" onKeyDown={onKeyDown}>
        {sections.map((s, i) => (
          <a
            key={s.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            href={`#${s.id}`}
            role="tab"
            id={`${s.id}-tab`}
            aria-selected={i === selected}
            aria-controls={s.id}
            tabIndex={i === selected ? 0 : -1}
            className="tabs__tab"
            onClick={(event) => {
              // A tab, not a jump: the page stays where it is.
              event.preventDefault();
              setSelected(i);
            }}
          >
            {s.label}
          </a>
        ))}
      </div>
      {sections.map((s, i) => (
        <section
          key={s.id}
          id={s.id}
          role="tabpanel"
          aria-labelledby={`${s.id}-tab`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable so a keyboard reaches text-only content
          tabIndex={0}
          hidden={i !== selected}
          className="tabs__panel"
        >
          <h2 className="tabs__heading">{s.label}</h2>
          {s.content}
        </section>
      ))}
    </div>
  );
}
