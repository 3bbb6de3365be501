import { useEffect, useLayoutEffect } from "react";
import { useNonce } from "../../lib/nonce";

const SEEN_KEY = "aanchal:home-seen";
const REVEAL_CLASS = "home-reveal";

// Runs while the page is parsed, before the sections below it are painted, so a first visit never
// shows them, hides them and fades them back in. Storage may be unavailable: then no animation.
const SCRIPT = `try{if(!sessionStorage.getItem("${SEEN_KEY}")){sessionStorage.setItem("${SEEN_KEY}","1");document.documentElement.classList.add("${REVEAL_CLASS}")}}catch(e){}`;

const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * docs/product/catalog.md, "Home": on the first visit of a browser session the sections appear one after another
 * (timings in home.css); later visits show them at once. It is a CSS animation that ends fully
 * visible, toggled by a class on <html>: crawlers, shoppers without JavaScript and a failed
 * hydration all get the whole page, and reduced motion turns it off. A document load sets the class
 * with the inline script; a client-side navigation to home sets it before paint here.
 */
export function StagedReveal() {
  const nonce = useNonce();
  useBeforePaint(() => {
    const root = document.documentElement;
    try {
      if (!sessionStorage.getItem(SEEN_KEY)) {
        sessionStorage.setItem(SEEN_KEY, "1");
        root.classList.add(REVEAL_CLASS);
      }
    } catch {
      // No storage, no animation.
    }
    return () => root.classList.remove(REVEAL_CLASS);
  }, []);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, allowed by the CSP nonce; no user content
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
