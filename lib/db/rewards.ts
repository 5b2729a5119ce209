import "server-only";
import { cache } from "react";
import { normaliseTimezone } from "@/lib/business/timezone";
import { db, Prisma } from "@/lib/db";
import { apiKeyAuditActor, type ApiKeyActor } from "@/lib/db/api-keys";
import { appendAudit, appendAuditSql } from "@/lib/db/audit";
import { worksAt, worksAtLocation, worksAtLocationPart } from "@/lib/db/business-access";
import { closedPart, pauseOf } from "@/lib/db/season-pause";
import { closureAt } from "@/lib/business/season-pause";
import { inTransaction, prismaExecutor, prismaSql, sql, type InTransaction, type Sql } from "@/lib/db/sql";
import { normaliseRewardCode } from "@/lib/loyalty/reward-code";
import { localDateIn } from "@/lib/time/local-date";
import { canUndoRedemption, effectiveRewardStatus, UNDO_WINDOW_MS, type RewardStatusName } from "@/lib/rewards/status";
import { displayName, type NameParts } from "@/lib/users/display-name";

/** A refusal is a code; the caller says it in the reader's language (lib/actions/redeem-reward.ts). */
export type RedeemFailure = {
  ok: false;
  status: 403 | 404 | 409 | 410 | 422;
  /**
   * location_not_found: the location named is not an open one of the reward's business;
   * choose_location: none was named and the worker works at several (lib/rewards/redeem.ts).
   */
  code:
    | "not_found"
    | "own_reward"
    | "already_redeemed"
    | "expired"
    | "location_not_found"
    | "choose_location"
    | "business_closed";
  /** already_redeemed: the day it was, in the business's time zone (YYYY-MM-DD). */
  redeemedOn?: string;
  /** business_closed: the business, and the day it reopens (null: when its owner reopens it). */
  closed?: { business: string; until: string | null };
};
/** The reward at the counter, as the owner sees it: what it is and whose. */
type RewardAtCounter = {
  ok: true;
  rewardId: string;
  name: string;
  code: string;
  customerName: string | null;
};
export type RedeemResult =
  | (RewardAtCounter & {
      /** Today in the business's time zone (YYYY-MM-DD). */
      redeemedOn: string;
    })
  | RedeemFailure;

/** A reward the owner may redeem, shown before they confirm. */
export type RewardLookup =
  | (RewardAtCounter & {
      /** The day the customer earned it, in the business's time zone (YYYY-MM-DD). */
      earnedOn: string;
      businessId: string;
    })
  | RedeemFailure;

/** What naming the customer to the owner reads (lib/users/display-name.ts). */
const customerNameSelect = { firstName: true, lastName: true, name: true } satisfies Prisma.UserSelect;

/** A reward's own fields, as its customer and the owner see them (and the account export keeps them). */
export const rewardSelect = {
  id: true,
  code: true,
  name: true,
  description: true,
  status: true,
  issuedAt: true,
  expiresAt: true,
  redeemedAt: true,
} satisfies Prisma.RewardSelect;

const NOT_FOUND: RedeemFailure = { ok: false, status: 404, code: "not_found" };

/**
 * Who redeems or undoes: someone who works at the business (their user id),
 * or one of the business's API keys (docs/api.md), which acts for its own
 * business only and is named as the actor in the audit log.
 */
export type RewardActor = string | ApiKeyActor;

/** A location named for a redemption is an open location of business b (docs/locations.md, "The counter"). */
const openLocationOfB = (locationId: string | null): Sql =>
  sql`(${locationId}::text IS NULL OR EXISTS (SELECT 1 FROM "Location" l WHERE l."id" = ${locationId}::text AND l."businessId" = b."id" AND l."closedAt" IS NULL))`;

/**
 * The statement's test of who may redeem reward r of business b at `locationId`
 * (staff limited to some locations only at theirs: worksAtLocationPart), and
 * the user (if any) recorded as doing it.
 */
function actorScope(actor: RewardActor, locationId: string | null) {
  if (typeof actor === "string")
    return {
      may: sql`${worksAtLocationPart("b", actor, sql`${locationId}::text`)} AND ${openLocationOfB(locationId)} AND r."userId" IS DISTINCT FROM ${actor}::text`,
      userId: actor,
    };
  return { may: sql`b."id" = ${actor.businessId}::text AND ${openLocationOfB(locationId)}`, userId: null };
}

