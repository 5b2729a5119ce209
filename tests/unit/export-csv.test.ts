import { csvCell, csvRow, UTF8_BOM } from "@/lib/export/csv";
import { exportFileName } from "@/lib/export/columns";
import { isoInZone, periodBounds, startOfDayIn } from "@/lib/export/period";

// The CSV rules of the owner's export (lib/export/csv.ts): RFC 4180 quoting
// and the formula-injection guard a spreadsheet needs.
describe("csvCell", () => {
  it.each([
    // every text cell is quoted, so a `;` or `,` inside never splits it
    ["Núria Vidal", '"Núria Vidal"'],
    ["", '""'],
    ["O'Brien", '"O\'Brien"'],
    ["Vidal, Núria", '"Vidal, Núria"'],
    ['The "best" café', '"The ""best"" café"'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    ['"', '""""'],
    // formula injection: =, +, -, @, tab, CR at the start get a leading apostrophe (then quoting)
    ['=HYPERLINK("http://evil.example","click")', '"\'=HYPERLINK(""http://evil.example"",""click"")"'],
    ["=1+1", '"\'=1+1"'],
    ["+34 600 000 000", '"\'+34 600 000 000"'],
    ["-2", '"\'-2"'],
    ["@SUM(A1:A9)", '"\'@SUM(A1:A9)"'],
    ["\t=1", '"\'\t=1"'],
    ["\r=1", '"\'\r=1"'],
    ["=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""],
    ["=a,b", '"\'=a,b"'],
    // ... and so does each part after a `;` or `,` (spaces skipped): a `;`-separator spreadsheet splits there
    ["Eve;=2+3", '"Eve;\'=2+3"'],
    ["Eve; @SUM(A1)", '"Eve; \'@SUM(A1)"'],
    ["Vidal,+1", '"Vidal,\'+1"'],
    ["a;b,-c", '"a;b,\'-c"'],
    // elsewhere in a part it is text already
    ["a=b", '"a=b"'],
    ["x-1", '"x-1"'],
    ["Eve;x=2", '"Eve;x=2"'],
  ])("%j → %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("writes numbers as they are (a count is never a formula) and empty cells for null", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("ends each record with CRLF, and the file's BOM is U+FEFF", () => {
    expect(csvRow(["a", "b,c", 3])).toBe('"a","b,c",3\r\n');
    expect(Buffer.from(UTF8_BOM, "utf8")).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe("the export's period and dates", () => {
  it("takes whole days on the business's clock, across a DST change", () => {
    expect(startOfDayIn("2026-03-29", "Europe/Madrid").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(periodBounds("2026-03-29", "2026-03-29", "Europe/Madrid")).toEqual({
      start: new Date("2026-03-28T23:00:00.000Z"),
      end: new Date("2026-03-29T22:00:00.000Z"),
    });
    expect(startOfDayIn("2026-01-01", "America/New_York").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(startOfDayIn("2026-07-01", "UTC").toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });

  it("writes instants as ISO 8601 with the business's offset", () => {
    expect(isoInZone(new Date("2026-07-01T12:30:05Z"), "Europe/Madrid")).toBe("2026-07-01T14:30:05+02:00");
    expect(isoInZone(new Date("2026-01-01T03:00:00Z"), "America/New_York")).toBe("2025-12-31T22:00:00-05:00");
    expect(isoInZone(new Date("2026-01-01T00:00:00Z"), "Asia/Kolkata")).toBe("2026-01-01T05:30:00+05:30");
    expect(isoInZone(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("2026-01-01T00:00:00+00:00");
  });

  it("names the file after the business, the kind and the period", () => {
    expect(exportFileName("cafe-central", "visits", "2026-01-01", "2026-01-31")).toBe(
      "cafe-central-visits-2026-01-01-2026-01-31.csv",
    );
    expect(exportFileName("cafe-central", "customers")).toBe("cafe-central-customers-all.csv");
  });
});
