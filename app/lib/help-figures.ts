import { indiaDate } from "../../workers/services/dates.rules";
import { formatRupees } from "../../workers/services/pricing";
import { settings } from "../../workers/services/settings";
import type { MoneyRules } from "../../workers/services/shop-settings";

/**
 * The figures the FAQ and the policy pages state, written out once, so the two can never word a rule
 * differently and neither can promise what checkout does not do. Money rules come from the loader
 * (the database); everything else from settings.ts. Client-safe.
 */
const { policies } = settings;

const range = ({ min, max }: { min: number; max: number }) => (min === max ? `${min}` : `${min}-${max}`);

export const deliveryDays = `${range(policies.deliveryBusinessDays)} business days`;
export const processingDays = `${range(policies.processingBusinessDays)} business days`;
export const refundDays = `${range(policies.refundBusinessDays)} business days`;
export const returnWindow = `${policies.returnWithinDays} days`;
export const cancelWindow = `${policies.cancelWithinHours} hours`;
export const damageWindow = `${policies.reportDamageWithinHours} hours`;

/** "UPI, credit & debit cards, net banking, wallets and cash on delivery": what checkout offers. */
export const paymentMethodsText = (() => {
  const [first = "", ...rest] = settings.paymentMethods.map((m, i) => (i === 0 ? m : m.toLowerCase()));
  const last = rest.pop();
  return last ? `${[first, ...rest].join(", ")} and ${last}` : first;
})();

/** "27 August 2025" from settings.policies.updated. */
export const policyUpdated = indiaDate(`${policies.updated}T00:00:00+05:30`);

/** What delivery costs, in one sentence, as checkout charges it (DECISIONS §8). */
export function deliveryChargeText(rules: MoneyRules): string {
  const charge = formatRupees(rules.deliveryChargePaise);
  if (rules.freeShippingThresholdPaise === null) return `Delivery is ${charge} on every order, wherever you are in India.`;
  return `Delivery is free on orders of ${formatRupees(rules.freeShippingThresholdPaise)} or more; below that it is ${charge}.`;
}