/** Undoing: staff limited to some locations undo only what was redeemed at one of theirs. */
function undoScope(actor: RewardActor) {
  if (typeof actor === "string")
    return {
      may: sql`${worksAtLocationPart("b", actor, sql`r."redeemedLocationId"`)} AND r."userId" IS DISTINCT FROM ${actor}::text`,
      userId: actor,
    };
  return { may: sql`b."id" = ${actor.businessId}::text`, userId: null };
}

const actorBusiness = (actor: RewardActor, locationId: string | null): Prisma.BusinessWhereInput =>
  typeof actor === "string" ? worksAtLocation(actor, locationId) : { id: actor.businessId };
const OWN_REWARD: RedeemFailure = { ok: false, status: 403, code: "own_reward" };
const LOCATION_NOT_FOUND: RedeemFailure = { ok: false, status: 422, code: "location_not_found" };

/** Why nothing was redeemed at a named location of the reward's business: it is not an open one. */
async function locationRefused(businessId: string, locationId: string | null): Promise<boolean> {
  if (!locationId) return false;
  return (await db.location.count({ where: { id: locationId, businessId, closedAt: null } })) === 0;
}

/**
 * The business confirms a reward at the counter. AVAILABLE → REDEEMED happens
 * once, by one conditional UPDATE (with its history event in the same
 * statement), whatever the concurrency: of 20 simultaneous confirmations one
 * succeeds. Only someone who works at the issuing business (its owner or its
 * staff, matched in the statement itself, at `locationId` when named: an open
 * location of the business, recorded as where it was redeemed) may redeem, never after expiry, and
 * never a reward of their own (as nobody records a visit for themselves: a
 * worker who is also a customer would otherwise serve themselves). The audit
 * entry (REDEMPTION, with who did it) commits with the change, and so does
 * what `redeemed` (given the reward and its membership) writes.
 */
export async function redeemRewardRow(
  actor: RewardActor,
  target: { rewardId?: string; code?: string; locationId?: string | null },
  redeemedStep: InTransaction<RewardRedeemed>,
  now = new Date(),
): Promise<RedeemResult> {
  const code = target.code ? normaliseRewardCode(target.code) : null;
  const rewardId = target.rewardId ?? null;
  const locationId = target.locationId ?? null;
  if (!code && !rewardId) return NOT_FOUND;
  const scope = actorScope(actor, locationId);
  const row = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      {
        id: string;
        name: string;
        code: string;
        userId: string | null;
        programId: string | null;
        membershipId: string | null;
        businessId: string;
        timezone: string;
      }[]
    >`
      WITH redeemed AS (
        UPDATE "Reward" r SET "status" = 'REDEEMED', "redeemedAt" = ${now}, "redeemedById" = ${scope.userId},
          "redeemedLocationId" = ${locationId}
        FROM "Business" b
        WHERE b."id" = r."businessId" AND ${prismaSql(scope.may)} AND NOT ${prismaSql(closedPart("b", now))}
          AND (r."id" = ${rewardId} OR r."code" = ${code})
          AND r."status" = 'AVAILABLE'
          AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now})
        RETURNING r."id", r."name", r."code", r."userId", r."programId", r."membershipId", b."id" AS "businessId", b."timezone"
      ), logged AS (
        INSERT INTO "RewardEvent" ("id", "rewardId", "type", "actorId", "createdAt")
        SELECT gen_random_uuid()::text, "id", 'REDEEMED', ${scope.userId}, ${now} FROM redeemed
      )
      SELECT "id", "name", "code", "userId", "programId", "membershipId", "businessId", "timezone" FROM redeemed`;
    const redeemed = rows[0];
    if (redeemed)
      await redeemedStep(prismaExecutor(tx), {
        rewardId: redeemed.id,
        businessId: redeemed.businessId,
        membershipId: redeemed.membershipId,
        at: now,
      });
    if (redeemed)
      await appendAudit(
        {
          businessId: redeemed.businessId,
          action: "REDEMPTION",
          ...(await actorOf(tx, actor)),
          customerId: redeemed.userId,
          programId: redeemed.programId,
          before: { status: "AVAILABLE" },
          after: { status: "REDEEMED" },
          details: { rewardId: redeemed.id, code: redeemed.code, name: redeemed.name },
        },
        tx,
        now,
      );
    return redeemed;
  });
  if (row) {
    const customer = row.userId
      ? await db.user.findUnique({ where: { id: row.userId }, select: customerNameSelect })
      : null;
    return {
      ...atCounter(row, customer),
      redeemedOn: localDateIn(normaliseTimezone(row.timezone), now),
    };
  }
  // Explain why, to those who work there (at that location) only: someone else's reward is simply not found.
  const existing = await db.reward.findFirst({
    where: { ...(rewardId ? { id: rewardId } : { code: code! }), business: actorBusiness(actor, locationId) },
    select: {
      userId: true,
      businessId: true,
      status: true,
      expiresAt: true,
      redeemedAt: true,
      business: { select: businessOfRefusal },
    },
  });
  if (existing && (await locationRefused(existing.businessId, locationId))) return LOCATION_NOT_FOUND;
  if (existing && scope.userId !== null && existing.userId === scope.userId) return OWN_REWARD;
  return existing ? refusalOf(existing, now) : NOT_FOUND;
}

