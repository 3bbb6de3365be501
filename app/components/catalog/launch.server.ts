const LAUNCH_LABEL = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/**
 * The coming-soon countdown as the server renders it: the target, the time left at `now`, and the
 * date in words, formatted here once so the browser's Intl data cannot disagree with it on hydration.
 */
export function launchCountdown(now: Date, target: string) {
  return {
    target,
    remainingMs: Math.max(0, Date.parse(target) - now.getTime()),
    label: LAUNCH_LABEL.format(new Date(target)),
  };
}

export type LaunchCountdown = ReturnType<typeof launchCountdown>;
