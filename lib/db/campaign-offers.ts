import "server-only";
import { findAdjustableProgram, lockProgress, storeProgressChange, type AdjustableProgram } from "@/lib/db/adjustments";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, sql, type InTransaction, type SqlTx } from "@/lib/db/sql";
import type { CardChange, IssuedReward } from "@/lib/db/visit-types";
import { issueReward } from "@/lib/db/visits";
import type { OfferKind } from "@/lib/generated/prisma/enums";
import { applyAdjustment, type AdjustmentRefusal } from "@/lib/loyalty/adjust";

// A campaign's offer given to one recipient (docs/campaigns.md, "Offers"): the
// statements of its one transaction. The recipient's row is the guard: its
// offerAppliedAt is set by a conditional UPDATE first, so of two workers (or a
// retry) one sets it and the other finds nothing to do; a refusal rolls the
// whole transaction back, the guard included. An automation's offer is the
// one its standing campaign carries (saved together with the automation).

/** Why an offer was given nothing: the first four write nothing and are final; the rest are refusals. */
export type OfferSkip = "not_found" | "held_out" | "no_offer" | "already_applied";
export type OfferRefusal =
  | "membership_not_found"
  | "program_not_found"
  | "not_adjustable"
  | "bad_offer"
  | Exclude<AdjustmentRefusal, "bad_delta">;

export type OfferOutcome =
  { applied: true; rewardId: string | null } | { applied: false; rewardId: null; reason: OfferSkip | OfferRefusal };

/** The program types each bonus adds to: stamps go on a stamp or visit card, points on a points card. */
const BONUS_PROGRAM_TYPES: Record<Exclude<OfferKind, "REWARD">, readonly string[]> = {
  STAMPS: ["stamps", "visits"],
  POINTS: ["points"],
};

type ClaimedOffer = {
  campaignId: string;
  campaignName: string;
  businessId: string;
  userId: string;
  kind: OfferKind;
  programId: string | null;
  amount: number | null;
  rewardName: string | null;
  validDays: number | null;
};

type Given = {
  program: AdjustableProgram | null;
  rewards: Omit<IssuedReward, "programId">[];
  before?: { count: number; total: number };
  after?: { count: number; total: number };
};

/** Thrown inside the transaction so it rolls back (the guard with it); caught below as the refusal. */
class Refused extends Error {
  constructor(readonly reason: OfferRefusal) {
    super(reason);
  }
}

/**
 * Gives the recipient's offer in ONE transaction: sets offerAppliedAt (only
 * when unset, the recipient not held out and the campaign has an offer), locks
 * the membership (as a visit does, then the progress), adds the bonus through
 * the adjustment's own rule and statements or issues the one-off reward,
 * records offerRewardId, appends a CAMPAIGN_OFFER audit entry, and reports each
 * reward and the changed card to `announce` in the transaction.
 */
