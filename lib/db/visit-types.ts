import type { Prisma } from "@/lib/generated/prisma/client";
import type { ProgressDescription, VisitSummary } from "@/lib/loyalty";

// The shapes a visit shares with its readers: the programs it applies, what it
// answers, and the rows it reads. The transaction itself is lib/db/visits.ts;
// the tap's answer (lib/tap), the QR page (lib/db/qr.ts), the landing and the
// wallet read these without depending on it. Row types come from Prisma's
// selects, so a column's type is said once, in prisma/schema.prisma.

/** The programs a visit applies: running (not paused, not ended), oldest first. The visit's SQL says the same. */
export const runningProgramsQuery = { where: { active: true, endedAt: null }, orderBy: { createdAt: "asc" } } as const;

/** The running programs with what their cards and progress lines show (the wallet, a customer's card). */
export const runningProgramLinesQuery = {
  ...runningProgramsQuery,
  select: {
    id: true,
    type: true,
    name: true,
    description: true,
    rules: true,
    rewardName: true,
    startDate: true,
    endDate: true,
  },
} as const;

/** The part of a Program row the engine needs (read by the visit's first statement, column for column). */
export const visitProgramSelect = {
  id: true,
  businessId: true,
  type: true,
  name: true,
  rules: true,
  startDate: true,
  endDate: true,
  rewardName: true,
  rewardDescription: true,
  rewardExpiryDays: true,
  cooldownHours: true,
} as const satisfies Prisma.ProgramSelect;

export type VisitProgram = Prisma.ProgramGetPayload<{ select: typeof visitProgramSelect }>;

/** A customer's stored progress in one program, as the engine reads it back. */
export const storedProgressSelect = {
  count: true,
  total: true,
  tier: true,
  state: true,
} as const satisfies Prisma.ProgressSelect;

export type StoredProgress = Prisma.ProgressGetPayload<{ select: typeof storedProgressSelect }>;

/** A reward a visit issued, for the answer that shows its code. */
export type IssuedReward = Prisma.RewardGetPayload<{
  select: { id: true; code: true; name: true; expiresAt: true };
}> & { programId: string };

export type ProgramOutcome = {
  programId: string;
  programName: string;
  programType: string;
  rewardsIssued: number;
  summary: VisitSummary;
  /** The customer's progress after this visit, as the card under the result reads it. */
  progress: ProgressDescription;
  /** The program's cooldown kept this visit from earning its stamp: the next may be earned from then (docs/loyalty-programs.md). */
  cooldownUntil?: Date;
};

export type VisitRefusal =
  | "limit_reached"
  /** The business is closed for the season (docs/business-lifecycle.md): nothing is written. */
  | "business_closed"
  | "business_not_found"
  | "secure_tag"
  | "own_business"
  | "customer_not_found"
  | "email_not_verified"
  | "duplicate_request";

export type VisitOutcome =
  | {
      ok: true;
      tapId: string;
      newlyLinked: boolean;
      visitNumber: number;
      programs: ProgramOutcome[];
      rewards: IssuedReward[];
      localDate: string;
      /** The business's IANA zone: when a cooldown ends is said on its clock. */
      timeZone: string;
    }
  /** A hold rule kept the tap for review (docs/review-queue.md): nothing of the visit is written yet. */
  | { ok: false; reason: "held"; heldVisitId: string }
  | { ok: false; reason: "limit_reached"; timeZone: string; now: Date }
  /** `until`: the local day it reopens on the morning of (YYYY-MM-DD), null: when the owner reopens. */
  | { ok: false; reason: "business_closed"; businessName: string; until: string | null; timeZone: string }
  | { ok: false; reason: Exclude<VisitRefusal, "limit_reached" | "business_closed"> };

/** A recorded visit as its webhooks describe it. */
export type RecordedVisit = {
  businessId: string;
  tapId: string;
  /** The location the visit was recorded at (the tag's, or the one named); null when none was. */
  locationId: string | null;
  membershipId: string;
  programIds: string[];
  source: "tap" | "staff" | "api";
  at: Date;
  /** The customer's first visit here created their card. */
  joined: boolean;
  rewardIds: string[];
  /**
   * The business had an enabled webhook endpoint when the visit statement ran: without one
   * the visit announces nothing and sends no statement for it (docs/webhooks.md).
   */
  webhookEndpoints: boolean;
};

/** The HTTP status and JSON body a request was answered with. */
export type StoredAnswer = { httpStatus: number; body: unknown };

/**
 * A fact about customers' cards that a write reports, inside its own
 * transaction, to the caller's step (InTransaction, lib/db/sql.ts): the
 * domain queues what each one announces (lib/jobs/events.ts,
 * announceCardChange), so a write that rolls back announces nothing.
 */
export type CardChange =
  | {
      kind: "reward-issued";
      reward: { id: string; userId: string; businessId: string };
      /** Issued by a visit, whose "visit-recorded" change names it too (its webhook goes out with the visit's). */
      inVisit?: true;
    }
  /** A visit was recorded: what its webhooks say (docs/webhooks.md). */
  | { kind: "visit-recorded"; visit: RecordedVisit }
  | { kind: "card-changed"; membershipId: string }
  /** The card is about to be deleted in this transaction: its wallet passes are voided while it exists. */
  | { kind: "card-deleting"; membershipId: string };
