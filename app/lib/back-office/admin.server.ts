import { data } from "react-router";
import { requireStaff } from "../../../workers/services/back-office/staff";
import type { ServiceContext } from "../../../workers/services/platform/context";
import { AppError } from "../../../workers/services/platform/errors";

/**
 * The back office's pages: a service's 404 (not staff, or no such row) becomes the shop's
 * own 404 page, like the admin layout's door; any other refusal of what the address asked (a filter
 * or page number it cannot read) is that status with the service's message, never a 500. Actions
 * check the staff member first, before reading the form, so a shopper's or visitor's post changes
 * nothing and learns nothing.
 */
export async function staffPage<T>(work: Promise<T>, opts: { record?: boolean } = {}): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 404 || (opts.record && error.status === 400)) throw data(null, { status: 404 });
    throw data(error.message, { status: error.status });
  }
}

/**
 * A page whose address names one record (`/admin/coupons/:id`): an id that cannot be one (`abc`,
 * `0`, `1.5`, `-1`) is no such page, the same 404 as an id that names nothing.
 */
export const staffRecordPage = <T>(work: Promise<T>): Promise<T> => staffPage(work, { record: true });

/** An action's door: the same 404 as the layout's loader for anyone but staff. */
export const staffAction = (ctx: ServiceContext) => staffPage(requireStaff(ctx));
