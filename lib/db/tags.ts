import "server-only";
import { db } from "@/lib/db";
import { cacheTags, expireTags } from "@/lib/cache";
import { listTagHealth, type TagHealthRow } from "@/lib/db/tag-health";
/** A refusal is a code; the caller says it in the reader's language (lib/actions/tag-claim.ts). */
export type ClaimResult =
  | { ok: true; businessId: string }
  | { ok: false; code: "tap_already_claimed" | "business_not_found" | "location_not_found" | "tag_in_batch" };

/**
 * Claims an unknown or unclaimed tag for one of the owner's businesses in one
 * statement: of two owners claiming the same tag at once, exactly one wins.
 * Claiming a tag the business already holds is a no-op success. The tag hangs
 * at `locationId`, which must be one of the business's open locations, or,
 * without one, at the business's main location (docs/locations.md, "Tags").
 * A tag of a batch is not claimed one by one until its batch is activated.
 */
export async function claimTag(
  ownerId: string,
  businessId: string,
  tagId: string,
  locationId: string | null = null,
): Promise<ClaimResult> {
  const business = await db.business.findFirst({ where: { id: businessId, ownerId }, select: { id: true } });
  if (!business) return { ok: false, code: "business_not_found" };
  // A location of the business's stays the business's (locations never move), so this holds at the insert below;
  // one closed meanwhile is caught there.
  if (locationId && !(await isOpenLocation(business.id, locationId))) return { ok: false, code: "location_not_found" };
  const claimed = await db.$queryRaw<{ businessId: string }[]>`
    INSERT INTO "Tag" ("id", "businessId", "locationId", "claimedAt", "claimedById", "updatedAt")
    SELECT ${tagId}::text, ${business.id}::text, ${locationId}::text, now(), ${ownerId}::text, now()
    WHERE ${locationId}::text IS NULL
       OR EXISTS (SELECT 1 FROM "Location" WHERE "id" = ${locationId}::text AND "businessId" = ${business.id}::text AND "closedAt" IS NULL)
    ON CONFLICT ("id") DO UPDATE
      SET "businessId" = EXCLUDED."businessId", "locationId" = EXCLUDED."locationId", "claimedAt" = now(),
          "claimedById" = EXCLUDED."claimedById", "updatedAt" = now()
      WHERE "Tag"."businessId" IS NULL
        AND ("Tag"."batchId" IS NULL
             OR EXISTS (SELECT 1 FROM "TagBatch" tb WHERE tb."id" = "Tag"."batchId" AND tb."claimedAt" IS NOT NULL))
    RETURNING "businessId"`;
  if (claimed.length === 0) {
    const current = await db.tag.findUnique({
      where: { id: tagId },
      select: { businessId: true, batch: { select: { claimedAt: true } } },
    });
    if (current?.businessId === business.id) return { ok: true, businessId: business.id };
    // A tag of a batch not activated yet is claimed only with the batch's activation code (docs/secure-tags.md).
    if (current && !current.businessId && current.batch && !current.batch.claimedAt)
      return { ok: false, code: "tag_in_batch" };
    if (locationId && !(await isOpenLocation(business.id, locationId)))
      return { ok: false, code: "location_not_found" };
    return { ok: false, code: "tap_already_claimed" };
  }
  // Its landing said "available" (or "not found"); now it shows the business.
  expireTags(cacheTags.tag(tagId));
  return { ok: true, businessId: business.id };
}

async function isOpenLocation(businessId: string, locationId: string): Promise<boolean> {
  const found = await db.location.count({ where: { id: locationId, businessId, closedAt: null } });
  return found > 0;
}

export async function listOwnerBusinesses(ownerId: string) {
  return db.business.findMany({
    where: { ownerId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, slug: true },
  });
}

/** A tag on the owner's list, with its health (docs/tag-health.md). */
export type BusinessTagRow = TagHealthRow;

/**
 * The owner's tags of a business with their taps and health, and whether the
 * business has a program at all (the section's hint to create one), in one
 * statement (lib/db/tag-health.ts); null when not the owner.
 */
export async function listBusinessTags(ownerId: string, businessId: string, now = new Date()) {
  return listTagHealth(ownerId, businessId, now);
}

/** The label is the owner's note: no public page shows it, so no cache holds it. */
export async function renameTag(ownerId: string, tagId: string, label: string | null): Promise<boolean> {
  const updated = await db.tag.updateMany({ where: { id: tagId, business: { ownerId } }, data: { label } });
  return updated.count > 0;
}

/** Gives a tag up: it becomes claimable again; past taps stay counted for the business. */
export async function releaseTag(ownerId: string, tagId: string): Promise<boolean> {
  const released = await db.$transaction(async (tx) => {
    const updated = await tx.tag.updateMany({
      where: { id: tagId, business: { ownerId } },
      data: {
        businessId: null,
        claimedAt: null,
        claimedById: null,
        label: null,
        secure: false,
        keysEncrypted: null,
        lastVerifiedAt: null,
      },
    });
    // The next owner starts with a clean secure-tag log.
    if (updated.count) await tx.tagRejection.deleteMany({ where: { tagId } });
    return updated;
  });
  if (released.count) expireTags(cacheTags.tag(tagId));
  return released.count > 0;
}
