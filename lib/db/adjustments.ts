import "server-only";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, type InTransaction } from "@/lib/db/sql";
import type { CardChange, IssuedReward, StoredProgress } from "@/lib/db/visit-types";
import { issueReward, type ProgramRow } from "@/lib/db/visits";
import { normalizeProgress } from "@/lib/loyalty";
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

type ProgramJson = ProgramRow & { type: string; name: string; rules: unknown };

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
    const [program] = await tx.query<ProgramJson>(
      `SELECT "id", "businessId", "type", "name", "rules", "rewardName", "rewardDescription", "rewardExpiryDays"
       FROM "Program" WHERE "id" = $1::text AND "businessId" = $2::text AND "active" AND "endedAt" IS NULL`,
      [request.programId, request.businessId],
    );
    if (!program) return { ok: false, reason: "program_not_found" };
    const [stored] = await tx.query<StoredProgress>(
      `SELECT "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = $1::text AND "programId" = $2::text FOR UPDATE`,
      [membership.id, program.id],
    );
    const before = normalizeProgress(stored);
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
    await tx.execute(
      `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
       VALUES (gen_random_uuid()::text, $1::text, $2::text, $3::int, $4::int, $5::text, $6::jsonb, $7::timestamp(3))
       ON CONFLICT ("membershipId", "programId") DO UPDATE
         SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "updatedAt" = EXCLUDED."updatedAt"`,
      [membership.id, program.id, next.count, next.total, next.tier, JSON.stringify(next.state), now],
    );
    const rewards: IssuedReward[] = [];
    for (let i = 0; i < result.rewardsIssued; i++) {
      rewards.push(
        await issueReward(
          tx,
          program,
          { userId: request.customerId, membershipId: membership.id, tapId: null, now },
          announce,
        ),
      );
    }
    await announce(tx, { kind: "card-changed", membershipId: membership.id });
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
