// CSV as the owner's spreadsheet reads it (docs/owner-tools.md, "Export"):
// RFC 4180 — a field holding a comma, a quote, CR or LF is quoted, quotes inside
// are doubled, records end with CRLF — and the file starts with a UTF-8 BOM so
// Excel reads it as UTF-8. A cell a spreadsheet would run as a formula (one
// starting with =, +, -, @, tab or CR: a customer can type their own name) gets
// a leading apostrophe first, so it is shown as text.

export const UTF8_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One cell: neutralised against formula injection, then quoted as RFC 4180 requires. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
