import type { Plugin } from "vite";

/**
 * The shop draws its links with ShopLink (app/components/shop-link.tsx) and never imports React
 * Router's Link or NavLink, yet both stayed in the script every page loads (~0.8 KiB gzipped with the
 * prefetch and click code only they use): React Router's production file creates them with an
 * unmarked `forwardRef` call and then assigns their `displayName`, which a bundler must keep. This
 * marks the two calls pure and drops the two names (they only label components in React's developer
 * tools), so the bundler leaves the pair out when nothing imports them, and keeps them, working as
 * before, when something does. Each replacement must find exactly react-router 7.18.4's code (pinned
 * in DECISIONS.md), or the build fails.
 */
const FILE = /\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;

const REPLACEMENTS: readonly { find: string; replace: string }[] = [
  { find: "var Link = React10.forwardRef(", replace: "var Link = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'Link.displayName = "Link";\n', replace: "" },
  { find: "var NavLink = React10.forwardRef(", replace: "var NavLink = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'NavLink.displayName = "NavLink";\n', replace: "" },
];

/** React Router's file with Link and NavLink shakeable; throws where one replacement is not met exactly once. */
export function shakeableLinks(code: string): string {
  let out = code;
  for (const { find, replace } of REPLACEMENTS) {
    const found = out.split(find).length - 1;
    if (found !== 1) throw new Error(`router-links-shakeable: expected 1 of ${JSON.stringify(find)}, found ${found}`);
    out = out.replace(find, replace);
  }
  return out;
}

/** Builds only (`npm run dev` uses the development file); a build that never met the file fails too. */
export function routerLinksShakeable(): Plugin {
  let changed = false;
  return {
    name: "aanchal:router-links-shakeable",
    enforce: "pre",
    apply: "build",
    buildStart() {
      changed = false;
    },
    transform(code, id) {
      if (!FILE.test(id) || !code.includes("var NavLink = ")) return;
      try {
        changed = true;
        return { code: shakeableLinks(code), map: null };
      } catch (error) {
        this.error(`${(error as Error).message} in ${id}`);
      }
    },
    buildEnd(error) {
      if (!error && !changed) this.error("router-links-shakeable: the build did not include React Router's production file with Link");
    },
  };
}
