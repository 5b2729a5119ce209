import "server-only";
import type { CampaignStatus, OfferKind } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { inTransaction, queryRows, sql, type InTransaction, type Sql } from "@/lib/db/sql";

// Campaigns' rows (docs/campaigns.md, "Campaigns"). Every change an owner
// makes is one conditional statement that names the owner (the business must
// be theirs) and the status it leaves (DRAFT → SCHEDULED → SENDING → SENT, or
// → CANCELLED), so a stale page or a second click changes nothing.

/** An offer as campaigns and automations store it (docs/campaigns.md, "Offers"). */
export type OfferColumns = {
  offerKind: OfferKind | null;
  offerProgramId: string | null;
  offerAmount: number | null;
  offerRewardName: string | null;
  offerValidDays: number | null;
};

export type CampaignFields = OfferColumns & {
  businessId: string;
  name: string;
  message: string;
  segment: unknown;
  holdoutPercent: number;
};

export type CampaignRow = CampaignFields & {
  id: string;
  status: CampaignStatus;
  seed: string;
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  cancelledAt: Date | null;
  recipientCount: number;
  heldOutCount: number;
  automationId: string | null;
  createdAt: Date;
};

const ownsBusiness = (ownerId: string, businessId: Sql) =>
  sql`EXISTS (SELECT 1 FROM "Business" b WHERE b."id" = ${businessId} AND b."ownerId" = ${ownerId}::text)`;

/** A new DRAFT of a business the owner owns; null when it is not theirs. */
export async function insertDraft(ownerId: string, fields: CampaignFields, seed: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(sql`
    INSERT INTO "Campaign" ("id", "businessId", "createdById", "name", "message", "segment", "offerKind",
      "offerProgramId", "offerAmount", "offerRewardName", "offerValidDays", "holdoutPercent", "seed", "status", "updatedAt")
    SELECT gen_random_uuid()::text, ${fields.businessId}::text, ${ownerId}::text, ${fields.name}::text, ${fields.message}::text,
      ${JSON.stringify(fields.segment)}::jsonb, ${fields.offerKind}::"OfferKind", ${fields.offerProgramId}::text,
      ${fields.offerAmount}::int, ${fields.offerRewardName}::text, ${fields.offerValidDays}::int,
      ${fields.holdoutPercent}::int, ${seed}::text, 'DRAFT', now()
    WHERE ${ownsBusiness(ownerId, sql`${fields.businessId}::text`)}
    RETURNING "id"`);
  return row?.id ?? null;
}

/** Rewrites a DRAFT of the owner's (same business); false when it is not theirs or no longer a draft. */
export async function updateDraft(ownerId: string, id: string, fields: CampaignFields): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(sql`
    UPDATE "Campaign" c SET "name" = ${fields.name}::text, "message" = ${fields.message}::text,
      "segment" = ${JSON.stringify(fields.segment)}::jsonb, "offerKind" = ${fields.offerKind}::"OfferKind",
      "offerProgramId" = ${fields.offerProgramId}::text, "offerAmount" = ${fields.offerAmount}::int,
      "offerRewardName" = ${fields.offerRewardName}::text, "offerValidDays" = ${fields.offerValidDays}::int,
      "holdoutPercent" = ${fields.holdoutPercent}::int, "updatedAt" = now()
    WHERE c."id" = ${id}::text AND c."businessId" = ${fields.businessId}::text AND c."status" = 'DRAFT'
      AND ${ownsBusiness(ownerId, sql`c."businessId"`)}
    RETURNING c."id"`);
  return rows.length === 1;
}

/** What scheduling fixed: the campaign as it now is, and its business's clock. */
export type ScheduledCampaign = {
  id: string;
  businessId: string;
  timezone: string;
  segment: unknown;
  seed: string;
  holdoutPercent: number;
  scheduledAt: Date;
};

/**
 * The draw of lib/campaigns/holdout.ts in SQL: the first 32 bits of
 * md5("<seed>:<userId>") as an unsigned number, modulo 10000, below
 * percent × 100. The tests hold the two to each other for every recipient.
 */
export function holdoutPart(seed: Sql, userId: Sql, percent: Sql): Sql {
  return sql`((('x' || substr(md5(${seed} || ':' || ${userId}), 1, 8))::bit(32)::bigint % 10000) < ${percent} * 100)`;
}

/**
 * DRAFT → SCHEDULED for `at`, and every member of the segment written as a
 * recipient by one INSERT … SELECT, held out or queued by the seeded draw,
 * with the counts on the campaign; then the caller's step (which queues the
 * start) in the same transaction. null when the campaign is not the owner's
 * or not a draft (nothing changes).
 */
