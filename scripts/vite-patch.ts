import type { Plugin } from "vite";

/** One exact text replacement in a library's built file, and how many times it must be found. */
export interface Replacement {
  find: string;
  replace: string;
  count?: number;
}

/**
 * Applies each replacement, which must find its text exactly `count` times (once by default): a
 * library upgraded past its pinned version fails the build instead of shipping a half-changed file.
 */
export function replaceExactly(code: string, replacements: readonly Replacement[], label: string): string {
  let out = code;
  for (const { find, replace, count = 1 } of replacements) {
    const found = out.split(find).length - 1;
    if (found !== count) throw new Error(`${label}: expected ${count} of ${JSON.stringify(find.slice(0, 60))}..., found ${found}`);
    out = out.split(find).join(replace);
  }
  return out;
}

/**
 * A build-only plugin that rewrites one library file (`file` matches its id and `marker` its code)
 * with `patch`, in the builds `worker` and/or `browser` choose. A build that never met the file
 * fails too, rather than ship the unchanged library without a word.
 */
export function patchPlugin(options: {
  name: string;
  file: RegExp;
  marker?: string;
  builds: { browser: boolean; worker: boolean };
  patch: (code: string) => string;
  missing: string;
}): Plugin {
  let changed = false;
  return {
    name: `aanchal:${options.name}`,
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => (environment.name === "client" ? options.builds.browser : options.builds.worker),
    buildStart() {
      changed = false;
    },
    transform(code, id) {
      if (!options.file.test(id) || (options.marker && !code.includes(options.marker))) return;
      try {
        changed = true;
        return { code: options.patch(code), map: null };
      } catch (error) {
        this.error(`${(error as Error).message} in ${id}`);
      }
    },
    buildEnd(error) {
      if (!error && !changed) this.error(`${options.name}: ${options.missing}`);
    },
  };
}
