// CSV as the owner's spreadsheet reads it (docs/owner-tools.md, "Export"):
// RFC 4180 — quotes inside a field are doubled, records end with CRLF — and the
// file starts with a UTF-8 BOM so Excel reads it as UTF-8.
//
// Every text cell is quoted, not only those holding a comma: a spreadsheet
// whose list separator is `;` (Excel in Spain, France, Germany) splits an
// unquoted `Eve;=2+3` into a second cell that starts with `=`. A customer types
// their own name, so a text cell is also neutralised against formula injection:
// wherever a part of it could start a cell — its first character, or the first
// after a `,` or `;` (spaces skipped) — an =, +, -, @, tab or CR gets a leading
// apostrophe, so it is shown as text even by a reader that splits it anyway.

export const UTF8_BOM = "\uFEFF";
const FORMULA_PART_START = /(?:^|[,;]) *(?=[=+\-@\t\r])/g;

export type CsvValue = string | number | null | undefined;

/** One cell: a number as it is; text neutralised against formula injection, then always quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value.replace(FORMULA_PART_START, "$&'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
