import "server-only";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { resolveTheme, type Theme } from "@/lib/business/theme";
import { normaliseTimezone } from "@/lib/business/timezone";
import {
  describeOffer,
  describeProgress,
  isProgramInDate,
  type LoyaltyLine,
  type ProgressDescription,
} from "@/lib/loyalty";
import { localDateIn } from "@/lib/time/local-date";
import { runningProgramLinesQuery } from "@/lib/db/visit-types";

export type WalletProgram = {
  id: string;
  type: string;
  name: string;
  description: string | null;
  startDate: Date | null;
  endDate: Date | null;
  rewardName: string;
  /** The rule and the reward in the engine's words (null: rules that no longer validate). */
  offer: LoyaltyLine | null;
  progress: ProgressDescription;
};
export type WalletCard = {
  membershipId: string;
  businessId: string;
  businessName: string;
  slug: string;
  theme: Theme;
  /** The business's IANA zone, in which its times are shown. */
  timeZone: string;
  linkedAt: Date;
  visitCount: number;
  lastVisitAt: Date | null;
  programs: WalletProgram[];
  availableRewards: number;
  /** The latest visits and adjustments at this business, newest first. */
  history: WalletHistoryEntry[];
};

/** A line of a wallet card's short history; an adjustment shows the owner's reason to the customer. */
export type WalletHistoryEntry =
  | { kind: "visit"; id: string; at: Date }
  | {
      kind: "adjustment";
      id: string;
      at: Date;
      delta: number;
      programType: string;
      programName: string;
      reason: string;
    };

/** How many lines a wallet card's history shows. */
export const WALLET_HISTORY_LENGTH = 5;

const detailsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

type HistoryRow = { businessId: string; id: string; at: Date; reason: string | null; details: unknown };

/**
 * The customer's recent visits and the adjustments made to their progress,
 * newest first, per business: two statements for every membership together
 * (the latest few of each business, by a window over the customer's rows),
 * never one per membership.
 */
async function walletHistories(userId: string): Promise<Map<string, WalletHistoryEntry[]>> {
  const [taps, adjustments] = await Promise.all([
    queryRows<HistoryRow>(
      `SELECT "businessId", "id", "createdAt" AS "at", NULL AS "reason", NULL AS "details" FROM (
         SELECT "businessId", "id", "createdAt",
                row_number() OVER (PARTITION BY "businessId" ORDER BY "createdAt" DESC, "id" DESC) AS "n"
         FROM "Tap" WHERE "userId" = $1::text
       ) latest WHERE "n" <= $2::int`,
      [userId, WALLET_HISTORY_LENGTH],
    ),
    queryRows<HistoryRow>(
      `SELECT "businessId", "id", "createdAt" AS "at", "reason", "details" FROM (
         SELECT "businessId", "id", "createdAt", "reason", "details",
                row_number() OVER (PARTITION BY "businessId" ORDER BY "createdAt" DESC, "id" DESC) AS "n"
         FROM "AuditLog" WHERE "customerId" = $1::text AND "action" = 'ADJUSTMENT'
       ) latest WHERE "n" <= $2::int`,
      [userId, WALLET_HISTORY_LENGTH],
    ),
  ]);
  const byBusiness = new Map<string, WalletHistoryEntry[]>();
  const add = (businessId: string, entry: WalletHistoryEntry) => {
    const list = byBusiness.get(businessId) ?? [];
    list.push(entry);
    byBusiness.set(businessId, list);
  };
  for (const tap of taps) add(tap.businessId, { kind: "visit", id: tap.id, at: tap.at });
  for (const a of adjustments) {
    const details = detailsOf(a.details);
    add(a.businessId, {
      kind: "adjustment",
      id: a.id,
      at: a.at,
      delta: typeof details.applied === "number" ? details.applied : Number(details.delta ?? 0),
      programType: typeof details.programType === "string" ? details.programType : "other",
      programName: typeof details.programName === "string" ? details.programName : "",
      reason: a.reason ?? "",
    });
  }
  for (const [businessId, entries] of byBusiness)
    byBusiness.set(businessId, entries.sort((x, y) => y.at.getTime() - x.at.getTime()).slice(0, WALLET_HISTORY_LENGTH));
  return byBusiness;
}

/** A wallet card without its short history and rewards count: what the dashboard's home page shows of it. */
export type WalletCardSummary = Omit<WalletCard, "availableRewards" | "history">;

const MEMBERSHIP_ORDER = [{ lastVisitAt: { sort: "desc", nulls: "last" } }, { linkedAt: "desc" }] as const;

/**
 * The customer's memberships with their progress in each running program (e.g.
 * 7/10 stamps), in one statement: the home page's "closest to a reward" and
 * "recent visits" read no more (docs/performance.md, "Read only what a page shows").
 */
