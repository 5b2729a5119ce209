import { localDateIn } from "@/lib/time/local-date";

// When a notification mail is sent, decided when its job runs (which may be
// long after the event: a worker was down, the mail server refused). Pure: the
// handlers (./mail-jobs.ts) read the facts, these rules decide; unit-tested.

export type RecipientFacts = {
  email: string | null;
  emailVerified: Date | null;
  notificationsEnabled: boolean;
  disabledAt: Date | null;
};

/**
 * Why an account gets no notification mail (null: it may). The Settings switch
 * (notificationsEnabled) stops every one. Where the site asks for confirmed
 * addresses (REQUIRE_EMAIL_VERIFICATION), an unconfirmed one gets none: it may
 * not be the account holder's.
 */
export function recipientSkipReason(recipient: RecipientFacts | null, requireVerifiedEmail: boolean): string | null {
  if (!recipient) return "account deleted";
  if (recipient.disabledAt) return "account disabled";
  if (!recipient.email) return "no email address";
  if (!recipient.notificationsEnabled) return "notifications turned off";
  if (requireVerifiedEmail && !recipient.emailVerified) return "email not confirmed";
  return null;
}

export type RewardMailKind = "earned" | "expiring";

/**
 * Why a reward mail is not sent (null: send). A reward redeemed or expired
 * meanwhile is not announced; a reminder needs an expiry still ahead; a
 * business that was withdrawn, or that the customer unsubscribed from, sends nothing.
 */
export function rewardSkipReason(
  kind: RewardMailKind,
  facts: {
    status: string;
    expiresAt: Date | null;
    /** The job's customer and business are the reward's (a job about someone else's reward sends nothing). */
    matchesJob: boolean;
    businessWithdrawn: boolean;
    optedOut: boolean;
  },
  now: Date,
): string | null {
  if (!facts.matchesJob) return "reward belongs to another customer or business";
  if (facts.businessWithdrawn) return "business withdrawn";
  if (facts.optedOut) return "unsubscribed from this business";
  if (facts.status !== "AVAILABLE") return `reward ${facts.status.toLowerCase()}`;
  if (facts.expiresAt && facts.expiresAt <= now) return "reward expired";
  if (kind === "expiring" && !facts.expiresAt) return "reward does not expire";
  return null;
}

/**
 * The local days a summary covers: the business's calendar days from `from`
 * up to `to` (`to` itself excluded, so a period given as [midnight, next
 * midnight) or as [midnight, 23:59:59.999] reads the same). null when `to` is
 * not after `from`.
 */
export function summaryDays(from: Date, to: Date, timeZone: string): { fromDay: string; toDay: string } | null {
  if (!(to.getTime() > from.getTime())) return null;
  return { fromDay: localDateIn(timeZone, from), toDay: localDateIn(timeZone, new Date(to.getTime() - 1)) };
}
