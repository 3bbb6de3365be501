import { useEffect, useState } from "react";

/**
 * Milliseconds left until a moment, ticking each second in the browser and stopping at zero.
 * `initialMs` is what the server rendered (so hydration matches); `end` is read in the browser,
 * again whenever `restart` changes. It reads the browser's clock (`Date.now`, `setInterval`), which a
 * test replaces (Playwright's `page.clock`) instead of waiting.
 */
export function useTimeLeft(initialMs: number, end: () => number, restart: unknown): number {
  const [left, setLeft] = useState(initialMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart is the trigger; end is read once per restart.
  useEffect(() => {
    const endsAt = end();
    const update = () => {
      const remaining = Math.max(0, endsAt - Date.now());
      setLeft(remaining);
      return remaining;
    };
    if (update() === 0) return;
    const timer = setInterval(() => {
      if (update() === 0) clearInterval(timer);
    }, 1_000);
    return () => clearInterval(timer);
  }, [restart]);
  return left;
}
