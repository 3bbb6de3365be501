import type { RETURN_KINDS, RETURN_STATUSES } from "../../../db/schema/orders";

/**
 * An order's return requests as she sees them on her order and in My Orders, folded into the order's
 * own statement (order-views.ts), so the page that shows them still costs one round trip.
 */

export interface ReturnLineView {
  orderLineId: number;
  name: string;
  color: string;
  size: string;
  quantity: number;
  /** The size she asked for instead (an exchange), or null (a refund). */
  exchangeSize: string | null;
}

/** A request's own columns that both her order and the back office show. */
export interface ReturnRequestFacts {
  kind: (typeof RETURN_KINDS)[number];
  reason: string;
  status: (typeof RETURN_STATUSES)[number];
  pickupCourier: string | null;
  pickupTracking: string | null;
  declineReason: string | null;
  exchangeCourier: string | null;
  exchangeTracking: string | null;
}

export interface ReturnRequestView extends ReturnRequestFacts {
  id: number;
  /** ISO time. */
  createdAt: string;
  lines: ReturnLineView[];
}

/** The column `returns` of an order's statement (on `orders o`): its requests, oldest first, as JSON. */
export const RETURNS_COLUMN = `(select json_group_array(json_array(r.id, r.kind, r.reason, r.status, r.pickup_courier, r.pickup_tracking,
      r.decline_reason, r.exchange_courier, r.exchange_tracking, r.created_at,
      json((select json_group_array(json_array(rl.order_line_id, ol.product_name, ol.color, ol.size, rl.quantity, rl.exchange_size))
        from return_lines rl join order_lines ol on ol.id = rl.order_line_id where rl.request_id = r.id))))
    from (select * from return_requests where order_id = o.id order by id) r) as returns`;

type LineTuple = [number, string, string, string, number, string | null];
type RequestTuple = [
  number,
  ReturnRequestView["kind"],
  string,
  ReturnRequestView["status"],
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  LineTuple[] | null,
];

/** The `returns` column as views, oldest request first. */
export function toReturnViews(json: string | null | undefined): ReturnRequestView[] {
  if (!json) return [];
  return (JSON.parse(json) as RequestTuple[])
    .map(([id, kind, reason, status, pickupCourier, pickupTracking, declineReason, exchangeCourier, exchangeTracking, at, lines]) => ({
      id: Number(id),
      kind,
      reason,
      status,
      pickupCourier,
      pickupTracking,
      declineReason,
      exchangeCourier,
      exchangeTracking,
      createdAt: new Date(Number(at)).toISOString(),
      lines: (lines ?? [])
        .map(([orderLineId, name, color, size, quantity, exchangeSize]) => ({
          orderLineId: Number(orderLineId),
          name,
          color,
          size,
          quantity: Number(quantity),
          exchangeSize,
        }))
        .sort((a, b) => a.orderLineId - b.orderLineId),
    }))
    .sort((a, b) => a.id - b.id);
}
