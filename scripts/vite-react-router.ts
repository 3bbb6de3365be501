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

/**
 * React Router finds a path's routes by trying its ranked route branches one by one (a regular
 * expression and a few objects each) until one matches. A page render does this five times and more
 * (the document's routes, the data query's, and each parent path of the address for the partial
 * manifest the page carries, paths which match no branch at all, so every branch is tried). The
 * routes do not change while the Worker runs, so the Worker's build remembers, per list of branches
 * React Router keeps, which branch a path matched (or that none did) and tries that one alone the
 * next time. The matches themselves are built afresh for each call, exactly as before; a path the
 * Worker has not met is matched as before. At most MATCH_MEMO paths per list are remembered, then
 * the memory starts over.
 */
const MATCH_MEMO = 1000;

const MATCH_LOOP = `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`;

const REMEMBERED_MATCHES: readonly Replacement[] = [
  {
    find: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
    replace: `var matchedBranches = new WeakMap();
function matchRememberedBranch(branches, decoded, allowPartial) {
  let known = matchedBranches.get(branches);
  if (!known) matchedBranches.set(branches, known = new Map());
  let key = (allowPartial ? "+" : "-") + decoded;
  let index = known.get(key);
  if (index !== void 0) return index < 0 ? null : matchRouteBranch(branches[index], decoded, allowPartial);
  let matches = null;
  let i = 0;
  for (; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);
  if (known.size >= ${MATCH_MEMO}) known.clear();
  known.set(key, matches == null ? -1 : i - 1);
  return matches;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
  },
  {
    find: MATCH_LOOP,
    replace: `  if (precomputedBranches) return matchRememberedBranch(precomputedBranches, decodePath(pathname), allowPartial);
${MATCH_LOOP}`,
  },
];

/** React Router's file with remembered route matches (the Worker's build only). */
export const rememberedMatches = (code: string) => replaceExactly(code, REMEMBERED_MATCHES, "react-router matches");

/** Route matches remembered, in the Worker's build (the browser matches once per navigation). */
export function reactRouterMatches(): Plugin {
  return patchPlugin({
    name: "react-router-matches",
    file: FILE,
    marker: "function matchRoutesImpl(",
    builds: { browser: false, worker: true },
    patch: rememberedMatches,
    missing: "the Worker's build did not include React Router's production file with matchRoutesImpl",
  });
}
