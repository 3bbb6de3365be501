import { useEffect, useRef, useState } from "react";

export interface TabSection {
  /** The panel's id, also its `#anchor`. */
  id: string;
  label: string;
  content: React.ReactNode;
}

/**
 * WAI-ARIA tabs (automatic activation; arrow keys, Home and End move between them). Without
 * JavaScript the tab list is hidden and every panel shows under its own heading (CSS `scripting:
 * none`), so `#details` and `#reviews` work as anchors.
 */
export function ProductTabs({ sections, label }: { sections: TabSection[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // A link to a panel (`#reviews`, where sign-in brings a shopper back to write one) opens its tab.
  const ids = sections.map((s) => s.id).join(" ");
  useEffect(() => {
    const open = () => {
      const i = ids.split(" ").findIndex((id) => `#${id}` === window.location.hash);
      if (i < 0) return;
      setSelected(i);
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "start" });
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
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
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list js-only" onKeyDown={onKeyDown}>
        {sections.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${s.id}-tab`}
            aria-selected={i === selected}
            aria-controls={s.id}
            tabIndex={i === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(i)}
          >
            {s.label}
          </button>
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
