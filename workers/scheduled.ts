import { createDb } from "../db/client";
import { assertEnv, dbTimeoutMs, type Env } from "./env";
import { expirePendingOrders } from "./services/orders/order-payments";
import { deliverDueMail } from "./services/platform/mail";

/**
 * The Cron Trigger (`[triggers]` in wrangler.toml), every minute: expires unpaid online orders past
 * their 30 minutes (workers/services/orders/order-payments.ts), and sends the mail whose delivery after its response
 * failed, once its pause is over. The run's clock is the time it was scheduled for, so a test can run
 * it "an hour later" without waiting.
 */
export async function scheduled(controller: Pick<ScheduledController, "scheduledTime">, env: Env): Promise<void> {
  assertEnv(env);
  const ctx = { db: createDb(env, { timeoutMs: dbTimeoutMs(env) }), env, now: () => new Date(controller.scheduledTime) };
  // Pending online orders past their payment window give their stock back first, then mail goes out.
  const expired = await expirePendingOrders(ctx);
  if (expired > 0) console.log(`Expired ${expired} unpaid online order(s); their stock is back on the shelf.`);
  await deliverDueMail(ctx);
}
