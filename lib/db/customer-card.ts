import "server-only";
import { normaliseTimezone } from "@/lib/business/timezone";
import { db } from "@/lib/db";
import { worksAt, type CounterBusiness } from "@/lib/db/business-access";
import { runningProgramLinesQuery } from "@/lib/db/visit-types";
import {
  describeOffer,
  describeProgress,
  isProgramInDate,
  type LoyaltyLine,
  type ProgressDescription,
} from "@/lib/loyalty";
import { isAdjustableType } from "@/lib/loyalty/adjust";
import { effectiveRewardStatus, type RewardStatusName } from "@/lib/rewards/status";
import { localDateIn } from "@/lib/time/local-date";
import { displayName } from "@/lib/users/display-name";
import { cardNumberFor } from "@/lib/loyalty/card-number";

// A customer's card as the business sees it (docs/owner-tools.md, "A
// customer's card"): for the owner and the staff of a business the customer is
// a member of; anyone else, and a customer who is not a member, get null (the
// page's not-found). Every query matches worksAt(viewer) in its own WHERE.

const HISTORY_LIMIT = 50;

export type CardProgram = {
  id: string;
  type: string;
  name: string;
  description: string | null;
  startDate: Date | null;
  endDate: Date | null;
  offer: LoyaltyLine | null;
  progress: ProgressDescription;
  /** Stamps, points and visits only (lib/loyalty/adjust.ts). */
  adjustable: boolean;
  /** What the owner's adjustments added to (or took from) this progress, in the program's unit: shown apart from visits. */
  adjusted: number;
};

export type CardReward = {
  id: string;
  name: string;
  code: string;
  programName: string | null;
  status: RewardStatusName;
  issuedAt: Date;
  expiresAt: Date | null;
  redeemedAt: Date | null;
};

/** One line of the visit history: a visit (on a tag, or recorded from the QR) or a manual adjustment. */
export type CardHistoryEntry =
  | { kind: "visit"; id: string; at: Date; tagLabel: string | null; source: "TAG" | "QR" }
  | {
      kind: "adjustment";
      id: string;
      at: Date;
      delta: number;
      programType: string;
      programName: string;
      reason: string;
      actorName: string | null;
    };

export type CardAuditEntry = {
  id: string;
  at: Date;
  action: string;
  actorName: string | null;
  programName: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown>;
};

