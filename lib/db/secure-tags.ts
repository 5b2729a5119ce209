import "server-only";
import { expireTags } from "@/lib/cache";
import { db } from "@/lib/db";
import type { SqlTx } from "@/lib/db/sql";
import { tagCacheTag } from "@/lib/db/tap-landing";
import { decryptTagKeys, encryptTagKeys, sameTagKeys, type TagKeys } from "@/lib/nfc/keys";
import { localDateIn } from "@/lib/time/local-date";

// Secure (NTAG 424 DNA SUN) tags in the database: their encrypted keys, the
// last accepted read counter and the owner's log of rejected taps. Keys leave
// this module only decrypted for verification (secretsOfTag), never towards a
// page or a response.

export type TagRejectionReason = "BAD_MAC" | "REPLAY";

/** Fresh (uncached) secure state of a tag; null when the tag does not exist. */
export async function secretsOfTag(tagId: string) {
  return db.tag.findUnique({ where: { id: tagId }, select: { secure: true, keysEncrypted: true, lastCounter: true } });
}

export class CounterNotFresh extends Error {
  constructor() {
    super("SUN counter already accepted");
  }
}

/**
 * Accepts a verified read counter inside the visit's transaction. The update
 * only matches while the counter is fresh, and it holds the tag row's lock
 * until commit: of two requests with one link, the second waits, then matches
 * nothing and aborts its visit with CounterNotFresh.
 */
export async function acceptSunCounter(tx: SqlTx, tagId: string, counter: number, now: Date): Promise<void> {
  const updated = await tx.execute(
    `UPDATE "Tag" SET "lastCounter" = $1::int, "lastVerifiedAt" = $2::timestamp(3)
    WHERE "id" = $3::text AND "secure" AND ("lastCounter" IS NULL OR "lastCounter" < $1::int)`,
    [counter, now, tagId],
  );
  if (updated !== 1) throw new CounterNotFresh();
}

/**
 * Counts one rejected tap for the owner's log (per tag, local day and reason).
 * Its own statement, outside any visit transaction, so a rollback never hides
 * it; a failure to log never changes the answer to the tap.
 */
export async function countTagRejection(tagId: string, reason: TagRejectionReason, timezone: string, now: Date): Promise<void> {
  const day = localDateIn(timezone, now);
  try {
    await db.$executeRaw`
      INSERT INTO "TagRejection" ("tagId", "day", "reason", "count", "lastAt")
      VALUES (${tagId}, ${day}::date, ${reason}::"TagRejectionReason", 1, ${now})
      ON CONFLICT ("tagId", "day", "reason") DO UPDATE
        SET "count" = "TagRejection"."count" + 1, "lastAt" = GREATEST("TagRejection"."lastAt", EXCLUDED."lastAt")`;
  } catch (error) {
    console.error("could not count a rejected tap", { tagId, reason, error: error instanceof Error ? error.message : String(error) });
  }
}

export type RejectionDay = { day: string; badMac: number; replay: number; lastAt: Date };

export type SecureTagSettings = {
  id: string;
  label: string | null;
  businessId: string;
  businessName: string;
  timezone: string;
  secure: boolean;
  lastCounter: number | null;
  lastVerifiedAt: Date | null;
  /** Rejected taps per local day, newest first (the last 30 days with any). */
  rejections: RejectionDay[];
};

/** The secure settings and log of a tag for its owner; null for anyone else or an unclaimed tag. */
export async function getSecureTagSettings(ownerId: string, tagId: string): Promise<SecureTagSettings | null> {
  const tag = await db.tag.findFirst({
    where: { id: tagId, business: { ownerId } },
    select: {
      id: true,
      label: true,
      secure: true,
      lastCounter: true,
      lastVerifiedAt: true,
      business: { select: { id: true, name: true, timezone: true } },
      claimedAt: true,
      rejections: { orderBy: { day: "desc" }, take: 60, select: { day: true, reason: true, count: true, lastAt: true } },
    },
  });
  if (!tag?.business) return null;
  // A released tag keeps its rows: only what happened since this business claimed it is theirs to see.
  const since = tag.claimedAt ?? new Date(0);
  const days = new Map<string, RejectionDay>();
  for (const row of tag.rejections) {
    if (row.lastAt < since) continue;
    const day = row.day.toISOString().slice(0, 10);
    const entry = days.get(day) ?? { day, badMac: 0, replay: 0, lastAt: row.lastAt };
    if (row.reason === "BAD_MAC") entry.badMac += row.count;
    else entry.replay += row.count;
    if (row.lastAt > entry.lastAt) entry.lastAt = row.lastAt;
    days.set(day, entry);
  }
  return {
    id: tag.id,
    label: tag.label,
    businessId: tag.business.id,
    businessName: tag.business.name,
    timezone: tag.business.timezone,
    secure: tag.secure,
    lastCounter: tag.lastCounter,
    lastVerifiedAt: tag.lastVerifiedAt && tag.lastVerifiedAt >= since ? tag.lastVerifiedAt : null,
    rejections: [...days.values()].slice(0, 30),
  };
}

/**
 * Makes an owner's tag secure with its SDM keys (stored encrypted). Saving the
 * keys the tag already has keeps its last counter, so old links stay spent;
 * new keys mean a new or re-keyed chip, whose counter starts over.
 */
export async function enableSecureTag(ownerId: string, tagId: string, keys: TagKeys): Promise<boolean> {
  const tag = await db.tag.findFirst({ where: { id: tagId, business: { ownerId } }, select: { keysEncrypted: true } });
  if (!tag) return false;
  const previous = tag.keysEncrypted ? decryptTagKeys(tagId, tag.keysEncrypted) : null;
  const sameKeys = previous !== null && sameTagKeys(previous, keys);
  const updated = await db.tag.updateMany({
    where: { id: tagId, business: { ownerId } },
    data: { secure: true, keysEncrypted: encryptTagKeys(tagId, keys), ...(sameKeys ? {} : { lastCounter: null, lastVerifiedAt: null }) },
  });
  if (updated.count) expireTags(tagCacheTag(tagId));
  return updated.count > 0;
}

/** Turns secure verification off: the keys are erased, the tag opens with its plain URL again. */
export async function disableSecureTag(ownerId: string, tagId: string): Promise<boolean> {
  const updated = await db.tag.updateMany({
    where: { id: tagId, business: { ownerId } },
    data: { secure: false, keysEncrypted: null, lastCounter: null },
  });
  if (updated.count) expireTags(tagCacheTag(tagId));
  return updated.count > 0;
}
