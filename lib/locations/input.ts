import { z } from "zod";
import { isValidTimezone } from "@/lib/business/timezone";
import { hoursProblems, isClockTime, MAX_RANGES_PER_DAY, normaliseHours, WEEK_DAYS } from "@/lib/locations/hours";
import { tagIdSchema } from "@/lib/validation/registration";
import { idString, singleLineText } from "@/lib/validation/text";

// What the owner sends about a location (docs/locations.md, "The owner's
// page"), shared by the editor and the server actions (lib/actions/locations.ts).
// Messages are catalog keys (locations.validation.*), shown in the owner's
// language.

export const LOCATION_NAME_MAX = 80;
export const LOCATION_ADDRESS_MAX = 300;

const NOT_FOUND = "locations.errors.notFound";
const TIME_MESSAGE = "locations.validation.time";

const clockTime = z.custom<string>(isClockTime, TIME_MESSAGE);

export const openingRangeSchema = z.object({
  day: z
    .number({ error: "locations.validation.day" })
    .int("locations.validation.day")
    .min(1, "locations.validation.day")
    .max(7, "locations.validation.day"),
  opens: clockTime,
  closes: clockTime,
});

const HOURS_MESSAGES = {
  order: "locations.validation.opensBeforeCloses",
  too_many: "locations.validation.tooManyRanges",
  overlap: "locations.validation.overlap",
} as const;

/** A week of ranges (lib/locations/hours.ts): each problem on the range it is about; stored in the week's order. */
export const openingHoursSchema = z
  .array(openingRangeSchema, { error: "locations.validation.hours" })
  .max(WEEK_DAYS.length * MAX_RANGES_PER_DAY, "locations.validation.tooManyHours")
  .superRefine((hours, ctx) => {
    for (const { index, problem } of hoursProblems(hours))
      ctx.addIssue({
        code: "custom",
        path: [index, problem === "order" ? "closes" : "opens"],
        message: HOURS_MESSAGES[problem],
        params: { max: MAX_RANGES_PER_DAY },
      });
  })
  .transform(normaliseHours);

/** "" (or nothing) is "not set". */
const optionalLine = (max: number, message: string) =>
  singleLineText()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

export const locationInputSchema = z.object({
  name: singleLineText({ error: "locations.validation.nameRequired" })
    .trim()
    .min(1, "locations.validation.nameRequired")
    .max(LOCATION_NAME_MAX, "locations.validation.nameTooLong"),
  address: optionalLine(LOCATION_ADDRESS_MAX, "locations.validation.addressTooLong"),
  placeId: optionalLine(300, "locations.validation.placeTooLong"),
  // Checked as the business's own zone is (lib/validation/business-profile.ts).
  timezone: singleLineText({ error: "locations.validation.timezone" })
    .trim()
    .refine(isValidTimezone, "locations.validation.timezone"),
  openingHours: openingHoursSchema,
});
export type LocationInput = z.input<typeof locationInputSchema>;
export type LocationData = z.output<typeof locationInputSchema>;

// The server actions' arguments: every one names the business the action
// builder checks the caller owns.
const businessId = idString("dashboard.business.notFound");
const locationId = idString(NOT_FOUND);

export const createLocationSchema = z.object({ businessId, location: locationInputSchema });
export const updateLocationSchema = z.object({ businessId, locationId, location: locationInputSchema });
export const locationTargetSchema = z.object({ businessId, locationId });
export const moveLocationSchema = z.object({
  businessId,
  locationId,
  direction: z.enum(["up", "down"], { error: NOT_FOUND }),
});
export const moveTagSchema = z.object({
  businessId,
  tagId: tagIdSchema,
  locationId,
});
