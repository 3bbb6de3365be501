import { describe, expect, it } from "vitest";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { CSV_AMOUNT, csvCell, csvFile, csvRow, parseCsv, unguardCell } from "../../workers/services/platform/csv";

/** The back office's CSV: what the order and stock exports write and the stock import reads back. */
describe("csv writer", () => {
  it("quotes a cell only when it holds a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Kurti")).toBe("Kurti");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("Kurti, blue")).toBe('"Kurti, blue"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("never lets a spreadsheet run a cell as a formula", () => {
    for (const s of ["=SUM(A1)", "+91 98", "-5", "@me", "\tx"]) expect(csvCell(s)).toBe(`'${s}`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
    expect(csvCell('\r"')).toBe(`"'\r"""`);
  });

  it("writes a file of CRLF-ended records, with a BOM when asked", () => {
    expect(
      csvFile(
        ["sku", "name"],
        [
          ["a-M", "Kurti, blue"],
          ["b-L", 3],
        ],
      ),
    ).toBe('sku,name\r\na-M,"Kurti, blue"\r\nb-L,3\r\n');
    expect(csvFile(["sku"], [], { bom: true })).toBe("\uFEFFsku\r\n");
    expect(csvRow(["x", "=y"])).toBe("x,'=y");
  });

  it("writes amounts as rupees with their paise, no symbol and no grouping", () => {
    expect(formatRupees(1_29_999_00, CSV_AMOUNT)).toBe("129999.00");
    expect(formatRupees(5, CSV_AMOUNT)).toBe("0.05");
    expect(formatRupees(null, CSV_AMOUNT)).toBe("");
  });
});

describe("csv reader", () => {
  it("reads back what the writer wrote, guards taken off", () => {
    const rows = [
      ["sku", "name", "note"],
      ["a-M", "Kurti, blue", '"quoted"'],
      ["b-L", "=HYPERLINK()", "-5"],
      ["c-S", "two\nlines", "@home"],
    ];
    const parsed = parseCsv(csvFile(rows[0]!, rows.slice(1)));
    expect(parsed.map((r) => r.cells.map(unguardCell))).toEqual(rows);
    expect(parsed.map((r) => r.line)).toEqual([1, 2, 3, 4]);
  });

  it("takes the guard off only where the writer put it", () => {
    expect(unguardCell("'=1")).toBe("=1");
    expect(unguardCell("'-5")).toBe("-5");
    expect(unguardCell("'quoted'")).toBe("'quoted'");
    expect(unguardCell("  12 ")).toBe("12");
  });
});
