import "server-only";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, type InTransaction, type SqlTx } from "@/lib/db/sql";
import type { CardChange, IssuedReward, StoredProgress } from "@/lib/db/visit-types";
import { issueReward, type ProgramRow } from "@/lib/db/visits";
import { normalizeProgress, type ProgressState } from "@/lib/loyalty";
import {
  ADJUSTMENT_WINDOW_MS,
  ADJUSTMENTS_PER_WINDOW,
  applyAdjustment,
  type AdjustmentRefusal,
} from "@/lib/loyalty/adjust";
import { displayName, type NameParts } from "@/lib/users/display-name";

// An owner's manual adjustment of a customer's progress (docs/owner-tools.md,
// "Adjustments"). The rule is lib/loyalty/adjust.ts; this is its transaction.

export type AdjustmentRequest = {
  businessId: string;
  customerId: string;
  programId: string;
  delta: number;
  reason: string;
};

export type AdjustmentOutcome =
  | {
      ok: true;
      before: { count: number; total: number };
      after: { count: number; total: number };
      applied: number;
      rewards: IssuedReward[];
    }
  | { ok: false; reason: "not_found" | "program_not_found" | "nothing_to_remove" | "rate_limited" | AdjustmentRefusal };

/** A running program whose progress an adjustment (or a campaign's bonus) changes. */
export type AdjustableProgram = ProgramRow & { type: string; name: string; rules: unknown };

/** The business's program, when it is running (active, not ended); null otherwise. */
export async function findAdjustableProgram(
  tx: SqlTx,
  programId: string,
  businessId: string,
): Promise<AdjustableProgram | null> {
  const [program] = await tx.query<AdjustableProgram>(
    `SELECT "id", "businessId", "type", "name", "rules", "rewardName", "rewardDescription", "rewardExpiryDays"
     FROM "Program" WHERE "id" = $1::text AND "businessId" = $2::text AND "active" AND "endedAt" IS NULL`,
    [programId, businessId],
  );
  return program ?? null;
}

/**
 * The member's progress in the program, locked to the end of the transaction.
 * The caller holds the membership's lock first, as a visit does, so a tap and
 * this change at the same moment both count.
 */
export async function lockProgress(tx: SqlTx, membershipId: string, programId: string): Promise<ProgressState> {
  const [stored] = await tx.query<StoredProgress>(
    `SELECT "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = $1::text AND "programId" = $2::text FOR UPDATE`,
    [membershipId, programId],
  );
  return normalizeProgress(stored);
}

/**
 * Stores a change the rule (lib/loyalty/adjust.ts) allowed: the new progress,
 * its rewards issued by the visit's own issueReward, each reward and the
 * changed card announced to `announce` in the transaction.
 */
export async function storeProgressChange(
  tx: SqlTx,
  target: { membershipId: string; userId: string; program: AdjustableProgram },
  change: { next: ProgressState; rewardsIssued: number },
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<IssuedReward[]> {
  const { membershipId, userId, program } = target;
  const { next } = change;
  await tx.execute(
    `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
     VALUES (gen_random_uuid()::text, $1::text, $2::text, $3::int, $4::int, $5::text, $6::jsonb, $7::timestamp(3))
     ON CONFLICT ("membershipId", "programId") DO UPDATE
       SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "updatedAt" = EXCLUDED."updatedAt"`,
    [membershipId, program.id, next.count, next.total, next.tier, JSON.stringify(next.state), now],
  );
  const rewards: IssuedReward[] = [];
  for (let i = 0; i < change.rewardsIssued; i++)
    rewards.push(await issueReward(tx, program, { userId, membershipId, tapId: null, now }, announce));
  await announce(tx, { kind: "card-changed", membershipId });
  return rewards;
}

/**
 * Applies an owner's adjustment in ONE transaction: the membership (of a
 * business the caller owns: matched in the statement) and then its progress
 * row are locked (SELECT … FOR UPDATE), the rule runs, the new progress is
 * stored, rewards are issued by the visit's own issueReward, and an ADJUSTMENT
 * entry is appended to the audit log. A visit takes the same membership lock
 * before it reads progress, so a tap and an adjustment at the same moment both
 * count. No Tap row is written and the daily tap limit is not touched. Each
 * reward issued and the changed card go to `announce` in the transaction.
 */
export async function writeAdjustment(
  ownerId: string,
  request: AdjustmentRequest,
  announce: InTransaction<CardChange>,
  now: Date = new Date(),
): Promise<AdjustmentOutcome> {
  return inTransaction(async (tx) => {
    const [membership] = await tx.query<{ id: string; actor: NameParts }>(
      `SELECT m."id", json_build_object('firstName', o."firstName", 'lastName', o."lastName", 'name', o."name") AS "actor"
       FROM "Membership" m
       JOIN "Business" b ON b."id" = m."businessId"
       JOIN "User" o ON o."id" = b."ownerId"
       WHERE m."businessId" = $1::text AND m."userId" = $2::text AND b."ownerId" = $3::text
       FOR UPDATE OF m`,
      [request.businessId, request.customerId, ownerId],
    );
    if (!membership) return { ok: false, reason: "not_found" };
    const program = await findAdjustableProgram(tx, request.programId, request.businessId);
    if (!program) return { ok: false, reason: "program_not_found" };
    const before = await lockProgress(tx, membership.id, program.id);
    const result = applyAdjustment(program, before, request.delta);
    if (!result.ok) return result;
    if (result.applied === 0) return { ok: false, reason: "nothing_to_remove" };
    // The business's hourly allowance, taken in the same transaction as the
    // change (the conditional upsert of lib/rate-limit.ts's takeRateLimit): two
    // adjustments at once can't both take the last one, and a failed one gives it back.
    const [allowed] = await tx.query<{ key: string }>(
      `INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES ($1::text, 1, $2::timestamp(3))
       ON CONFLICT ("key") DO UPDATE SET
         "count" = CASE WHEN "RateLimit"."resetAt" <= $3::timestamp(3) THEN 1 ELSE "RateLimit"."count" + 1 END,
         "resetAt" = CASE WHEN "RateLimit"."resetAt" <= $3::timestamp(3) THEN $2::timestamp(3) ELSE "RateLimit"."resetAt" END
       WHERE "RateLimit"."resetAt" <= $3::timestamp(3) OR "RateLimit"."count" < $4::int
       RETURNING "key"`,
      [
        `adjustments:${request.businessId}`,
        new Date(now.getTime() + ADJUSTMENT_WINDOW_MS),
        now,
        ADJUSTMENTS_PER_WINDOW,
      ],
    );
    if (!allowed) return { ok: false, reason: "rate_limited" };
    const { next } = result;
    const rewards = await storeProgressChange(
      tx,
      { membershipId: membership.id, userId: request.customerId, program },
      result,
      announce,
      now,
    );
    const beforeValue = { count: before.count, total: before.total };
    const afterValue = { count: next.count, total: next.total };
    await appendAuditSql(
      tx,
      {
        businessId: request.businessId,
        action: "ADJUSTMENT",
        actorId: ownerId,
        actorName: displayName(membership.actor),
        customerId: request.customerId,
        programId: program.id,
        reason: request.reason,
        before: beforeValue,
        after: afterValue,
        details: {
          delta: request.delta,
          applied: result.applied,
          programType: program.type,
          programName: program.name,
          rewards: rewards.map((r) => ({ id: r.id, code: r.code, name: r.name })),
        },
      },
      now,
    );
    return { ok: true, before: beforeValue, after: afterValue, applied: result.applied, rewards };
  });
}