/** Who did it, for the audit log: the id and the name they had then. */
async function actorOf(tx: Prisma.TransactionClient, actor: RewardActor) {
  if (typeof actor !== "string") return apiKeyAuditActor(actor);
  const userId = actor;
  const user = await tx.user.findUnique({ where: { id: userId }, select: customerNameSelect });
  return { actorId: userId, actorName: user ? displayName(user) : null };
}

/** What a refusal reads of the reward's business: its zone, and whether it is closed for the season. */
const businessOfRefusal = {
  timezone: true,
  name: true,
  pausedAt: true,
  pausedUntil: true,
} satisfies Prisma.BusinessSelect;

/**
 * Why a reward of a business the caller works at cannot be redeemed: the
 * business is closed for the season (docs/business-lifecycle.md), or the
 * reward is not AVAILABLE.
 */
function refusalOf(
  reward: {
    status: RewardStatusName;
    expiresAt: Date | null;
    redeemedAt: Date | null;
    business: Prisma.BusinessGetPayload<{ select: typeof businessOfRefusal }>;
  },
  now: Date,
): RedeemFailure {
  const closure = closureAt(pauseOf(reward.business), normaliseTimezone(reward.business.timezone), now);
  if (closure && reward.status === "AVAILABLE")
    return { ok: false, status: 409, code: "business_closed", closed: { business: reward.business.name, ...closure } };
  if (reward.status === "REDEEMED") {
    const redeemedOn = reward.redeemedAt
      ? localDateIn(normaliseTimezone(reward.business.timezone), reward.redeemedAt)
      : undefined;
    return { ok: false, status: 409, code: "already_redeemed", ...(redeemedOn ? { redeemedOn } : {}) };
  }
  if (effectiveRewardStatus(reward, now) === "EXPIRED") return { ok: false, status: 410, code: "expired" };
  return NOT_FOUND;
}

/**
 * The reward a typed code names, for its business's owner or staff to check
 * before confirming: what it is, whose, and when it was earned. A read only:
 * nothing changes. Another business's code is not found, like an unknown one.
 */
export async function findRewardToRedeem(workerId: string, typed: string, now = new Date()): Promise<RewardLookup> {
  const code = normaliseRewardCode(typed);
  if (!code) return NOT_FOUND;
  const reward = await db.reward.findFirst({
    where: { code, business: worksAt(workerId) },
    select: {
      id: true,
      userId: true,
      name: true,
      code: true,
      status: true,
      issuedAt: true,
      expiresAt: true,
      redeemedAt: true,
      user: { select: customerNameSelect },
      businessId: true,
      business: { select: businessOfRefusal },
    },
  });
  if (!reward) return NOT_FOUND;
  if (reward.userId === workerId) return OWN_REWARD;
  const refused = refusalOf(reward, now);
  if (refused.code === "business_closed" || effectiveRewardStatus(reward, now) !== "AVAILABLE") return refused;
  return {
    ...atCounter(reward, reward.user),
    earnedOn: localDateIn(normaliseTimezone(reward.business.timezone), reward.issuedAt),
    businessId: reward.businessId,
  };
}

