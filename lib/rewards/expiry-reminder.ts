import { addLocalDays } from "@/lib/time/wall-clock";

// When a customer is reminded that a reward is about to expire (the
// reward-expiry sweep, docs/jobs.md). Pure.

/** A reward is reminded of this many days before it expires. */
export const EXPIRY_REMINDER_DAYS = 3;

/**
 * A reward whose reminder would come this soon after it was issued gets none:
 * the mail and push that announced it (with its expiry) were moments ago. It
 * separates rewards valid three days or less (their window opens when they
 * are issued, give or take a DST hour) from those valid four or more.
 */
export const MIN_NOTICE_MS = 12 * 60 * 60 * 1000;

/**
 * The moment a reward's reminder is due: its expiry on the business's clock,
 * three calendar days earlier at the same time of day. Across a DST change
 * that is 71 or 73 hours before, not 72: "expires in 3 days" holds on the
 * business's own calendar and clock.
 */
export function expiryReminderFrom(expiresAt: Date, timeZone: string): Date {
  return addLocalDays(expiresAt, -EXPIRY_REMINDER_DAYS, timeZone);
}

/**
 * Whether the sweep running at `now` reminds of this reward: its reminder
 * moment has come, it has not expired, and it was issued well before its
 * reminder window (see MIN_NOTICE_MS). Whether it was already reminded is the
 * database's to answer (Reward.expiryReminderAt).
 */
export function isExpiryReminderDue(
  reward: { expiresAt: Date | null; issuedAt: Date },
  timeZone: string,
  now: Date,
): boolean {
  const { expiresAt, issuedAt } = reward;
  if (!expiresAt || now.getTime() >= expiresAt.getTime()) return false;
  const from = expiryReminderFrom(expiresAt, timeZone);
  if (now.getTime() < from.getTime()) return false;
  return from.getTime() - issuedAt.getTime() >= MIN_NOTICE_MS;
}

/**
 * How far ahead of `now` the sweep looks for expiries: three days and one
 * more, which covers any zone's DST shift. isExpiryReminderDue decides each.
 */
export const EXPIRY_REMINDER_HORIZON_MS = (EXPIRY_REMINDER_DAYS + 1) * 86_400_000;
