/**
 * CONTRACT (issue 11): orders as shoppers see them (thank-you page, My Orders, the API's `{ order }`,
 * order mails). Implemented by the "views" helper; the lead's order service (orders.ts) imports
 * `orderViewQuery` and `toOrderViews` to answer a placed order in the placing batch itself.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../db/schema";
import type { ServiceContext } from "./context";

export interface OrderLineView {
  productId: number | null;
  name: string;
  /** The product's page, or null when the product is gone. */
  href: string | null;
  image: { url: string; alt: string; width: number; height: number } | null;
  color: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  originalUnitPricePaise: number;
}

export interface OrderView {
  id: number;
  orderNumber: number;
  /** ISO time. */
  createdAt: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  paymentStatus: (typeof PAYMENT_STATUSES)[number];
  orderStatus: (typeof ORDER_STATUSES)[number];
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  couponCode: string | null;
  giftEligible: boolean;
  refundDue: boolean;
  guest: boolean;
  shipping: {
    fullName: string;
    streetAddress: string;
    apartment: string;
    townCity: string;
    state: string;
    zipcode: string;
    phoneNumber: string;
    emailAddress: string;
  };
  lines: OrderLineView[];
}

export declare function orderViewQuery(db: Db, where: SQL): unknown;
export declare function toOrderViews(rows: unknown): OrderView[];
export declare function myOrders(ctx: ServiceContext): Promise<OrderView[]>;
export declare function viewOrder(ctx: ServiceContext, input: { order: unknown; key: unknown }): Promise<OrderView>;
