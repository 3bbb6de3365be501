import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import type { MoneyRules } from "../../workers/services/content/shop-settings";
import { indiaDate, indiaMidnight } from "../../workers/services/platform/india-time.rules";

/**
 * The figures the FAQ, the policy pages and product pages state, written out once, so they can never word a rule
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

/**
 * What every product page says under "Delivery & Returns": the shop's one promise, not a text of
 * each product's own, so a figure changed in the settings changes it with the FAQ and the policies.
 */
export const deliveryReturnsText =
  `We pack your order within ${processingDays} and it reaches you ${deliveryDays} after that, anywhere in India. ` +
  `Returns are accepted within ${returnWindow} of delivery for a piece that is unworn with its tags on, or that arrived damaged, ` +
  `defective or wrong; refunds reach you within ${refundDays}.`;

/** "UPI, credit & debit cards, net banking, wallets and cash on delivery": what checkout offers. */
export const paymentMethodsText = (() => {
  const [first = "", ...rest] = settings.paymentMethods.map((m, i) => (i === 0 ? m : m.toLowerCase()));
  const last = rest.pop();
  return last ? `${[first, ...rest].join(", ")} and ${last}` : first;
})();

/** "27 August 2025" from settings.policies.updated. */
export const policyUpdated = indiaDate(indiaMidnight(policies.updated));

/** What delivery costs, in one sentence, as checkout charges it (docs/product/content.md). */
export function deliveryChargeText(rules: MoneyRules): string {
  const charge = formatRupees(rules.deliveryChargePaise);
  if (rules.freeShippingThresholdPaise === null) return `Delivery is ${charge} on every order, wherever you are in India.`;
  return `Delivery is free on orders of ${formatRupees(rules.freeShippingThresholdPaise)} or more; below that it is ${charge}.`;
}