export async function scheduleWithRecipients(
  ownerId: string,
  id: string,
  at: Date,
  members: (campaign: ScheduledCampaign) => Sql,
  step: InTransaction<ScheduledCampaign & { recipients: number; heldOut: number }>,
): Promise<(ScheduledCampaign & { recipients: number; heldOut: number }) | null> {
  return inTransaction(async (tx) => {
    const [campaign] = await tx.query<ScheduledCampaign>(sql`
      UPDATE "Campaign" c SET "status" = 'SCHEDULED', "scheduledAt" = ${at}::timestamp, "updatedAt" = now()
      FROM "Business" b
      WHERE c."id" = ${id}::text AND c."status" = 'DRAFT' AND b."id" = c."businessId" AND b."ownerId" = ${ownerId}::text
      RETURNING c."id", c."businessId", b."timezone", c."segment", c."seed", c."holdoutPercent", c."scheduledAt"`);
    if (!campaign) return null;
    const [counts] = await tx.query<{ recipients: number; heldOut: number }>(sql`
      WITH members AS (${members(campaign)}),
      written AS (
        INSERT INTO "CampaignRecipient" ("id", "campaignId", "businessId", "userId", "membershipId", "heldOut", "status", "language", "assignedAt")
        SELECT gen_random_uuid()::text, ${campaign.id}::text, ${campaign.businessId}::text, mb."userId", mb."membershipId",
          d.held, CASE WHEN d.held THEN 'HELD_OUT' ELSE 'QUEUED' END::"CampaignRecipientStatus", mb."language", ${at}::timestamp
        FROM members mb
        CROSS JOIN LATERAL (SELECT ${holdoutPart(sql`${campaign.seed}::text`, sql`mb."userId"`, sql`${campaign.holdoutPercent}::int`)} AS held) d
        ON CONFLICT ("campaignId", "userId", "cycle") DO NOTHING
        RETURNING "heldOut"
      )
      UPDATE "Campaign" SET "recipientCount" = (SELECT count(*) FROM written),
        "heldOutCount" = (SELECT count(*) FILTER (WHERE "heldOut") FROM written)
      WHERE "id" = ${campaign.id}::text
      RETURNING "recipientCount" AS "recipients", "heldOutCount" AS "heldOut"`);
    const change = { ...campaign, recipients: counts!.recipients, heldOut: counts!.heldOut };
    await step(tx, change);
    return change;
  });
}

/**
 * Stops a campaign of the owner's: SCHEDULED → CANCELLED (nothing was sent),
 * or SENDING → CANCELLED with every recipient still waiting SKIPPED
 * ('cancelled'); a recipient being sent at this moment is finished. Returns
 * the status it left, or null when there was nothing to cancel.
 */
export async function cancelCampaignRows(ownerId: string, id: string): Promise<CampaignStatus | null> {
  return inTransaction(async (tx) => {
    const [row] = await tx.query<{ previous: CampaignStatus }>(sql`
      UPDATE "Campaign" c SET "status" = 'CANCELLED', "cancelledAt" = now(), "updatedAt" = now()
      FROM (SELECT "id", "status" FROM "Campaign" WHERE "id" = ${id}::text FOR UPDATE) old, "Business" b
      WHERE c."id" = old."id" AND c."status" IN ('SCHEDULED', 'SENDING') AND b."id" = c."businessId"
        AND b."ownerId" = ${ownerId}::text
      RETURNING old."status" AS "previous"`);
    if (!row) return null;
    await tx.execute(sql`
      UPDATE "CampaignRecipient" SET "status" = 'SKIPPED', "skipReason" = 'cancelled'
      WHERE "campaignId" = ${id}::text AND "status" = 'QUEUED'`);
    return row.previous;
  });
}

/** SCHEDULED → SENDING (the start job); false when it was cancelled or already started. */
export async function markSending(id: string, now: Date): Promise<boolean> {
  const rows = await queryRows(sql`
    UPDATE "Campaign" SET "status" = 'SENDING', "startedAt" = ${now}::timestamp, "updatedAt" = now()
    WHERE "id" = ${id}::text AND "status" = 'SCHEDULED' RETURNING "id"`);
  return rows.length === 1;
}

/**
 * SENDING → SENT once no recipient waits or is being sent; false otherwise.
 * `sent` runs in the same transaction when it happened (the campaign's webhook).
 */
export async function markSentIfDone(
  id: string,
  now: Date,
  sent: InTransaction<{ campaignId: string; businessId: string }>,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const [row] = await tx.query<{ id: string; businessId: string }>(sql`
      UPDATE "Campaign" c SET "status" = 'SENT', "finishedAt" = ${now}::timestamp, "updatedAt" = now()
      WHERE c."id" = ${id}::text AND c."status" = 'SENDING' AND c."automationId" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "CampaignRecipient" r WHERE r."campaignId" = c."id" AND r."status" IN ('QUEUED', 'SENDING'))
      RETURNING c."id", c."businessId"`);
    if (!row) return false;
    await sent(tx, { campaignId: row.id, businessId: row.businessId });
    return true;
  });
}

/** The campaign and its business as the sender needs them. */
export type SendingCampaign = {
  id: string;
  status: CampaignStatus;
  message: string;
  automationId: string | null;
  businessId: string;
  businessName: string;
  slug: string;
  theme: unknown;
  timezone: string;
};

export async function campaignForSending(id: string): Promise<SendingCampaign | null> {
  const [row] = await queryRows<SendingCampaign>(sql`
    SELECT c."id", c."status", c."message", c."automationId", b."id" AS "businessId", b."name" AS "businessName",
      b."slug", b."theme", b."timezone"
    FROM "Campaign" c JOIN "Business" b ON b."id" = c."businessId" WHERE c."id" = ${id}::text`);
  return row ?? null;
}

const listSelect = {
  id: true,
  businessId: true,
  automationId: true,
  name: true,
  message: true,
  segment: true,
  offerKind: true,
  offerProgramId: true,
  offerAmount: true,
  offerRewardName: true,
  offerValidDays: true,
  holdoutPercent: true,
  seed: true,
  status: true,
  scheduledAt: true,
  startedAt: true,
  finishedAt: true,
  cancelledAt: true,
  recipientCount: true,
  heldOutCount: true,
  createdAt: true,
} as const;

/** The business's one-off campaigns, newest first (automations' standing campaigns are not listed). */
export function campaignsOf(businessId: string): Promise<CampaignRow[]> {
  return db.campaign.findMany({
    where: { businessId, automationId: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: listSelect,
  });
}

/** One campaign of a business the owner owns, or null. */
export function ownersCampaign(ownerId: string, id: string): Promise<CampaignRow | null> {
  return db.campaign.findFirst({ where: { id, business: { ownerId } }, select: listSelect });
}
