import type { Plugin } from "vite";
import { patchPlugin, type Replacement, replaceExactly } from "./vite-patch";

/** React Router's production file; each replacement must find exactly react-router 7.18.4's code (pinned in DECISIONS.md). */
const FILE = /\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;

/**
 * The shop draws its links with ShopLink (app/components/shop-link.tsx) and never imports React
 * Router's Link or NavLink, yet both stayed in the script every page loads (~0.8 KiB gzipped with the
 * prefetch and click code only they use): the file creates them with an unmarked `forwardRef` call
 * and then assigns their `displayName`, which a bundler must keep. This marks the two calls pure and
 * drops the two names (they only label components in React's developer tools), so the bundler
 * leaves the pair out when nothing imports them, and keeps them, working as before, when something
 * does.
 */
const SHAKEABLE_LINKS: readonly Replacement[] = [
  { find: "var Link = React10.forwardRef(", replace: "var Link = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'Link.displayName = "Link";\n', replace: "" },
  { find: "var NavLink = React10.forwardRef(", replace: "var NavLink = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'NavLink.displayName = "NavLink";\n', replace: "" },
];

/** React Router's file with Link and NavLink shakeable. */
export const shakeableLinks = (code: string) => replaceExactly(code, SHAKEABLE_LINKS, "react-router links");

const MARKER = "var NavLink = ";

/** Link and NavLink shakeable, in the browser's build and the Worker's. */
export function reactRouterLinks(): Plugin {
  return patchPlugin({
    name: "react-router-links",
    file: FILE,
    marker: MARKER,
    builds: { browser: true, worker: true },
    patch: shakeableLinks,
    missing: "the build did not include React Router's production file with Link",
  });
}