/**
 * Undo a redemption within 10 minutes (owner or staff of the business, matched
 * in the statement — staff limited to some locations only for a redemption at
 * one of theirs — never on a reward of their own: it would hand them the
 * reward back); both sides see it in the history, and the audit log says who
 * (REDEMPTION_UNDONE, in the same transaction, with what `cardChanged`
 * writes for the reward's membership).
 */
export async function undoRedemptionRow(
  actor: RewardActor,
  rewardId: string,
  cardChanged: InTransaction<string>,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - UNDO_WINDOW_MS);
  const scope = undoScope(actor);
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      {
        id: string;
        code: string;
        userId: string | null;
        programId: string | null;
        membershipId: string | null;
        businessId: string;
      }[]
    >`
      WITH undone AS (
        UPDATE "Reward" r SET "status" = 'AVAILABLE', "redeemedAt" = NULL, "redeemedById" = NULL, "redeemedLocationId" = NULL
        FROM "Business" b
        WHERE b."id" = r."businessId" AND ${prismaSql(scope.may)}
          AND r."id" = ${rewardId}
          AND r."status" = 'REDEEMED' AND r."redeemedAt" > ${since}
        RETURNING r."id", r."code", r."userId", r."programId", r."membershipId", b."id" AS "businessId"
      ), logged AS (
        INSERT INTO "RewardEvent" ("id", "rewardId", "type", "actorId", "createdAt")
        SELECT gen_random_uuid()::text, "id", 'REDEMPTION_UNDONE', ${scope.userId}, ${now} FROM undone
      )
      SELECT "id", "code", "userId", "programId", "membershipId", "businessId" FROM undone`;
    const undone = rows[0];
    if (!undone) return false;
    if (undone.membershipId) await cardChanged(prismaExecutor(tx), undone.membershipId);
    await appendAudit(
      {
        businessId: undone.businessId,
        action: "REDEMPTION_UNDONE",
        ...(await actorOf(tx, actor)),
        customerId: undone.userId,
        programId: undone.programId,
        before: { status: "REDEEMED" },
        after: { status: "AVAILABLE" },
        details: { rewardId: undone.id, code: undone.code },
      },
      tx,
      now,
    );
    return true;
  });
}

/** The customer as the owner sees them ("Jordi V."); null once the account is gone. */
function customerNameOf(user: NameParts | null): string | null {
  return user ? displayName(user) : null;
}

function atCounter(reward: { id: string; name: string; code: string }, customer: NameParts | null): RewardAtCounter {
  return {
    ok: true,
    rewardId: reward.id,
    name: reward.name,
    code: reward.code,
    customerName: customerNameOf(customer),
  };
}

export type RewardView = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  status: RewardStatusName;
  issuedAt: Date;
  expiresAt: Date | null;
  redeemedAt: Date | null;
  /** timeZone: the business's IANA zone, in which its times are shown. */
  business: { id: string; name: string; slug: string; timeZone: string };
  programName: string | null;
  customerName: string | null;
  /** "owner": the counter's view, for the owner and for the business's staff (`staff` true). */
  viewer: "customer" | "owner";
  staff: boolean;
  canUndo: boolean;
  events: { type: string; at: Date }[];
};

