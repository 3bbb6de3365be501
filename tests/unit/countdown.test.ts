import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Countdown } from "../../app/components/catalog/countdown";
import { launchCountdown } from "../../app/components/catalog/launch.server";

/** The numbers the countdown shows, unit by unit, in the HTML the server sends. */
function shown(html: string) {
  return [...html.matchAll(/countdown__value">(\d+)<\/span><span class="countdown__label">(\w+)</g)].map(
    ([, value, unit]) => `${value} ${unit}`,
  );
}

describe("coming-soon countdown before the launch", () => {
  // 1 day, 2 hours, 3 minutes and 4.5 seconds before a launch at midnight IST.
  const target = "2031-03-01T00:00:00+05:30";
  const now = new Date(Date.parse(target) - (((1 * 24 + 2) * 60 + 3) * 60 + 4.5) * 1000);

  it("renders the time left in whole days, hours, minutes and seconds, and names the launch date", () => {
    const countdown = launchCountdown(now, target);
    expect(countdown.remainingMs).toBe(((26 * 60 + 3) * 60 + 4.5) * 1000);
    const html = renderToStaticMarkup(createElement(Countdown, countdown));
    expect(shown(html)).toEqual(["01 Days", "02 Hours", "03 Minutes", "04 Seconds"]);
    expect(html).toContain("Counting down to 1 March 2031");
    expect(html).not.toContain("has ended");
  });

  it("says the shop is open, with the way to the collection, once the launch has passed", () => {
    const html = renderToStaticMarkup(createElement(Countdown, launchCountdown(new Date(Date.parse(target) + 60_000), target)));
    expect(shown(html)).toEqual([]);
    expect(html).not.toContain('role="timer"');
    expect(html).toMatch(/We.re open — <a href="\/all-products"[^>]*>browse the collection<\/a>/);
  });
});
