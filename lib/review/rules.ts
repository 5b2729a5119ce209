import { z } from "zod";
import type { OpeningRange } from "@/lib/locations/hours";
import { isOpenAt } from "@/lib/locations/open-now";

// The review queue's hold rules (docs/review-queue.md): a customer's tap that
// looks scripted or shared is HELD for staff to approve instead of counting.
// Each rule is a pure function of what the visit's hold read found
// (lib/db/visits.ts, holdInputsStatement) and the owner's settings; none reads
// a clock or a database of its own.

export const HOLD_REASONS = ["tag_spread", "tag_burst", "guest_address", "off_hours"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** Each setting's bounds: the owner moves a rule's numbers only within these. */
export const REVIEW_BOUNDS = {
  tagSpread: { tags: { min: 2, max: 10 }, minutes: { min: 1, max: 60 } },
  tagBurst: { factor: { min: 2, max: 50 }, minTaps: { min: 10, max: 500 } },
  guestAddress: { cards: { min: 3, max: 50 }, minutes: { min: 1, max: 60 } },
  offHours: { visits: { min: 3, max: 20 } },
} as const;

/** How many of the customer's latest visits at the business the hold read returns (the rules look no further back). */
export const RECENT_VISITS = 20;
/** The burst rule compares the last hour with the week before it. */
export const BURST_HOUR_MS = 60 * 60 * 1000;
export const BURST_WEEK_MS = 7 * 24 * BURST_HOUR_MS;
/** Hours a tag must have been in use in that week before it has a usual rate. */
export const USUAL_MIN_HOURS = 24;
/** The widest window the guest-address rule may count over (its bound), which the hold read covers. */
export const GUEST_WINDOW_MAX_MS = REVIEW_BOUNDS.guestAddress.minutes.max * 60_000;

const whole = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

export const reviewRulesSchema = z.object({
  tagSpread: z.object({
    on: z.boolean(),
    tags: whole(REVIEW_BOUNDS.tagSpread.tags),
    minutes: whole(REVIEW_BOUNDS.tagSpread.minutes),
  }),
  tagBurst: z.object({
    on: z.boolean(),
    factor: whole(REVIEW_BOUNDS.tagBurst.factor),
    minTaps: whole(REVIEW_BOUNDS.tagBurst.minTaps),
  }),
  guestAddress: z.object({
    on: z.boolean(),
    cards: whole(REVIEW_BOUNDS.guestAddress.cards),
    minutes: whole(REVIEW_BOUNDS.guestAddress.minutes),
  }),
  offHours: z.object({ on: z.boolean(), visits: whole(REVIEW_BOUNDS.offHours.visits) }),
});

export type ReviewRules = z.infer<typeof reviewRulesSchema>;

export const DEFAULT_REVIEW_RULES: ReviewRules = {
  tagSpread: { on: true, tags: 3, minutes: 10 },
  tagBurst: { on: true, factor: 5, minTaps: 20 },
  // Off by default: a café's Wi-Fi gives many honest customers one address (docs/review-queue.md).
  guestAddress: { on: false, cards: 5, minutes: 10 },
  offHours: { on: true, visits: 3 },
};

/**
 * The stored settings (Business.reviewRules) read defensively: each rule's
 * valid stored values over its defaults, so `{}` or a hand-edited row never
 * turns a rule off by accident or past its bounds.
 */
export function readReviewRules(stored: unknown): ReviewRules {
  const out = structuredClone(DEFAULT_REVIEW_RULES) as Record<string, Record<string, unknown>>;
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return out as ReviewRules;
  const shape = reviewRulesSchema.shape as Record<string, z.ZodObject<Record<string, z.ZodType>>>;
  for (const [rule, schema] of Object.entries(shape)) {
    const value = (stored as Record<string, unknown>)[rule];
    if (!value || typeof value !== "object") continue;
    for (const [field, fieldSchema] of Object.entries(schema.shape)) {
      const parsed = fieldSchema.safeParse((value as Record<string, unknown>)[field]);
      if (parsed.success) out[rule]![field] = parsed.data;
    }
  }
  return out as ReviewRules;
}

/** One of the customer's visits at the business, as the hold read returns it. */
export type PastVisit = { tagId: string | null; locationId: string | null; at: Date };

export type LocationHours = { hours: readonly OpeningRange[]; timeZone: string };

/** What the hold read found for one tap (lib/db/visits.ts). */
export type HoldInputs = {
  now: Date;
  tagId: string;
  locationId: string | null;
  /** The customer's latest visits at this business, newest first (at most RECENT_VISITS), this tap not among them. */
  recent: readonly PastVisit[];
  /** Visits at this tag in the hour before `now` (this tap not among them). */
  tagLastHour: number;
  /** Visits at this tag in the week before that hour; null when not read (the last hour was too quiet to matter). */
  tagPriorWeek: number | null;
  /** The first of those visits: the rate is taken over the part of the week the tag was in use. */
  tagPriorWeekFirst?: Date | null;
  /** When each guest card started from the customer's address was made, within GUEST_WINDOW_MAX_MS (theirs among them); empty when not a guest. */
  guestCardsFromAddress: readonly Date[];
  /** The business's locations' opening hours, by id. */
  locations: ReadonlyMap<string, LocationHours>;
};

export type Hold = { reason: HoldReason; details: Record<string, number> };

/** Rule 1: the customer at many different tags within a few minutes (this tap's tag included). */
export function tagSpreadHold(rule: ReviewRules["tagSpread"], inputs: HoldInputs): Hold | null {
  if (!rule.on) return null;
  const since = inputs.now.getTime() - rule.minutes * 60_000;
  const tags = new Set([inputs.tagId]);
  for (const visit of inputs.recent) if (visit.tagId && visit.at.getTime() >= since) tags.add(visit.tagId);
  return tags.size >= rule.tags ? { reason: "tag_spread", details: { tags: tags.size, minutes: rule.minutes } } : null;
}

/**
 * A tag's usual hourly rate: its visits in the week before the last hour,
 * over the hours of that week since its first visit in it, so a tag in use
 * for a day is measured by that day, not by a week it was not there for.
 * Null (no usual rate, the rule says nothing): no visit that week, or the tag
 * in use for less than a day.
 */
export function usualHourlyRate(inputs: Pick<HoldInputs, "now" | "tagPriorWeek" | "tagPriorWeekFirst">): number | null {
  if (!inputs.tagPriorWeek) return null;
  const end = inputs.now.getTime() - BURST_HOUR_MS;
  const first = inputs.tagPriorWeekFirst?.getTime() ?? end - BURST_WEEK_MS;
  const hours = Math.min(168, (end - first) / BURST_HOUR_MS);
  // Under a day in use, a tag has no usual rate yet (its first morning is not its usual pace).
  if (hours < USUAL_MIN_HOURS) return null;
  return inputs.tagPriorWeek / hours;
}

/**
 * Rule 2: a tag tapped far above its usual rate: this hour's taps (this one
 * included) at least `minTaps` and more than `factor` × its usual hourly rate
 * (usualHourlyRate). A tag with no visits that week has no usual rate, and the
 * rule says nothing (a new tag's first busy hour).
 */
export function tagBurstHold(rule: ReviewRules["tagBurst"], inputs: HoldInputs): Hold | null {
  const usual = rule.on ? usualHourlyRate(inputs) : null;
  if (usual === null) return null;
  const lastHour = inputs.tagLastHour + 1;
  if (lastHour < rule.minTaps || lastHour <= rule.factor * usual) return null;
  return {
    reason: "tag_burst",
    details: { lastHour, usualPerHour: Math.round(usual * 10) / 10, factor: rule.factor },
  };
}

/** Rule 3: many new guest cards started from one address in a short time (the customer's own among them). */
export function guestAddressHold(rule: ReviewRules["guestAddress"], inputs: HoldInputs): Hold | null {
  if (!rule.on) return null;
  const since = inputs.now.getTime() - rule.minutes * 60_000;
  const cards = inputs.guestCardsFromAddress.filter((at) => at.getTime() >= since).length;
  return cards >= rule.cards ? { reason: "guest_address", details: { cards, minutes: rule.minutes } } : null;
}

/** Whether a visit fell within its location's opening hours; null when that cannot be said (no location, hours not published). */
export function visitWithinHours(
  visit: { locationId: string | null; at: Date },
  locations: ReadonlyMap<string, LocationHours>,
): boolean | null {
  const location = visit.locationId ? locations.get(visit.locationId) : undefined;
  if (!location) return null;
  return isOpenAt(location.hours, location.timeZone, visit.at);
}

/**
 * Rule 4: every one of the customer's visits (their latest RECENT_VISITS and
 * this tap, at least `visits` of them) fell outside its location's opening
 * hours, each on that location's clock. A visit whose hours are unknown is
 * never "outside", so a business that publishes no hours never holds by it.
 */
export function offHoursHold(rule: ReviewRules["offHours"], inputs: HoldInputs): Hold | null {
  if (!rule.on) return null;
  const visits = [{ locationId: inputs.locationId, at: inputs.now }, ...inputs.recent];
  if (visits.length < rule.visits) return null;
  const allOutside = visits.every((visit) => visitWithinHours(visit, inputs.locations) === false);
  return allOutside ? { reason: "off_hours", details: { visits: visits.length } } : null;
}

/** The first rule that holds this tap, in the rules' order, or null: the visit counts as usual. */
export function decideHold(rules: ReviewRules, inputs: HoldInputs): Hold | null {
  return (
    tagSpreadHold(rules.tagSpread, inputs) ??
    tagBurstHold(rules.tagBurst, inputs) ??
    guestAddressHold(rules.guestAddress, inputs) ??
    offHoursHold(rules.offHours, inputs)
  );
}
