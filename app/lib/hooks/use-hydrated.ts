import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and while hydrating, true from then on. Controls that need JavaScript
 * (a button that opens a modal) render their no-JavaScript form (a link, a `<details>`) until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