export async function listWalletCards(userId: string, now = new Date()): Promise<WalletCardSummary[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: [...MEMBERSHIP_ORDER],
    select: {
      id: true,
      linkedAt: true,
      visitCount: true,
      lastVisitAt: true,
      progress: { select: { programId: true, count: true, total: true, tier: true, state: true } },
      business: {
        select: {
          id: true,
          name: true,
          slug: true,
          theme: true,
          timezone: true,
          programs: runningProgramLinesQuery,
        },
      },
    },
  });
  return memberships.map((m) => {
    const localDate = localDateIn(m.business.timezone, now);
    return {
      membershipId: m.id,
      businessId: m.business.id,
      businessName: m.business.name,
      slug: m.business.slug,
      theme: resolveTheme(m.business.theme),
      timeZone: normaliseTimezone(m.business.timezone),
      linkedAt: m.linkedAt,
      visitCount: m.visitCount,
      lastVisitAt: m.lastVisitAt,
      programs: m.business.programs
        .filter((p) => isProgramInDate(p, localDate))
        .map((p) => {
          const row = m.progress.find((x) => x.programId === p.id);
          const progress = describeProgress(p.type, p.rules, row, localDate);
          return {
            id: p.id,
            type: p.type,
            name: p.name,
            description: p.description,
            startDate: p.startDate,
            endDate: p.endDate,
            rewardName: p.rewardName,
            offer: describeOffer(p.type, p.rules, p.rewardName),
            progress,
          };
        }),
    };
  });
}

/** The wallet: every card with its short history and the rewards ready at each business. */
export async function listWallet(userId: string, now = new Date()): Promise<WalletCard[]> {
  const cards = await listWalletCards(userId, now);
  const histories = await walletHistories(userId);
  const available = await db.reward.groupBy({
    by: ["businessId"],
    where: { userId, status: "AVAILABLE", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    _count: { _all: true },
  });
  return cards.map((card) => ({
    ...card,
    availableRewards: available.find((a) => a.businessId === card.businessId)?._count._all ?? 0,
    history: histories.get(card.businessId) ?? [],
  }));
}

/** The businesses the customer holds a card at, newest visit first: the settings page's offers switches. */
export async function listCardBusinesses(userId: string): Promise<{ businessId: string; businessName: string }[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: [...MEMBERSHIP_ORDER],
    select: { business: { select: { id: true, name: true } } },
  });
  return memberships.map((m) => ({ businessId: m.business.id, businessName: m.business.name }));
}

export type OwnerBusinessSummary = {
  id: string;
  name: string;
  slug: string;
  tapsToday: number;
  activePrograms: number;
  members: number;
  rewardsToRedeem: number;
  // What the first steps' checklist reads (docs/owner-tools.md, "First steps").
  firstTagId: string | null;
  hasProgram: boolean;
  tagPrepared: boolean;
  tagTapped: boolean;
  dismissed: boolean;
};

/**
 * An owner's businesses with today's taps (in each business's time zone),
 * active programs, members and rewards waiting: one statement for all of them,
 * each figure a count on its own index (never an aggregate over a whole table).
 */
export async function listOwnerDashboard(ownerId: string, now = new Date()): Promise<OwnerBusinessSummary[]> {
  return queryRows<OwnerBusinessSummary>(
    `SELECT b."id", b."name", b."slug",
       (SELECT count(*)::int FROM "Tap" t
          WHERE t."businessId" = b."id" AND t."day" = ($2::timestamptz AT TIME ZONE b."timezone")::date) AS "tapsToday",
       (SELECT count(*)::int FROM "Program" p
          WHERE p."businessId" = b."id" AND p."active" AND p."endedAt" IS NULL) AS "activePrograms",
       (SELECT count(*)::int FROM "Membership" m WHERE m."businessId" = b."id") AS "members",
       (SELECT count(*)::int FROM "Reward" r
          WHERE r."businessId" = b."id" AND r."status" = 'AVAILABLE'
            AND (r."expiresAt" IS NULL OR r."expiresAt" > $2::timestamp(3))) AS "rewardsToRedeem",
       -- The first steps' facts (lib/business/first-steps.ts), each an index lookup.
       (SELECT g."id" FROM "Tag" g WHERE g."businessId" = b."id"
          ORDER BY g."claimedAt" ASC NULLS LAST, g."id" ASC LIMIT 1) AS "firstTagId",
       EXISTS (SELECT 1 FROM "Program" p WHERE p."businessId" = b."id") AS "hasProgram",
       b."tagPreparedAt" IS NOT NULL AS "tagPrepared",
       EXISTS (SELECT 1 FROM "Tap" t WHERE t."businessId" = b."id" AND t."tagId" IS NOT NULL) AS "tagTapped",
       b."setupDismissedAt" IS NOT NULL AS "dismissed"
     FROM "Business" b WHERE b."ownerId" = $1::text
     ORDER BY b."createdAt" ASC, b."id" ASC`,
    [ownerId, now],
  );
}