export type CustomerCard = {
  business: { id: string; name: string; slug: string; timeZone: string; access: CounterBusiness["access"] };
  customer: {
    id: string;
    fullName: string;
    displayName: string;
    /** Email and phone: the owner's only; staff get null for both and `contactHidden` (docs/owner-tools.md, "Staff"). */
    email: string | null;
    phone: string | null;
    contactHidden: boolean;
    /** A guest card: no name; the owner sees it by its card number (lib/loyalty/card-number.ts). */
    guest: boolean;
    cardNumber: string;
  };
  memberSince: Date;
  /** Real visits (taps recorded), never the owner's adjustments (docs/loyalty-programs.md, "Visits"). */
  visitCount: number;
  /** How many adjustments the owner made to this customer's progress. */
  adjustments: number;
  lastVisitAt: Date | null;
  programs: CardProgram[];
  rewards: { ready: CardReward[]; redeemed: CardReward[]; expired: CardReward[] };
  history: CardHistoryEntry[];
  audit: CardAuditEntry[];
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The card of `customerId` at `business` for a viewer who works there; null when the customer is not a member. */
export async function getCustomerCard(
  viewerId: string,
  business: CounterBusiness,
  customerId: string,
  now: Date = new Date(),
): Promise<CustomerCard | null> {
  const where = { userId: customerId, businessId: business.id, business: worksAt(viewerId) };
  const membership = await db.membership.findFirst({
    where,
    select: {
      id: true,
      linkedAt: true,
      visitCount: true,
      lastVisitAt: true,
      user: {
        select: { id: true, firstName: true, lastName: true, name: true, email: true, phone: true, guest: true },
      },
      progress: { select: { programId: true, count: true, total: true, tier: true, state: true } },
      business: {
        select: {
          timezone: true,
          programs: runningProgramLinesQuery,
        },
      },
    },
  });
  if (!membership) return null;
  const timeZone = normaliseTimezone(membership.business.timezone);
  const localDate = localDateIn(timeZone, now);

  const [rewards, taps, audit, adjustments] = await Promise.all([
    db.reward.findMany({
      where: { userId: customerId, businessId: business.id, business: worksAt(viewerId) },
      orderBy: { issuedAt: "desc" },
      take: 200,
      select: {
        id: true,
        name: true,
        code: true,
        status: true,
        issuedAt: true,
        expiresAt: true,
        redeemedAt: true,
        program: { select: { name: true } },
      },
    }),
    db.tap.findMany({
      where: { userId: customerId, businessId: business.id, business: worksAt(viewerId) },
      orderBy: { createdAt: "desc" },
      take: HISTORY_LIMIT,
      select: { id: true, createdAt: true, source: true, tag: { select: { id: true, label: true } } },
    }),
    db.auditLog.findMany({
      where: { customerId, businessId: business.id, business: worksAt(viewerId) },
      orderBy: { createdAt: "desc" },
      take: HISTORY_LIMIT,
      select: {
        id: true,
        createdAt: true,
        action: true,
        actorName: true,
        programId: true,
        reason: true,
        before: true,
        after: true,
        details: true,
      },
    }),
    // Every adjustment, not only the history's latest: one row per program.
    db.$queryRaw<{ programId: string; adjusted: number; entries: number }[]>`
      SELECT a."programId", COALESCE(SUM((a."details"->>'applied')::int), 0)::int AS "adjusted", COUNT(*)::int AS "entries"
      FROM "AuditLog" a
      WHERE a."businessId" = ${business.id} AND a."customerId" = ${customerId} AND a."action" = 'ADJUSTMENT'
        AND a."programId" IS NOT NULL AND jsonb_typeof(a."details"->'applied') = 'number'
      GROUP BY a."programId"`,
  ]);

  const programNames = new Map(membership.business.programs.map((p) => [p.id, p.name]));
  const programs: CardProgram[] = membership.business.programs
    .filter((p) => isProgramInDate(p, localDate))
    .map((p) => {
      const row = membership.progress.find((x) => x.programId === p.id);
      return {
        id: p.id,
        type: p.type,
        name: p.name,
        description: p.description,
        startDate: p.startDate,
        endDate: p.endDate,
        offer: describeOffer(p.type, p.rules, p.rewardName),
        progress: describeProgress(p.type, p.rules, row ? { ...row, state: asRecord(row.state) } : null, localDate),
        adjustable: isAdjustableType(p.type),
        adjusted: adjustments.find((a) => a.programId === p.id)?.adjusted ?? 0,
      };
    });

  const cardRewards: CardReward[] = rewards.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    programName: r.program?.name ?? null,
    status: effectiveRewardStatus(r, now),
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    redeemedAt: r.redeemedAt,
  }));

  const auditEntries: CardAuditEntry[] = audit.map((a) => {
    const details = asRecord(a.details);
    return {
      id: a.id,
      at: a.createdAt,
      action: a.action,
      actorName: a.actorName,
      programName:
        typeof details.programName === "string"
          ? details.programName
          : a.programId
            ? (programNames.get(a.programId) ?? null)
            : null,
      reason: a.reason,
      before: a.before,
      after: a.after,
      details,
    };
  });

  const history: CardHistoryEntry[] = [
    ...taps.map((t): CardHistoryEntry => ({
      kind: "visit",
      id: t.id,
      at: t.createdAt,
      tagLabel: t.tag ? t.tag.label || t.tag.id : null,
      source: t.source,
    })),
    ...auditEntries.flatMap((a): CardHistoryEntry[] =>
      a.action === "ADJUSTMENT"
        ? [
            {
              kind: "adjustment",
              id: a.id,
              at: a.at,
              delta: typeof a.details.applied === "number" ? a.details.applied : Number(a.details.delta ?? 0),
              programType: typeof a.details.programType === "string" ? a.details.programType : "other",
              programName: a.programName ?? "",
              reason: a.reason ?? "",
              actorName: a.actorName,
            },
          ]
        : [],
    ),
  ]
    .sort((x, y) => y.at.getTime() - x.at.getTime())
    .slice(0, HISTORY_LIMIT);

  const user = membership.user;
  // Contact details stay with the owner: a staff member works the counter and needs no way to reach the customer.
  const contactHidden = business.access !== "owner";
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.name?.trim() || "";
  return {
    business: { id: business.id, name: business.name, slug: business.slug, timeZone, access: business.access },
    customer: {
      id: user.id,
      fullName: fullName || displayName(user),
      displayName: displayName(user),
      email: contactHidden ? null : user.email,
      phone: contactHidden ? null : user.phone,
      contactHidden,
      guest: user.guest,
      cardNumber: cardNumberFor(membership.id),
    },
    memberSince: membership.linkedAt,
    visitCount: membership.visitCount,
    adjustments: adjustments.reduce((sum, a) => sum + a.entries, 0),
    lastVisitAt: membership.lastVisitAt,
    programs,
    rewards: {
      ready: cardRewards.filter((r) => r.status === "AVAILABLE"),
      redeemed: cardRewards.filter((r) => r.status === "REDEEMED"),
      expired: cardRewards.filter((r) => r.status === "EXPIRED"),
    },
    history,
    audit: auditEntries,
  };
}

/** Whether `customerId` (enabled) is a member of the business, which the worker works at. */
export async function isCardMember(workerId: string, businessId: string, customerId: string): Promise<boolean> {
  const member = await db.membership.findFirst({
    where: { userId: customerId, businessId, business: worksAt(workerId), user: { disabledAt: null } },
    select: { id: true },
  });
  return member !== null;
}
