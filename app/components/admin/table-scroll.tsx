import type { ReactNode } from "react";

/**
 * A wide table's own sideways-scrolling region, so the page itself never runs off a phone's screen.
 * Shadows at its edges show there is more to see; on a narrow screen a line says so in words. A
 * region with a name and a tab stop, so it can be scrolled from the keyboard too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus, or a keyboard cannot scroll it.
    <section className="admin-scroll" aria-label={label} tabIndex={0}>
      <p className="admin-scroll__hint" aria-hidden="true">
        Scroll sideways for every column →
      </p>
      {children}
    </section>
  );
}
