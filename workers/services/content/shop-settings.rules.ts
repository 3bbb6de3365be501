/**
 * The shop settings the owner edits in the back office: their shape, their defaults
 * (today's values of settings.ts) and the words of the settings form. Client-safe: no zod, no database,
 * so the header, the footer and the pages import it.
 */
import { settings } from "./settings";

export interface StoreAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  pin: string;
}

/** Every editable setting; money in paise. */
export interface ShopSettings {
  deliveryChargePaise: number;
  /** Free delivery at or above this subtotal; null: off. */
  freeShippingThresholdPaise: number | null;
  promoLine: string;
  /** The first N orders (not cancelled) get a complimentary gift. */
  giftOrderLimit: number;
  /** The coming-soon countdown's target, an ISO instant (`2025-09-01T00:00:00+05:30`). */
  launchDate: string;
  lowStockThreshold: number;
  address: StoreAddress;
  hours: string;
  email: string;
  phone: string;
  gstin: string;
}

export type ShopSettingKey = keyof ShopSettings;

export const SHOP_SETTING_DEFAULTS: ShopSettings = {
  deliveryChargePaise: settings.money.deliveryChargePaise,
  freeShippingThresholdPaise: settings.money.freeShippingThresholdPaise,
  promoLine: settings.brand.promo,
  giftOrderLimit: settings.promo.giftOrderLimit,
  launchDate: settings.launchDate,
  lowStockThreshold: settings.admin.lowStockThreshold,
  address: { ...settings.store.address },
  hours: settings.store.hours,
  email: settings.store.email,
  phone: settings.store.phone,
  gstin: settings.tax.gstin,
};

export const SHOP_SETTING_KEYS = Object.keys(SHOP_SETTING_DEFAULTS) as ShopSettingKey[];

/** The tel: link of a phone number as shown ("+91 98110 24680" -> "tel:+919811024680"). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits}`;
}

/** What the header and the footer show: the root loader's share of the settings. */
export interface StoreContact {
  promoLine: string;
  address: StoreAddress;
  hours: string;
  email: string;
  phone: string;
  phoneHref: string;
}

export const storeContactOf = (s: ShopSettings): StoreContact => ({
  promoLine: s.promoLine,
  address: s.address,
  hours: s.hours,
  email: s.email,
  phone: s.phone,
  phoneHref: phoneHref(s.phone),
});

export const DEFAULT_STORE_CONTACT = storeContactOf(SHOP_SETTING_DEFAULTS);

export const SETTINGS_MESSAGES = {
  saved: "Settings saved. The shop shows them now.",
  unchanged: "Nothing changed: the settings were already these.",
  ownerOnly: "Only the owner can change the settings.",
  deliveryCharge: "Enter the delivery charge in rupees, 0 or more (up to ₹10,000).",
  freeShipping: "Enter the free-shipping threshold in rupees (₹1 to ₹1,00,000), or choose Off.",
  promoLine: "Enter a promo line of 1 to 160 characters.",
  giftOrderLimit: "Enter how many first orders get a gift: a whole number from 0 to 1,00,000.",
  launchDate: "Enter the launch date as a calendar date.",
  lowStockThreshold: "Enter the low-stock threshold: a whole number from 0 to 1,000.",
  line1: "Enter the first line of the store's address (up to 120 characters).",
  line2: "The second line of the address is up to 120 characters.",
  city: "Enter the city (up to 60 characters).",
  state: "Enter the state (up to 60 characters).",
  pin: "Enter a 6-digit PIN code.",
  hours: "Enter the business hours (up to 60 characters).",
  email: "Enter a valid support e-mail address.",
  phone: "Enter a phone number: digits, spaces, + and - only, 10 to 13 digits.",
  gstin: "Enter a valid 15-character GSTIN (its check character must match).",
  gstinState: (code: string, state: string, stateCode: string) =>
    `This GSTIN is registered in state ${code}, but the store is in ${state} (${stateCode}): change one of them.`,
  invalid: "Please correct the settings marked below.",
} as const;
