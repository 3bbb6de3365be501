/**
 * CSV as the back office writes and reads it (RFC 4180): cells quoted when they hold a comma, a quote
 * or a line break, records ended by CRLF. A cell that a spreadsheet would run as a formula (it starts
 * with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe, and read back
 * without it.
 */

export type CsvValue = string | number;

/** How an amount is written in a CSV cell (an option of formatRupees): rupees and paise, no symbol, no grouping ("1299.00"). */
export const CSV_AMOUNT = { symbol: false, paise: "always" } as const;

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: CsvValue): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record's cells, comma-separated (no line ending). */
export const csvRow = (cells: readonly CsvValue[]): string => cells.map(csvCell).join(",");

/** A whole file: the header, then the rows, each ended by CRLF; `bom` starts it with one so Excel reads UTF-8. */
export function csvFile(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[], { bom = false } = {}): string {
  return `${bom ? "\uFEFF" : ""}${[header, ...rows].map(csvRow).join("\r\n")}\r\n`;
}

/** A cell the writer guarded against formulas ("'-5") read as what it guarded, trimmed. */
export const unguardCell = (s: string): string => s.trim().replace(/^'(?=[=+\-@\t\r])/, "");

/** RFC 4180 records, each with the line it starts on; a quoted cell may hold commas, quotes and line breaks. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      touched = true;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
      touched = true;
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      if (touched || cells.some((c) => c !== "")) records.push({ line: start, cells });
      cells = [];
      cell = "";
      touched = false;
      line++;
      start = line;
    } else {
      cell += ch;
      touched = true;
    }
  }
  cells.push(cell);
  if (touched || cells.some((c) => c !== "")) records.push({ line: start, cells });
  return records;
}
