/**
 * The Stock page's words and limits: client-safe (no zod, no database), so the page
 * and the service say the same thing.
 */
export const STOCK_PAGE_SIZE = 50;
/** The CSV import's limits: a bigger file is refused whole. */
export const STOCK_CSV_MAX_BYTES = 1024 * 1024;
export const STOCK_CSV_MAX_ROWS = 5000;
/** The CSV's columns, in the order the export writes them. `product` and `size` are for reading only. */
export const STOCK_CSV_COLUMNS = ["sku", "product", "size", "price", "discount_price", "stock", "stock_at_export"] as const;
/** The columns an import must have; the others may be left out. */
export const STOCK_CSV_REQUIRED = ["sku", "price", "discount_price", "stock"] as const;
/** The most a size may hold, and the dearest price (in rupees) a size may have. */
export const STOCK_MAX = 100_000;
export const PRICE_MAX_RUPEES = 1_000_000;

export const STOCK_MESSAGES = {
  notFound: "No such size",
  saved: "Saved.",
  nothingChanged: "Nothing to change: the figures are the ones already saved.",
  belowZero: (now: number, delta: number) =>
    `That would take the stock below 0: ${now} left now (an order may have taken some since the page was loaded), and the edit takes ${-delta}. Nothing changed; reload and try again.`,
  discountBelowPrice: "The discount price must be below the price",
  stockWhole: `Stock must be a whole number from 0 to ${STOCK_MAX}`,
  wasWhole: "The stock the page showed is missing; reload the page and try again",
  price: `Price must be an amount in rupees above 0 (at most ${PRICE_MAX_RUPEES}), with up to 2 decimals`,
  discount: "Discount price must be blank or an amount in rupees above 0, with up to 2 decimals",
  importDone: (changed: number, rows: number) =>
    changed === 0 ? `No changes: all ${rows} rows match the shop's figures.` : `Imported: ${changed} of ${rows} sizes changed.`,
  importRefused: (n: number) => `${n} ${n === 1 ? "row was" : "rows were"} refused; nothing changed. Fix the file and upload it again.`,
  importTooBig: `The file is too large: at most 1 MB and ${STOCK_CSV_MAX_ROWS} rows.`,
  importEmpty: "The file is empty: choose the CSV to upload.",
  importFailedBelowZero: "Orders placed meanwhile would take these sizes below 0; nothing changed. Export again and redo the change.",
} as const;

/** The help text next to the CSV form: how the import counts stock (shown on the page, said in docs/product/back-office.md too). */
export const STOCK_CSV_HELP =
  "Download the CSV, change prices, discount prices or stock in a spreadsheet and upload it again. Stock is counted from the " +
  "stock_at_export column: a row whose stock you raised from 10 to 15 adds 5 to what the shop has now, so pieces ordered " +
  "since the download stay taken. Without that column, stock is set to the figure in the file. Every row is checked first: " +
  "if any row is refused, nothing changes and each refused row is listed with its line number.";
