import { createDb } from "../db/client";
import { assertEnv, dbTimeoutMs, type Env } from "./env";
import { deliverDueMail } from "./services/mail";

/**
 * The Cron Trigger (`[triggers]` in wrangler.toml): sends the mail whose delivery after its response
 * failed, once its pause is over. The run's clock is the time it was scheduled for, so a test can run
 * it "an hour later" without waiting.
 */
export async function scheduled(controller: Pick<ScheduledController, "scheduledTime">, env: Env): Promise<void> {
  assertEnv(env);
  await deliverDueMail({ db: createDb(env, { timeoutMs: dbTimeoutMs(env) }), env, now: () => new Date(controller.scheduledTime) });
}
