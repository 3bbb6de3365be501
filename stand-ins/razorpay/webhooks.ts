import {
  ACCOUNT_ID,
  hmacHex,
  now,
  type RazorpayOrderEntity,
  type RazorpayPaymentEntity,
  razorpayId,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDelivery,
} from "./api";

/** The webhooks of a running stand-in: signed, sent one after another per payment, retried on failure. */
export function webhookSender(options: {
  webhookUrl: string | undefined;
  webhookSecret: string;
  webhookAttempts: number;
  webhookRetryMs: number;
  log: (message: string) => void;
  deliveries: WebhookDelivery[];
  pending: Set<Promise<void>>;
  aborter: AbortController;
}) {
  const { webhookSecret, webhookAttempts, webhookRetryMs, log, deliveries, pending, aborter } = options;
  let webhookUrl = options.webhookUrl;
  let closed = false;

  // ---- webhooks ----

  /** Events of one payment go out one after another, in Razorpay's order, each retried on failure. */
  function queueWebhooks(order: RazorpayOrderEntity, payment: RazorpayPaymentEntity, events: { event: string; contains: string[] }[]) {
    // Snapshots: later changes to the entities never leak into an event already made.
    const paymentSnapshot = structuredClone(payment);
    const orderSnapshot = structuredClone(order);
    const planned = events.map(({ event, contains }) => {
      const delivery: WebhookDelivery = {
        eventId: razorpayId("evt"),
        event,
        orderId: order.id,
        paymentId: payment.id,
        state: "pending",
        attempts: 0,
        lastResult: null,
      };
      deliveries.push(delivery);
      const payload: Record<string, unknown> = { payment: { entity: paymentSnapshot } };
      if (contains.includes("order")) payload.order = { entity: orderSnapshot };
      const raw = JSON.stringify({ entity: "event", account_id: ACCOUNT_ID, event, contains, payload, created_at: now() });
      return { delivery, raw };
    });
    const run = (async () => {
      for (const { delivery, raw } of planned) await deliver(delivery, raw);
    })().catch((err: unknown) => log(`Razorpay stand-in: webhook sending stopped: ${err instanceof Error ? err.message : String(err)}`));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function deliver(delivery: WebhookDelivery, raw: string): Promise<void> {
    const signature = hmacHex(webhookSecret, raw);
    for (let attempt = 1; attempt <= webhookAttempts; attempt += 1) {
      if (closed) break;
      const target = webhookUrl;
      if (!target) {
        delivery.lastResult = "no webhook URL";
        break;
      }
      delivery.attempts = attempt;
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "User-Agent": "Razorpay-Webhook/v1",
            "X-Razorpay-Signature": signature,
            "X-Razorpay-Event-Id": delivery.eventId,
          },
          body: raw,
          signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        });
        await response.body?.cancel().catch(() => {});
        delivery.lastResult = String(response.status);
        if (response.ok) {
          delivery.state = "delivered";
          return;
        }
      } catch (err) {
        delivery.lastResult = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      }
      if (closed) break;
      log(`Razorpay stand-in: webhook ${delivery.event} (${delivery.eventId}) to ${target}, attempt ${attempt}: ${delivery.lastResult}`);
      if (attempt < webhookAttempts) await sleep(webhookRetryMs * 2 ** (attempt - 1));
    }
    delivery.state = "failed";
  }

  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const stop = () => {
        clearTimeout(timer);
        timers.delete(timer);
        done();
      };
      const timer = setTimeout(() => {
        aborter.signal.removeEventListener("abort", stop);
        timers.delete(timer);
        done();
      }, ms);
      timers.add(timer);
      aborter.signal.addEventListener("abort", stop, { once: true });
    });

  return {
    queueWebhooks,
    timers,
    url: () => webhookUrl,
    setUrl(url: string | undefined) {
      webhookUrl = url;
    },
    /** No delivery starts or retries after this. */
    stop() {
      closed = true;
    },
  };
}
