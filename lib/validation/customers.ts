import { z } from "zod";
import { idString, singleLineText } from "@/lib/validation/text";

// The owner's customer list (docs/owner-tools.md, "Customers") and the CSV
// export ("Export"). Search parameters and the export's query come from a URL
// anyone can type: a value that fails falls back (the list) or answers 400
// (the export), never reaches a query unchecked.

export const CUSTOMER_SORTS = ["last_visit", "visits", "rewards"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_FILTERS = ["all", "active", "ready", "lapsed"] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];
export const CUSTOMER_PAGE_SIZE = 50;
export const MAX_SEARCH_LENGTH = 100;

// A repeated parameter (?q=a&q=b) counts by its first value.
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export const customerListParamsSchema = z.object({
  q: z.preprocess(first, singleLineText().trim().max(MAX_SEARCH_LENGTH).optional().catch(undefined)),
  sort: z.preprocess(first, z.enum(CUSTOMER_SORTS).catch("last_visit")),
  filter: z.preprocess(first, z.enum(CUSTOMER_FILTERS).catch("all")),
  cursor: z.preprocess(first, z.string().max(512).optional().catch(undefined)),
  // A location of the business (docs/locations.md, "What owners and customers see"):
  // members who visited there. One that is not the business's reads as all locations.
  location: z.preprocess(first, idString().optional().catch(undefined)),
});
export type CustomerListParams = z.output<typeof customerListParamsSchema>;

/** What a page's cursor holds: the sort it was made for, the last row's sort value and id. */
export const customerCursorSchema = z.discriminatedUnion("s", [
  z.object({ s: z.literal("last_visit"), v: z.iso.datetime().nullable(), i: idString() }),
  z.object({ s: z.literal("visits"), v: z.number().int().min(0).max(2_147_483_647), i: idString() }),
  z.object({ s: z.literal("rewards"), v: z.number().int().min(0).max(2_147_483_647), i: idString() }),
]);
export type CustomerCursor = z.output<typeof customerCursorSchema>;

export const EXPORT_KINDS = ["customers", "visits", "rewards"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/**
 * The days an export's period may name: from EXPORT_FIRST_DAY to one year
 * after today (UTC; a year's slack dwarfs any time zone). No business has data
 * before 2000, and the bounds keep every day far inside what Date and Intl
 * handle: years 0000-0099 (which Date.UTC reads as 1900-1999) and 9999-12-31
 * (whose next day has no four-digit year) never reach the period's arithmetic.
 */
export const EXPORT_FIRST_DAY = "2000-01-01";
export function exportLastDay(now: Date = new Date()): string {
  const last = new Date(now.getTime());
  last.setUTCFullYear(last.getUTCFullYear() + 1);
  return last.toISOString().slice(0, 10);
}
const isExportDay = (value: string) => value >= EXPORT_FIRST_DAY && value <= exportLastDay();
const day = z
  .string()
  .refine(isCalendarDay, { message: "api.export.badDate", abort: true })
  .refine(isExportDay, "api.export.dateOutOfRange");
const optionalDay = z.preprocess((value) => (value === "" ? undefined : value), day.optional());

/**
 * GET /api/business/[id]/export?kind=&from=&to=&location= (a period is both days
 * or neither; no location: all of them; the route checks it is the business's).
 */
export const exportParamsSchema = z
  .object({
    kind: z.enum(EXPORT_KINDS, "api.export.badKind"),
    from: optionalDay,
    to: optionalDay,
    location: z.preprocess(
      (value) => (value === "" ? undefined : value),
      idString("api.export.badLocation").optional(),
    ),
  })
  .refine((value) => (value.from === undefined) === (value.to === undefined), {
    message: "api.export.halfPeriod",
    path: ["to"],
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    message: "api.export.reversedPeriod",
    path: ["to"],
  });
export type ExportParams = z.output<typeof exportParamsSchema>;