/** A reward for its customer or for someone who works at the issuing business (owner or staff); null for anyone else. */
export async function getRewardForViewer(
  userId: string,
  rewardId: string,
  now = new Date(),
): Promise<RewardView | null> {
  const reward = await db.reward.findUnique({
    where: { id: rewardId },
    select: {
      ...rewardSelect,
      userId: true,
      user: { select: customerNameSelect },
      program: { select: { name: true } },
      business: {
        select: {
          id: true,
          name: true,
          slug: true,
          ownerId: true,
          timezone: true,
          staff: { where: { userId }, select: { userId: true } },
        },
      },
      events: { orderBy: { createdAt: "asc" }, select: { type: true, createdAt: true } },
    },
  });
  if (!reward) return null;
  // Staff see the counter's view of the reward, as the owner does; their own
  // reward they see as its customer (nobody redeems or undoes their own).
  const worksThere = reward.business.ownerId === userId || reward.business.staff.length > 0;
  const viewer = reward.userId === userId ? "customer" : worksThere ? "owner" : null;
  if (!viewer) return null;
  return {
    id: reward.id,
    code: reward.code,
    name: reward.name,
    description: reward.description,
    status: effectiveRewardStatus(reward, now),
    issuedAt: reward.issuedAt,
    expiresAt: reward.expiresAt,
    redeemedAt: reward.redeemedAt,
    business: {
      id: reward.business.id,
      name: reward.business.name,
      slug: reward.business.slug,
      timeZone: normaliseTimezone(reward.business.timezone),
    },
    programName: reward.program?.name ?? null,
    customerName: customerNameOf(reward.user),
    viewer,
    staff: viewer === "owner" && reward.business.ownerId !== userId,
    canUndo: viewer === "owner" && canUndoRedemption(reward, now),
    events: reward.events.map((e) => ({ type: e.type, at: e.createdAt })),
  };
}

export type RewardListItem = {
  id: string;
  name: string;
  code: string;
  businessName: string;
  /** The business's zone: its dates are shown on its clock. */
  timeZone: string;
  status: RewardStatusName;
  expiresAt: Date | null;
  redeemedAt: Date | null;
  issuedAt: Date;
};

/** The customer's rewards, grouped as they see them. */
export async function listCustomerRewards(userId: string, now = new Date()) {
  const rows = await db.reward.findMany({
    where: { userId },
    orderBy: { issuedAt: "desc" },
    take: 200,
    select: {
      id: true,
      name: true,
      code: true,
      status: true,
      expiresAt: true,
      redeemedAt: true,
      issuedAt: true,
      business: { select: { name: true, timezone: true } },
    },
  });
  const items: RewardListItem[] = rows.map(({ business, ...r }) => ({
    ...r,
    businessName: business.name,
    timeZone: normaliseTimezone(business.timezone),
    status: effectiveRewardStatus(r, now),
  }));
  return {
    available: items.filter((r) => r.status === "AVAILABLE"),
    redeemed: items.filter((r) => r.status === "REDEEMED"),
    expired: items.filter((r) => r.status === "EXPIRED"),
  };
}

/** A business where the customer has rewards ready: how many, and the one to show when there is just one. */
export type ReadyRewards = { businessId: string; businessName: string; count: number; rewardId: string };

/**
 * The customer's rewards ready to redeem (available, not expired), per
 * business, most recent first: ONE statement, shared by the dashboard's
 * layout (the Rewards tab's badge) and its home page within a request.
 */
export const readyRewardsByBusiness = cache(async (userId: string, now = new Date()): Promise<ReadyRewards[]> => {
  return db.$queryRaw<ReadyRewards[]>`
    SELECT r."businessId", b."name" AS "businessName", COUNT(*)::int AS "count",
           (ARRAY_AGG(r."id" ORDER BY r."issuedAt" DESC))[1] AS "rewardId"
    FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId"
    WHERE r."userId" = ${userId} AND r."status" = 'AVAILABLE' AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now})
    GROUP BY r."businessId", b."name"
    ORDER BY MAX(r."issuedAt") DESC`;
});

export type CounterWorker = { id: string; name: string };

/** What a redemption reports to its caller's step, in its transaction: the reward and the card it was on. */
export type RewardRedeemed = { rewardId: string; businessId: string; membershipId: string | null; at: Date };

/**
 * One tap at the counter, from a customer's card: a reward of `customerId` (never
 * the worker's own) at a business the worker owns or staffs, at the counter's
 * location (matched in the statement, worksAtLocationPart; a named location
 * must be an open one of the business, and is recorded as where it was redeemed) is
 * redeemed by the same conditional UPDATE as redeemRewardRow — AVAILABLE →
 * REDEEMED once, whatever the concurrency — with its history event, a
 * REDEMPTION entry in the audit log naming who and what `redeemedStep` writes
 * for the reward and its membership, in one transaction.
 */
