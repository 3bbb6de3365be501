/**
 * `npm run lighthouse`: Lighthouse 12 (default mobile config, simulated throttling) on the home,
 * product, listing and search pages, with the failing audits of any category below 100 so a
 * developer knows what to fix. Scores on a shared 2-core box wobble by a few points between runs.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { onCleanup, runMeasurement } from "./measure/harness";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, printTable, storefrontPages } from "./measure/pages";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Audits that cost the category points: scored, below 0.9 (Lighthouse's "pass" line), heaviest
 * first. "hidden" refs are skipped as the HTML report does (in 12.x they duplicate diagnostics).
 */
function failingAudits(lhr: Lhr, categoryId: string): string[] {
  const unscored = ["informative", "notApplicable", "manual"];
  const failing = [];
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === "hidden" || unscored.includes(audit.scoreDisplayMode)) continue;
    if (audit.scoreDisplayMode === "error" || (audit.score !== null && audit.score < 0.9)) failing.push({ ref, audit });
  }
  return failing
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0))
    .map(({ audit }) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
}

await runMeasurement(
  "lighthouse",
  async (stack) => {
    const pages = await storefrontPages(stack.baseUrl);
    // chrome-launcher's own Ctrl-C handler would exit before the stack is stopped: ours does both.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      handleSIGINT: false,
      logLevel: "silent",
    });
    const killChrome = onCleanup(() => chrome.kill());

    const results = [];
    for (const page of pages) {
      console.log(`Lighthouse: ${page.path}`);
      const audit = async () => {
        const run = await lighthouse(stack.baseUrl + page.path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        if (!run) throw new Error(`Lighthouse returned no result for ${page.path}`);
        return run.lhr;
      };
      const first = await audit();
      // On a busy 2-core box the trace is sometimes lost (NO_NAVSTART: "run Lighthouse again"): retry once.
      const lhr = first.runtimeError && page.status < 400 ? await audit() : first;
      // A failed load (e.g. a 404 page) scores nothing and every audit errors: report the cause instead.
      const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)]),
      );
      const failing = error ? {} : Object.fromEntries(CATEGORIES.filter((c) => scores[c] !== 100).map((c) => [c, failingAudits(lhr, c)]));
      results.push({
        version: lhr.lighthouseVersion,
        url: stack.baseUrl + page.path,
        page: page.label,
        path: page.path,
        status: page.status,
        scores,
        failing,
        error,
        warnings: lhr.runWarnings,
      });
    }
    await killChrome();
    return results;
  },
  (results) => {
    console.log(`\nLighthouse ${results[0]?.version}, mobile (default config)\n`);
    printTable(
      ["page", ...CATEGORIES],
      results.map((r) => [r.page, ...CATEGORIES.map((c) => String(r.scores[c] ?? "n/a"))]),
    );
    for (const r of results) {
      const entries = Object.entries(r.failing);
      if (entries.length === 0 && !r.error) continue;
      console.log(`\n${r.page}  ${r.path}`);
      if (r.error) console.log(`  not scored: ${r.error}`);
      for (const [category, titles] of entries) {
        const shown = titles.slice(0, 8).join("; ") + (titles.length > 8 ? `; +${titles.length - 8} more` : "");
        console.log(`  ${category} ${r.scores[category] ?? "n/a"}: ${shown || "(no single failing audit)"}`);
      }
    }
  },
);
