import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { inTransaction, queryRows } from "@/lib/db/sql";
import type { TagBatchPurpose } from "@/lib/generated/prisma/enums";

// Batches of secure tags (docs/secure-tags.md, "Batches"): made by the platform
// admin, claimed whole by an owner with the batch's one-time activation code.
// The sealed master key leaves this module only towards the admin's one-time
// key sheet (takeBatchKeys) and the SUN check (lib/db/secure-tags.ts).

export type { TagBatchPurpose };

export type NewTagBatch = {
  id: string;
  label: string;
  purpose: TagBatchPurpose;
  masterKeyEncrypted: string;
  activationCodeHash: string;
  createdById: string;
  tagIds: readonly string[];
};

/** The batch and all its tags (unclaimed, secure, no stored keys), in one transaction. */
export async function createTagBatch(batch: NewTagBatch): Promise<void> {
  await inTransaction(async (tx) => {
    await tx.query(
      `INSERT INTO "TagBatch" ("id", "label", "purpose", "size", "masterKeyEncrypted", "activationCodeHash", "createdById")
       VALUES ($1::text, $2::text, $3::"TagBatchPurpose", $4::int, $5::text, $6::text, $7::text)`,
      [
        batch.id,
        batch.label,
        batch.purpose,
        batch.tagIds.length,
        batch.masterKeyEncrypted,
        batch.activationCodeHash,
        batch.createdById,
      ],
    );
    await tx.query(
      `INSERT INTO "Tag" ("id", "batchId", "secure", "updatedAt")
       SELECT id, $1::text, true, now() FROM unnest($2::text[]) AS id`,
      [batch.id, batch.tagIds],
    );
  });
}

export type TagBatchRow = {
  id: string;
  label: string;
  purpose: TagBatchPurpose;
  size: number;
  createdAt: Date;
  keysDownloadedAt: Date | null;
  claimedAt: Date | null;
  businessName: string | null;
};

/** The admin's list of batches, newest first. */
export async function listTagBatches(limit = 100): Promise<TagBatchRow[]> {
  return queryRows<TagBatchRow>(
    `SELECT tb."id", tb."label", tb."purpose", tb."size", tb."createdAt", tb."keysDownloadedAt", tb."claimedAt",
            b."name" AS "businessName"
     FROM "TagBatch" tb LEFT JOIN "Business" b ON b."id" = tb."businessId"
     ORDER BY tb."createdAt" DESC, tb."id" DESC LIMIT $1::int`,
    [limit],
  );
}

/** A batch's label and its tag ids in order; null for an unknown batch. */
export async function tagBatchTags(batchId: string): Promise<{ label: string; tagIds: string[] } | null> {
  const rows = await queryRows<{ label: string; tagIds: string[] | null }>(
    `SELECT tb."label", ARRAY(SELECT t."id" FROM "Tag" t WHERE t."batchId" = tb."id" ORDER BY t."id") AS "tagIds"
     FROM "TagBatch" tb WHERE tb."id" = $1::text`,
    [batchId],
  );
  const row = rows[0];
  return row ? { label: row.label, tagIds: row.tagIds ?? [] } : null;
}

/**
 * Hands out a batch's sealed master key ONCE: the statement marks the key
 * sheet downloaded and returns the key only when it was not yet. Null for an
 * unknown batch or one whose sheet was already taken.
 */
export async function takeBatchKeys(batchId: string): Promise<{ label: string; masterKeyEncrypted: string } | null> {
  const rows = await queryRows<{ label: string; masterKeyEncrypted: string }>(
    `UPDATE "TagBatch" SET "keysDownloadedAt" = now()
     WHERE "id" = $1::text AND "keysDownloadedAt" IS NULL
     RETURNING "label", "masterKeyEncrypted"`,
    [batchId],
  );
  return rows[0] ?? null;
}

export type BatchClaimResult = { ok: true; batchId: string; tagCount: number } | { ok: false };

/**
 * Claims a whole batch for one of the owner's businesses with the hash of its
 * activation code, in ONE statement: the batch row is taken only while
 * unclaimed, so of parallel claims with one code exactly one matches (the
 * others wait on its row lock, then find it claimed); its still-unclaimed
 * tags join the business, at its main location (the Tag trigger,
 * docs/locations.md). A wrong code, a spent one or someone else's business
 * change nothing.
 */
export async function claimTagBatch(ownerId: string, businessId: string, codeHash: string): Promise<BatchClaimResult> {
  const rows = await queryRows<{ batchId: string | null; tagIds: string[] | null }>(
    `WITH biz AS (
      SELECT "id" FROM "Business" WHERE "id" = $2::text AND "ownerId" = $1::text
    ), batch AS (
      UPDATE "TagBatch" SET "claimedAt" = now(), "claimedById" = $1::text, "businessId" = (SELECT "id" FROM biz)
      WHERE "activationCodeHash" = $3::text AND "claimedAt" IS NULL AND EXISTS (SELECT 1 FROM biz)
      RETURNING "id"
    ), tags AS (
      UPDATE "Tag" SET "businessId" = (SELECT "id" FROM biz), "locationId" = NULL, "claimedAt" = now(),
             "claimedById" = $1::text, "secure" = true, "updatedAt" = now()
      WHERE "batchId" IN (SELECT "id" FROM batch) AND "businessId" IS NULL
      RETURNING "id"
    )
    SELECT (SELECT "id" FROM batch) AS "batchId", ARRAY(SELECT "id" FROM tags) AS "tagIds"`,
    [ownerId, businessId, codeHash],
  );
  const row = rows[0];
  if (!row?.batchId) return { ok: false };
  const tagIds = row.tagIds ?? [];
  // Their landings said "available"; now they show the business.
  expireTags(...tagIds.map((id) => cacheTags.tag(id)));
  return { ok: true, batchId: row.batchId, tagCount: tagIds.length };
}
