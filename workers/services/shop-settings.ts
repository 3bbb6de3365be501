import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { ServiceContext } from "./context";
import { settings } from "./settings";

/**
 * The money rules the shop applies now: the delivery charge and the free-shipping threshold (off, or
 * an amount). Stored in `shop_settings` so the owner can change them without a deploy (issue 14's
 * back office); a rule with no row, or a row that does not parse, has its default from settings.ts.
 * Checkout, the order service, the FAQ and the policy pages all read them here, in the request's
 * one round trip, so no page can promise what checkout does not charge.
 */
export interface MoneyRules {
  deliveryChargePaise: number;
  freeShippingThresholdPaise: number | null;
}

const paise = z.number().int().min(0).max(100_000_00);
const ruleSchemas = {
  deliveryChargePaise: paise,
  freeShippingThresholdPaise: paise.nullable(),
} satisfies Record<keyof MoneyRules, z.ZodType>;

export type MoneyRuleKey = keyof typeof ruleSchemas;
const KEYS = Object.keys(ruleSchemas) as MoneyRuleKey[];

const moneyRulesQuery = (db: Db) =>
  db.all<{ key: string; value: string }>(
    sql`select key, value from shop_settings where key in (${sql.join(
      KEYS.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );

/** The shop's money rules, read with the request's other reads. */
export async function moneyRules(ctx: Pick<ServiceContext, "db" | "read">): Promise<MoneyRules> {
  const rows = await ctx.read(moneyRulesQuery(ctx.db));
  const rules: MoneyRules = { ...settings.money };
  for (const row of rows) {
    const key = row.key as MoneyRuleKey;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    const parsed = ruleSchemas[key]?.safeParse(value);
    if (parsed?.success) (rules as Record<MoneyRuleKey, unknown>)[key] = parsed.data;
  }
  return rules;
}

/** Sets one money rule (the back office; tests). Refuses a value its rule does not allow. */
export async function setMoneyRule(ctx: Pick<ServiceContext, "db" | "now">, key: MoneyRuleKey, value: unknown): Promise<void> {
  const parsed = ruleSchemas[key].parse(value);
  await ctx.db.run(sql`insert into shop_settings (key, value, updated_at) values (${key}, ${JSON.stringify(parsed)}, ${ctx.now().getTime()})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
}
