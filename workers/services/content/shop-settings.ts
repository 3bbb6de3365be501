import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { auditStatement, requireStaff } from "../back-office/staff";
import { purgeStorefront } from "../back-office/storefront-purge";
import { paiseToRupees } from "../catalog/pricing";
import { isGstin, stateCode } from "../orders/gst";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { indiaDay, indiaMidnight } from "../platform/india-time.rules";
import { paiseOf } from "../platform/rupees-input.rules";
import { invalidInput } from "../platform/validate";
import {
  SETTINGS_MESSAGES as M,
  phoneHref,
  SHOP_SETTING_DEFAULTS,
  SHOP_SETTING_KEYS,
  type ShopSettingKey,
  type ShopSettings,
} from "./shop-settings.rules";

export type { ShopSettings } from "./shop-settings.rules";

/**
 * The shop's settings (the money rules and the rest of the owner's Settings page): the delivery charge, the
 * free-shipping threshold, the promo line, the gift promotion, the launch date, the low-stock
 * threshold, the store's address, hours, e-mail and phone, and the GSTIN. Stored in `shop_settings`
 * (one row a key, its value JSON) so the owner changes them without a deploy; a key with no row, or a
 * row that does not parse, has its default from settings.ts (shop-settings.rules.ts).
 *
 * `shopSettings(ctx)` reads them all in ONE statement, through `ctx.read`, so it travels in the
 * request's one batch; it is memoised per request, so the root loader (header, footer) and the page's
 * loader (checkout, FAQ, policies...) share one read.
 */
export interface MoneyRules {
  deliveryChargePaise: number;
  freeShippingThresholdPaise: number | null;
}

const paise = z.number().int().min(0).max(100_000_00);
const line = (max: number) => z.string().trim().min(1).max(max);
const storedSchemas = {
  deliveryChargePaise: paise,
  freeShippingThresholdPaise: paise.nullable(),
  promoLine: line(160),
  giftOrderLimit: z.number().int().min(0).max(100_000),
  launchDate: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
  lowStockThreshold: z.number().int().min(0).max(1_000),
  address: z.object({
    line1: line(120),
    line2: z.string().trim().max(120),
    city: line(60),
    state: line(60),
    pin: z.string().regex(/^\d{6}$/),
  }),
  hours: line(60),
  email: z.email(),
  phone: z.string().regex(/^\+?[\d\s-]{10,20}$/),
  gstin: z.string().refine(isGstin),
} satisfies Record<ShopSettingKey, z.ZodType>;

