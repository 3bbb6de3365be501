/**
 * `npm run fuzz`: 10,000 malformed requests (tooling/fuzz.ts) against a fresh stack, 8 at a
 * time. Prints the answers by status and by endpoint; fails if any answer is a 5xx (or no answer
 * came), if a back-office answer to a visitor or shopper differs from an unknown address's answer to
 * the same request, or if the database's rows or the R2 bucket differ afterwards.
 * `-- --count N --seed S`.
 */
import { fuzzRequests, prepareFuzzTarget, sendFuzz, shopState } from "../tooling/fuzz";
import { runMeasurement } from "./measure/harness";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const count = arg("count", 10_000);
const seed = arg("seed", 9);

await runMeasurement(
  "fuzz",
  async (stack) => {
    const target = await prepareFuzzTarget(stack.baseUrl, stack.sessionSecret);
    const before = await shopState(stack.dbUrl, stack.baseUrl);
    const started = performance.now();
    const report = await sendFuzz(target, fuzzRequests(target, { seed, count }));
    const seconds = (performance.now() - started) / 1000;
    const after = await shopState(stack.dbUrl, stack.baseUrl);
    return { seed, seconds, ...report, unchanged: before.checksum === after.checksum, rowsBefore: before.rows, rowsAfter: after.rows };
  },
  (r) => {
    console.log(`\n${r.total} requests (seed ${r.seed}) to ${r.endpoints} endpoints in ${r.seconds.toFixed(1)} s`);
    console.table(Object.fromEntries(Object.entries(r.byStatus).map(([status, n]) => [status, { answers: n }])));
    for (const f of r.failures.slice(0, 20)) console.log(`  ${f.status}  ${f.method} ${f.path}  (${f.label})`);
    const b = r.backOffice;
    console.log(
      `Back office: ${b.visitor + b.shopper + b.owner} requests (visitor ${b.visitor}, shopper ${b.shopper}, owner ${b.owner}); ` +
        `${r.differences.length} answers to a visitor or shopper differ from an unknown address's`,
    );
    for (const d of r.differences.slice(0, 20))
      console.log(`  ${d.status} (unknown address: ${d.unknownStatus})  ${d.who}  ${d.method} ${d.path}  (${d.label})`);
    console.log(`Tables and R2 objects: ${JSON.stringify(r.rowsAfter)}`);
    console.log(
      r.unchanged ? "Database and R2 unchanged (checksum of every table's rows and every R2 key)." : "CHANGED: the checksum differs.",
    );
    if (!r.unchanged) console.log(`Rows before: ${JSON.stringify(r.rowsBefore)}`);
    const ok = r.failures.length === 0 && r.differences.length === 0 && r.unchanged;
    console.log(
      ok
        ? "PASS: no 5xx, the back office hidden from anyone but staff, nothing changed."
        : `FAIL: ${r.failures.length} answers were 5xx or failed, ${r.differences.length} back-office answers differed from an unknown address's.`,
    );
    return ok;
  },
);
