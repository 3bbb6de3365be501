import { data } from "react-router";
import type { ServiceContext } from "../../workers/services/context";
import { AppError } from "../../workers/services/errors";
import { requireStaff } from "../../workers/services/staff";

/**
 * The back office's pages (issue 13): a service's 404 (not staff, or no such row) becomes the shop's
 * own 404 page, like the admin layout's door. Actions check the staff member first, before reading
 * the form, so a shopper's or visitor's post changes nothing and learns nothing.
 */
export async function staffPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** An action's door: the same 404 as the layout's loader for anyone but staff. */
export const staffAction = (ctx: ServiceContext) => staffPage(requireStaff(ctx));