export async function writeCampaignOffer(
  recipientId: string,
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<OfferOutcome> {
  try {
    return await inTransaction(async (tx): Promise<OfferOutcome> => {
      const [offer] = await tx.query<ClaimedOffer>(
        sql`UPDATE "CampaignRecipient" r SET "offerAppliedAt" = ${now}::timestamp(3)
          FROM "Campaign" c
          WHERE r."id" = ${recipientId}::text AND c."id" = r."campaignId"
            AND r."offerAppliedAt" IS NULL AND NOT r."heldOut" AND c."offerKind" IS NOT NULL
          RETURNING r."campaignId", c."name" AS "campaignName", r."businessId", r."userId", c."offerKind" AS "kind",
            c."offerProgramId" AS "programId", c."offerAmount" AS "amount", c."offerRewardName" AS "rewardName",
            c."offerValidDays" AS "validDays"`,
      );
      if (!offer) return { applied: false, rewardId: null, reason: await whyNothing(tx, recipientId) };
      const [membership] = await tx.query<{ id: string }>(
        sql`SELECT "id" FROM "Membership" WHERE "userId" = ${offer.userId}::text AND "businessId" = ${offer.businessId}::text FOR UPDATE`,
      );
      if (!membership) throw new Refused("membership_not_found");
      const target = { membershipId: membership.id, userId: offer.userId };
      const given =
        offer.kind === "REWARD"
          ? await giveReward(tx, offer, target, announce, now)
          : await giveBonus(tx, offer, offer.kind, target, announce, now);
      const rewardId = given.rewards[0]?.id ?? null;
      await tx.execute(
        sql`UPDATE "CampaignRecipient" SET "offerRewardId" = ${rewardId}::text WHERE "id" = ${recipientId}::text`,
      );
      await appendAuditSql(
        tx,
        {
          businessId: offer.businessId,
          action: "CAMPAIGN_OFFER",
          actorId: null,
          customerId: offer.userId,
          programId: given.program?.id ?? null,
          // The campaign's name, as the owner wrote it: why this customer got it.
          reason: offer.campaignName,
          before: given.before ?? null,
          after: given.after ?? null,
          details: {
            campaignId: offer.campaignId,
            recipientId,
            kind: offer.kind,
            amount: offer.amount,
            programType: given.program?.type ?? null,
            programName: given.program?.name ?? null,
            rewards: given.rewards.map((r) => ({ id: r.id, code: r.code, name: r.name })),
          },
        },
        now,
      );
      return { applied: true, rewardId };
    });
  } catch (error) {
    if (error instanceof Refused) return { applied: false, rewardId: null, reason: error.reason };
    throw error;
  }
}

/** Why the guard matched nothing, for the caller's answer (the guard itself decided). */
async function whyNothing(tx: SqlTx, recipientId: string): Promise<OfferSkip> {
  const [row] = await tx.query<{ heldOut: boolean; applied: boolean; kind: OfferKind | null }>(
    sql`SELECT r."heldOut", r."offerAppliedAt" IS NOT NULL AS "applied", c."offerKind" AS "kind"
      FROM "CampaignRecipient" r JOIN "Campaign" c ON c."id" = r."campaignId" WHERE r."id" = ${recipientId}::text`,
  );
  if (!row) return "not_found";
  if (row.heldOut) return "held_out";
  if (!row.kind) return "no_offer";
  return "already_applied";
}

/** Bonus stamps or points: the owner's adjustment rule and statements, without its hourly allowance. */
async function giveBonus(
  tx: SqlTx,
  offer: ClaimedOffer,
  kind: Exclude<OfferKind, "REWARD">,
  target: { membershipId: string; userId: string },
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<Given> {
  if (!offer.programId || !offer.amount || offer.amount < 0) throw new Refused("bad_offer");
  const program = await findAdjustableProgram(tx, offer.programId, offer.businessId);
  if (!program) throw new Refused("program_not_found");
  if (!BONUS_PROGRAM_TYPES[kind].includes(program.type)) throw new Refused("not_adjustable");
  const before = await lockProgress(tx, target.membershipId, program.id);
  const result = applyAdjustment(program, before, offer.amount);
  if (!result.ok) throw new Refused(result.reason === "bad_delta" ? "bad_offer" : result.reason);
  const rewards = await storeProgressChange(tx, { ...target, program }, result, announce, now);
  return {
    program,
    rewards,
    before: { count: before.count, total: before.total },
    after: { count: result.next.count, total: result.next.total },
  };
}

/** A one-off reward with a fresh code, valid for the offer's days; filed under its program when it names one. */
async function giveReward(
  tx: SqlTx,
  offer: ClaimedOffer,
  target: { membershipId: string; userId: string },
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<Given> {
  if (!offer.rewardName || !offer.validDays || offer.validDays < 1) throw new Refused("bad_offer");
  const program = offer.programId ? await findAdjustableProgram(tx, offer.programId, offer.businessId) : null;
  if (offer.programId && !program) throw new Refused("program_not_found");
  const source = {
    id: program?.id ?? null,
    businessId: offer.businessId,
    rewardName: offer.rewardName,
    rewardDescription: null,
    rewardExpiryDays: offer.validDays,
  };
  const reward = await issueReward(tx, source, { ...target, tapId: null, now }, announce);
  // The card's ready rewards changed: its wallet passes show it.
  await announce(tx, { kind: "card-changed", membershipId: target.membershipId });
  return { program, rewards: [reward] };
}
