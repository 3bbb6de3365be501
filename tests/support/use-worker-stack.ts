import { inject } from "vitest";
import { writeAccountsDirectly } from "../../tooling/accounts";

/**
 * Runs before every integration test file, in its worker: points the provided context's stack keys
 * at this worker's stack (see stack-context.ts). Vitest numbers its workers 1..maxWorkers
 * (`VITEST_POOL_ID`) and never gives one number to two files at once, so each number owns a stack.
 * Vitest has no public way to provide a value per worker; its worker state holds what `inject`
 * reads, and this fails loudly if that ever changes rather than letting files share a stack.
 */
const stacks = inject("stacks");
const poolId = Number(process.env.VITEST_POOL_ID);
const mine = stacks?.[poolId - 1];
const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
if (!mine || !state?.providedContext) {
  throw new Error(
    `no test stack for vitest worker ${process.env.VITEST_POOL_ID} of ${stacks?.length ?? 0}: is maxWorkers larger than TEST_WORKERS?`,
  );
}
Object.assign(state.providedContext, mine);

// A shopper a test only needs (not the sign-up it tests) is written straight into this stack's
// database, which saves the Worker a password hash per account (tooling/accounts.ts).
writeAccountsDirectly(mine.baseUrl, { dbUrl: mine.dbUrl, sessionSecret: mine.sessionSecret });
