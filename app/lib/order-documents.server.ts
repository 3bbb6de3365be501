import { data, redirect } from "react-router";
import { herOrderDocuments, type OrderDocuments } from "../../workers/services/orders/order-invoice";
import type { ServiceContext } from "../../workers/services/platform/context";
import { AppError } from "../../workers/services/platform/errors";
import { signInPath } from "../../workers/services/platform/paths";

export const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * Her invoice and credit notes for a page: without a guest key only the owner may see them, so a
 * signed-out visitor is sent to sign in and back (as the order's own page does); anyone who may not
 * see the order gets the shop's 404. An order with no invoice yet answers 409 with the reason.
 */
export async function loadHerDocuments(
  request: Request,
  services: ServiceContext,
  orderNumber: string | undefined,
): Promise<{ documents: OrderDocuments | null; refused: string | null; key: string | null }> {
  const { pathname, search, searchParams } = new URL(request.url);
  const key = searchParams.get("key");
  if (!key && !(await services.claims())) throw redirect(signInPath(pathname + search), { headers: PRIVATE });
  try {
    return { documents: await herOrderDocuments(services, { order: orderNumber, key }), refused: null, key };
  } catch (error) {
    if (error instanceof AppError && (error.status === 400 || error.status === 404))
      throw data("Order not found.", { status: 404, headers: PRIVATE });
    if (error instanceof AppError && error.status === 409) return { documents: null, refused: error.message, key };
    throw error;
  }
}