const settingsQuery = (db: Db) =>
  db.all<{ key: string; value: string }>(
    sql`select key, value from shop_settings where key in (${sql.join(
      SHOP_SETTING_KEYS.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );

function fromRows(rows: readonly { key: string; value: string }[]): ShopSettings {
  const out: ShopSettings = { ...SHOP_SETTING_DEFAULTS, address: { ...SHOP_SETTING_DEFAULTS.address } };
  for (const row of rows) {
    const key = row.key as ShopSettingKey;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    const parsed = storedSchemas[key]?.safeParse(value);
    if (parsed?.success) (out as unknown as Record<ShopSettingKey, unknown>)[key] = parsed.data;
  }
  return out;
}

/** One read per request: keyed by the request's batcher (built once per request). */
const memo = new WeakMap<object, Promise<ShopSettings>>();

/** Every shop setting, read with the request's other reads (one statement, once per request). */
export function shopSettings(ctx: Pick<ServiceContext, "db" | "read">): Promise<ShopSettings> {
  const known = memo.get(ctx.read);
  if (known) return known;
  const read = ctx.read(settingsQuery(ctx.db)).then(fromRows);
  memo.set(ctx.read, read);
  // A failed read (the database is down) is not kept: the next caller asks again.
  read.catch(() => memo.delete(ctx.read));
  return read;
}

/** Every shop setting, read on its own (the mail sender, outside a request's batch). */
export const readShopSettings = (db: Db): Promise<ShopSettings> => settingsQuery(db).then(fromRows);

/** The shop's money rules (checkout, the order service, the FAQ, the policies): part of the one read. */
export async function moneyRules(ctx: Pick<ServiceContext, "db" | "read">): Promise<MoneyRules> {
  const s = await shopSettings(ctx);
  return { deliveryChargePaise: s.deliveryChargePaise, freeShippingThresholdPaise: s.freeShippingThresholdPaise };
}

export type MoneyRuleKey = keyof MoneyRules;

/** Sets one money rule (tests). Refuses a value its rule does not allow. */
export async function setMoneyRule(ctx: Pick<ServiceContext, "db" | "now">, key: MoneyRuleKey, value: unknown): Promise<void> {
  const parsed = storedSchemas[key].parse(value);
  await ctx.db.run(upsert(key, parsed, ctx.now()));
}

const upsert = (key: ShopSettingKey, value: unknown, at: Date) =>
  sql`insert into shop_settings (key, value, updated_at) values (${key}, ${JSON.stringify(value)}, ${at.getTime()})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`;

// The edge (the API's JSON and the settings form): rupees, a date, the address's fields.

/** A number as JSON sends it or as a form field does ("49", "49.50"); anything else is NaN (refused). */
const numberish = z.preprocess((v) => {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return Number.NaN;
}, z.number());
const rupees = (max: number, error: string) =>
  numberish.refine((v) => v >= 0 && v <= max && !Number.isNaN(paiseOf(v)), { error }).transform(paiseOf);
const whole = (max: number, error: string) => numberish.refine((v) => Number.isInteger(v) && v >= 0 && v <= max, { error });
const text = (min: number, max: number, error: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ") : v),
    z.string({ error }).min(min, { error }).max(max, { error }),
  );

/** What the owner may send: any of these; a key left out keeps its value. */
const editSchema = z
  .object({
    deliveryCharge: rupees(10_000, M.deliveryCharge),
    freeShippingThreshold: z.union([z.null(), rupees(100_000, M.freeShipping).refine((p) => p >= 100, { error: M.freeShipping })], {
      error: M.freeShipping,
    }),
    promoLine: text(1, 160, M.promoLine),
    giftOrderLimit: whole(100_000, M.giftOrderLimit),
    launchDate: z
      .string({ error: M.launchDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.launchDate })
      .refine((d) => !Number.isNaN(Date.parse(indiaMidnight(d))) && indiaDay(indiaMidnight(d)) === d, { error: M.launchDate }),
    lowStockThreshold: whole(1_000, M.lowStockThreshold),
    address: z.object(
      {
        line1: text(1, 120, M.line1),
        line2: text(0, 120, M.line2),
        city: text(1, 60, M.city),
        state: text(1, 60, M.state),
        pin: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: M.pin }).regex(/^\d{6}$/, { error: M.pin })),
      },
      { error: M.line1 },
    ),
    hours: text(1, 60, M.hours),
    email: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.email({ error: M.email }).max(254, { error: M.email }),
    ),
    phone: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ") : v),
      z
        .string({ error: M.phone })
        .regex(/^\+?[\d\s-]+$/, { error: M.phone })
        .refine(
          (p) => {
            const n = p.replace(/\D/g, "").length;
            return n >= 10 && n <= 13;
          },
          { error: M.phone },
        ),
    ),
    gstin: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.string({ error: M.gstin }).refine(isGstin, { error: M.gstin }),
    ),
  })
  .partial()
  .strict();

type Edit = z.output<typeof editSchema>;

/** The edit in stored form: paise, the launch instant in India's time. */
function storedOf(edit: Edit): Partial<ShopSettings> {
  const out: Partial<ShopSettings> = {};
  if (edit.deliveryCharge !== undefined) out.deliveryChargePaise = edit.deliveryCharge;
  if (edit.freeShippingThreshold !== undefined) out.freeShippingThresholdPaise = edit.freeShippingThreshold;
  if (edit.promoLine !== undefined) out.promoLine = edit.promoLine;
  if (edit.giftOrderLimit !== undefined) out.giftOrderLimit = edit.giftOrderLimit;
  if (edit.launchDate !== undefined) out.launchDate = indiaMidnight(edit.launchDate);
  if (edit.lowStockThreshold !== undefined) out.lowStockThreshold = edit.lowStockThreshold;
  if (edit.address !== undefined) out.address = edit.address;
  if (edit.hours !== undefined) out.hours = edit.hours;
  if (edit.email !== undefined) out.email = edit.email;
  if (edit.phone !== undefined) out.phone = edit.phone;
  if (edit.gstin !== undefined) out.gstin = edit.gstin;
  return out;
}

/** The field names of a refused edit, as the form names them (the address's parts by their own names). */
function editProblems(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= `Unknown setting: ${key}`;
      continue;
    }
    const path = issue.path.map(String);
    const key = path[0] === "address" && path[1] ? path[1] : (path[0] ?? "settings");
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The settings as the API answers them: rupees, the launch date as India's calendar day, the tel: link. */
export function settingsAnswer(s: ShopSettings) {
  return {
    deliveryCharge: paiseToRupees(s.deliveryChargePaise),
    freeShippingThreshold: s.freeShippingThresholdPaise === null ? null : paiseToRupees(s.freeShippingThresholdPaise),
    promoLine: s.promoLine,
    giftOrderLimit: s.giftOrderLimit,
    launchDate: indiaDay(s.launchDate),
    lowStockThreshold: s.lowStockThreshold,
    address: s.address,
    hours: s.hours,
    email: s.email,
    phone: s.phone,
    phoneHref: phoneHref(s.phone),
    gstin: s.gstin,
  };
}

/** The owner's view of the settings (GET /api/admin/settings, the Settings page): one round trip with the owner check. */
export async function adminShopSettings(ctx: ServiceContext): Promise<ShopSettings> {
  await ctx.claims();
  const [, s] = await Promise.all([requireStaff(ctx, "owner"), shopSettings(ctx)]);
  return s;
}

export interface SettingsSave {
  settings: ShopSettings;
  /** The keys this request changed (none: the values were already these, nothing written). */
  changed: ShopSettingKey[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The owner changes some settings (PUT /api/admin/settings, the Settings page's form): every value
 * checked first (one refused value: a 400 naming each refused field, and nothing changes), then the
 * changed keys written and ONE audit entry (before and after of the changed keys only) in one batch;
 * then every cached storefront page is dropped (the header and the footer are on all of them).
 */
export async function saveShopSettings(ctx: ServiceContext, input: unknown): Promise<SettingsSave> {
  const owner = await requireStaff(ctx, "owner");
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new AppError(400, M.invalid);
  const parsed = editSchema.safeParse(input);
  if (!parsed.success) {
    const fields = editProblems(parsed.error.issues);
    throw invalidInput(Object.values(fields)[0] ?? M.invalid, fields);
  }
  const wanted = storedOf(parsed.data);
  const current = await shopSettings(ctx);
  const changed = (Object.keys(wanted) as ShopSettingKey[]).filter((k) => !same(wanted[k], current[k]));
  const next: ShopSettings = { ...current, ...wanted };
  // A GSTIN begins with its state's code: the store's state must be that state.
  const storeState = stateCode(next.address.state);
  if ((changed.includes("gstin") || changed.includes("address")) && storeState !== null && next.gstin.slice(0, 2) !== storeState) {
    const message = M.gstinState(next.gstin.slice(0, 2), next.address.state, storeState);
    throw invalidInput(message, { gstin: message });
  }
  if (changed.length === 0) return { settings: current, changed };
  const now = ctx.now();
  const before = Object.fromEntries(changed.map((k) => [k, current[k]]));
  const after = Object.fromEntries(changed.map((k) => [k, next[k]]));
  const [first, ...rest] = changed.map((k) => ctx.db.run(upsert(k, next[k], now)));
  await ctx.db.batch([
    first!,
    ...rest,
    auditStatement(ctx.db, { actorId: owner.id, action: "settings.update", entity: "settings", entityId: "shop", before, after, at: now }),
  ]);
  // Later reads in this request see the new values.
  memo.set(ctx.read, Promise.resolve(next));
  await purgeStorefront();
  return { settings: next, changed };
}

/**
 * The low-stock threshold the owner set, as an SQL expression: a list filtered by it can leave in the
 * request's one batch instead of waiting for the settings first (the dashboard, stock, products).
 */
export const lowStockThresholdSql = sql`coalesce((select cast(value as integer) from shop_settings
  where key = 'lowStockThreshold' and value glob '[0-9]*' and value not glob '*[^0-9]*'), ${SHOP_SETTING_DEFAULTS.lowStockThreshold})`;
