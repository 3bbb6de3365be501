/** The Hrana 2 JSON wire format the libSQL client speaks over HTTP, its values and its errors. */

// ---- Hrana 2 JSON wire format (see @libsql/hrana-client http/ and shared/ json codecs) ----

export type WireValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export interface WireStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: WireValue[];
  named_args?: { name: string; value: WireValue }[];
  want_rows?: boolean;
}

export type WireCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: WireCond }
  | { type: "and"; conds: WireCond[] }
  | { type: "or"; conds: WireCond[] }
  | { type: "is_autocommit" };

export type WireRequest =
  | { type: "close" }
  | { type: "execute"; stmt: WireStmt }
  | { type: "batch"; batch: { steps: { condition?: WireCond | null; stmt: WireStmt }[] } }
  | { type: "sequence"; sql?: string | null; sql_id?: number | null }
  | { type: "describe"; sql?: string | null; sql_id?: number | null }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

export interface WireError {
  message: string;
  code: string;
}

export interface WireStmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: WireValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

export type WireResponse =
  | { type: "close" | "sequence" | "store_sql" | "close_sql" }
  | { type: "execute"; result: WireStmtResult }
  | { type: "batch"; result: { step_results: (WireStmtResult | null)[]; step_errors: (WireError | null)[] } }
  | { type: "describe"; result: WireDescribeResult }
  | { type: "get_autocommit"; is_autocommit: boolean };

export interface WireDescribeResult {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
}

export type WireResult = { type: "ok"; response: WireResponse } | { type: "error"; error: WireError };

/** An error reported to the client as-is (message and Hrana code). */
export class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export const protoError = (message: string) => new HranaError(message, "HRANA_PROTO_ERROR");

// ---- values ----

export const MIN_I64 = -(2n ** 63n);
export const MAX_I64 = 2n ** 63n - 1n;

export function valueFromWire(value: WireValue): unknown {
  switch (value?.type) {
    case "null":
      return null;
    case "integer": {
      if (typeof value.value !== "string" || !/^-?[0-9]+$/.test(value.value)) throw protoError("Invalid integer value");
      const int = BigInt(value.value);
      if (int < MIN_I64 || int > MAX_I64) throw protoError("Integer value out of 64-bit range");
      return int;
    }
    case "float":
      if (typeof value.value !== "number") throw protoError("Invalid float value");
      return value.value;
    case "text":
      if (typeof value.value !== "string") throw protoError("Invalid text value");
      return value.value;
    case "blob":
      if (typeof value.base64 !== "string") throw protoError("Invalid blob value");
      return Buffer.from(value.base64, "base64");
    default:
      throw protoError("Unknown value type");
  }
}

export function valueToWire(value: unknown): WireValue {
  if (value === null || value === undefined) return { type: "null" };
  // Connections run in safe-integer mode, so every INTEGER arrives as a bigint and every REAL as a number.
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  throw new Error(`Unexpected value from the database: ${typeof value}`);
}

// ---- errors ----

export function toWireError(error: unknown): WireError {
  if (error instanceof HranaError) return { message: error.message, code: error.code };
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (error instanceof Error && code?.startsWith("SQLITE_")) {
    // libsql-server reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_CHECK).
    return { message: `SQLite error: ${error.message}`, code: /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code };
  }
  return { message: error instanceof Error ? error.message : String(error), code: "INTERNAL_ERROR" };
}
