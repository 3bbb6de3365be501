/**
 * `npm run lighthouse`: Lighthouse 12 (default mobile config, simulated throttling) on the home,
 * product, listing and search pages, with the failing audits of any category below 100 so a
 * developer knows what to fix. Scores on a shared 2-core box wobble by a few points between runs:
 * `--runs N` audits each page N times and reports the median of each figure.
 *
 * `--interactive` measures instead how long each page takes from its first paint to hydrated on a
 * phone with a 4x slower CPU, beside a static copy of it (scripts/measure/interactive.ts; `--runs`
 * defaults to 7 there, `--only` takes its page names, `--profile <dir>` keeps a CPU profile per page,
 * `--against <build dir>` measures another build in the same rounds, e.g. a copy of `build/` from before a change).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, printTable, storefrontPages } from "../tooling/pages";
import { onCleanup, runMeasurement } from "./measure/harness";
import { measureInteractive, reportInteractive } from "./measure/interactive";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
/** Paint timings shown beside the scores, in seconds (Lighthouse's simulated mobile figures). */
const METRICS = { fcp: "first-contentful-paint", lcp: "largest-contentful-paint", tbt: "total-blocking-time" } as const;
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg === -1 ? 1 : Math.max(1, Number(process.argv[runsArg + 1]) || 1);
/** `--reports <dir>` keeps each page's full Lighthouse report (JSON), to see what a figure is made of. */
const reportsArg = process.argv.indexOf("--reports");
const REPORTS_DIR = reportsArg === -1 ? undefined : process.argv[reportsArg + 1];
/** `--only <label>[,<label>...]` audits just those pages (e.g. product, or home,product). */
const onlyArg = process.argv.indexOf("--only");
const ONLY = onlyArg === -1 ? undefined : process.argv[onlyArg + 1]?.split(",");
const profileArg = process.argv.indexOf("--profile");
const againstArg = process.argv.indexOf("--against");

if (process.argv.includes("--interactive")) {
  await runMeasurement(
    "interactive",
    (stack) =>
      measureInteractive(stack, {
        runs: runsArg === -1 ? 7 : RUNS,
        only: ONLY,
        profileDir: profileArg === -1 ? undefined : process.argv[profileArg + 1],
        against: againstArg === -1 ? undefined : process.argv[againstArg + 1],
      }),
    reportInteractive,
  );
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

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
    const pages = (await storefrontPages(stack.baseUrl)).filter((page) => !ONLY || ONLY.includes(page.label));
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
      const runs: Lhr[] = [];
      for (let i = 0; i < RUNS; i++) {
        const first = await audit();
        // On a busy 2-core box the trace is sometimes lost (NO_NAVSTART: "run Lighthouse again"): retry once.
        runs.push(first.runtimeError && page.status < 400 ? await audit() : first);
      }
      const scored = runs.filter((r) => !r.runtimeError);
      const lhr = scored.at(-1) ?? runs.at(-1)!;
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        writeFileSync(join(REPORTS_DIR, `${page.label.replaceAll(/\W+/g, "-")}.json`), JSON.stringify(lhr));
      }
      // A failed load (e.g. a 404 page) scores nothing and every audit errors: report the cause instead.
      const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
      const medianOf = (value: (r: Lhr) => number | null | undefined) =>
        median(scored.map(value).filter((v): v is number => typeof v === "number"));
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => {
          const score = medianOf((r) => r.categories[c]?.score);
          return [c, score === null ? null : Math.round(score * 100)];
        }),
      );
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([key, id]) => [key, medianOf((r) => r.audits[id]?.numericValue)]),
      ) as Record<keyof typeof METRICS, number | null>;
      const failing = error ? {} : Object.fromEntries(CATEGORIES.filter((c) => scores[c] !== 100).map((c) => [c, failingAudits(lhr, c)]));
      results.push({
        version: lhr.lighthouseVersion,
        url: stack.baseUrl + page.path,
        page: page.label,
        path: page.path,
        status: page.status,
        runs: scored.length,
        scores,
        metrics,
        failing,
        error,
        warnings: lhr.runWarnings,
      });
    }
    await killChrome();
    return results;
  },
  (results) => {
    const runs = RUNS > 1 ? `, median of ${RUNS} runs` : "";
    console.log(`\nLighthouse ${results[0]?.version}, mobile (default config)${runs}\n`);
    const ms = (v: number | null) => (v === null ? "n/a" : (v / 1000).toFixed(2));
    printTable(
      ["page", ...CATEGORIES, "FCP s", "LCP s", "TBT s"],
      results.map((r) => [
        r.page,
        ...CATEGORIES.map((c) => String(r.scores[c] ?? "n/a")),
        ms(r.metrics.fcp),
        ms(r.metrics.lcp),
        ms(r.metrics.tbt),
      ]),
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