export async function redeemRewardRowAtCounter(
  worker: CounterWorker,
  target: { businessId: string; customerId: string; rewardId: string; locationId?: string | null },
  redeemedStep: InTransaction<RewardRedeemed>,
  now = new Date(),
): Promise<RedeemResult> {
  const locationId = target.locationId ?? null;
  const redeemed = await inTransaction(async (tx) => {
    const [row] = await tx.query<{
      id: string;
      name: string;
      code: string;
      userId: string | null;
      timezone: string;
      programId: string | null;
      membershipId: string | null;
    }>(
      sql`WITH redeemed AS (
        UPDATE "Reward" r SET "status" = 'REDEEMED', "redeemedAt" = ${now}::timestamp(3), "redeemedById" = ${worker.id}::text,
          "redeemedLocationId" = ${locationId}::text
        FROM "Business" b
        WHERE b."id" = r."businessId" AND b."id" = ${target.businessId}::text
          AND ${worksAtLocationPart("b", worker.id, sql`${locationId}::text`)} AND ${openLocationOfB(locationId)}
          AND NOT ${closedPart("b", now)}
          AND r."id" = ${target.rewardId}::text AND r."userId" = ${target.customerId}::text AND r."userId" <> ${worker.id}::text
          AND r."status" = 'AVAILABLE'
          AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now}::timestamp(3))
        RETURNING r."id", r."name", r."code", r."userId", r."programId", r."membershipId", b."timezone"
      ), logged AS (
        INSERT INTO "RewardEvent" ("id", "rewardId", "type", "actorId", "createdAt")
        SELECT gen_random_uuid()::text, "id", 'REDEEMED', ${worker.id}::text, ${now}::timestamp(3) FROM redeemed
      )
      SELECT "id", "name", "code", "userId", "programId", "membershipId", "timezone" FROM redeemed`,
    );
    if (!row) return null;
    await redeemedStep(tx, {
      rewardId: row.id,
      businessId: target.businessId,
      membershipId: row.membershipId,
      at: now,
    });
    await appendAuditSql(
      tx,
      {
        businessId: target.businessId,
        action: "REDEMPTION",
        actorId: worker.id,
        actorName: worker.name,
        customerId: target.customerId,
        programId: row.programId,
        details: { rewardId: row.id, code: row.code, name: row.name },
      },
      now,
    );
    return row;
  });
  if (redeemed) {
    const customer = await db.user.findUnique({ where: { id: target.customerId }, select: customerNameSelect });
    return { ...atCounter(redeemed, customer), redeemedOn: localDateIn(normaliseTimezone(redeemed.timezone), now) };
  }
  // Why not, to those who work there only: anyone else's reward is simply not found.
  const existing = await db.reward.findFirst({
    where: {
      id: target.rewardId,
      userId: target.customerId,
      businessId: target.businessId,
      business: worksAtLocation(worker.id, locationId),
    },
    select: { status: true, expiresAt: true, redeemedAt: true, business: { select: businessOfRefusal } },
  });
  if (existing && (await locationRefused(target.businessId, locationId))) return LOCATION_NOT_FOUND;
  if (existing && target.customerId === worker.id) return OWN_REWARD;
  return existing ? refusalOf(existing, now) : NOT_FOUND;
}

/** The business of a reward (by id or code) the worker works at; null for any other reward. */
export async function rewardBusinessOf(
  workerId: string,
  target: { rewardId?: string; code?: string },
): Promise<string | null> {
  const code = target.code ? normaliseRewardCode(target.code) : null;
  if (!target.rewardId && !code) return null;
  const reward = await db.reward.findFirst({
    where: { ...(target.rewardId ? { id: target.rewardId } : { code: code! }), business: worksAt(workerId) },
    select: { businessId: true },
  });
  return reward?.businessId ?? null;
}

/**
 * Whether the reward is `userId`'s own at a business they work at: only to say
 * why an undo was refused (the statement decided). Anyone else's answer stays
 * the one for a reward that does not exist.
 */
export async function isOwnReward(userId: string, rewardId: string): Promise<boolean> {
  return (await db.reward.count({ where: { id: rewardId, userId, business: worksAt(userId) } })) > 0;
}
