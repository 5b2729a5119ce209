import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { db } from "@/lib/db";
import type { TagRejectionReason } from "@/lib/generated/prisma/enums";
import { inTransaction, type SqlTx } from "@/lib/db/sql";
import { encryptTagKeys, type TagKeys } from "@/lib/nfc/keys";
import type { ChipRecord } from "@/lib/nfc/verify-tap";
import { localDateIn } from "@/lib/time/local-date";

// Secure (NTAG 424 DNA SUN) tags in the database: their encrypted keys, the
// pinned chip, the high-water read counter of every chip, and the owner's log
// of rejected taps. Keys leave this module only decrypted for verification
// (secretsOfTag), never towards a page or a response.

/** Why a tap on a secure tag was refused, as the rejection log stores it. */
export type { TagRejectionReason };

/**
 * Fresh (uncached) secure state of a tag, with the business holding it and
 * its time zone (null when unclaimed); null when the tag does not exist.
 */
export async function secretsOfTag(tagId: string) {
  const tag = await db.tag.findUnique({
    where: { id: tagId },
    select: {
      secure: true,
      keysEncrypted: true,
      chipUid: true,
      unboundCounter: true,
      chips: { select: { uid: true, lastCounter: true } },
      business: { select: { id: true, timezone: true } },
    },
  });
  if (!tag) return null;
  const chips: ChipRecord = {
    pinnedUid: tag.chipUid,
    unboundCounter: tag.unboundCounter,
    counters: new Map(tag.chips.map((c) => [c.uid, c.lastCounter])),
  };
  return { secure: tag.secure, keysEncrypted: tag.keysEncrypted, chips, business: tag.business };
}

/** A verified link that can no longer be accepted: its counter is spent, or the tag is pinned to another chip. */
export class CounterNotFresh extends Error {
  constructor(readonly reason: "replayed" | "wrong_chip") {
    super(reason === "replayed" ? "SUN counter already accepted" : "SUN message from another chip");
  }
}

/**
 * Accepts a verified chip UID and read counter, in ONE statement inside the
 * caller's transaction: it pins the UID when the tag has none yet, refuses
 * another chip, and raises that chip's high-water counter only while the new
 * counter is strictly greater. It holds the tag row's lock until commit: of
 * two requests with one link, the second waits, then matches nothing and
 * throws CounterNotFresh, which aborts the caller's transaction.
 */
export async function acceptSunCounter(
  tx: SqlTx,
  tagId: string,
  uid: string,
  counter: number,
  now: Date,
): Promise<void> {
  const [row] = await tx.query<{ accepted: boolean }>(
    `WITH pinned AS (
      UPDATE "Tag" SET "chipUid" = $1::text, "unboundCounter" = NULL, "lastVerifiedAt" = $3::timestamp(3)
      WHERE "id" = $4::text AND "secure"
        AND ("chipUid" IS NULL OR "chipUid" = $1::text)
        AND ("unboundCounter" IS NULL OR "unboundCounter" < $2::int)
      RETURNING "id"
    ), chip AS (
      INSERT INTO "SecureTagChip" ("tagId", "uid", "lastCounter", "lastVerifiedAt")
      SELECT "id", $1::text, $2::int, $3::timestamp(3) FROM pinned
      ON CONFLICT ("tagId", "uid") DO UPDATE
        SET "lastCounter" = EXCLUDED."lastCounter", "lastVerifiedAt" = EXCLUDED."lastVerifiedAt"
        WHERE "SecureTagChip"."lastCounter" < EXCLUDED."lastCounter"
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM chip) AS "accepted"`,
    [uid, counter, now, tagId],
  );
  if (row?.accepted) return;
  // Refused: a new statement sees a chip pinned by a request that committed while this one waited.
  const [tag] = await tx.query<{ chipUid: string | null }>(`SELECT "chipUid" FROM "Tag" WHERE "id" = $1::text`, [
    tagId,
  ]);
  throw new CounterNotFresh(tag?.chipUid != null && tag.chipUid !== uid ? "wrong_chip" : "replayed");
}

/** Accepts (spends) a verified link on its own, for a signed-in use that records no visit. */
export async function spendSunCounter(tagId: string, uid: string, counter: number, now: Date): Promise<void> {
  await inTransaction((tx) => acceptSunCounter(tx, tagId, uid, counter, now));
}

/**
 * Counts one rejected tap for the owner's log (per tag, local day and reason).
 * Its own statement, outside any visit transaction, so a rollback never hides
 * it; a failure to log never changes the answer to the tap. Only attempts to
 * record a visit are counted: a look at the tag writes nothing.
 */
export async function countTagRejection(
  tagId: string,
  reason: TagRejectionReason,
  timezone: string,
  now: Date,
): Promise<void> {
  const day = localDateIn(timezone, now);
  try {
    await db.$executeRaw`
      INSERT INTO "TagRejection" ("tagId", "day", "reason", "count", "lastAt")
      VALUES (${tagId}, ${day}::date, ${reason}::"TagRejectionReason", 1, ${now})
      ON CONFLICT ("tagId", "day", "reason") DO UPDATE
        SET "count" = "TagRejection"."count" + 1, "lastAt" = GREATEST("TagRejection"."lastAt", EXCLUDED."lastAt")`;
  } catch (error) {
    console.error("could not count a rejected tap", {
      tagId,
      reason,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export type RejectionDay = {
  day: string;
  badMac: number;
  replay: number;
  missing: number;
  wrongChip: number;
  lastAt: Date;
};

const REJECTION_FIELD: Record<TagRejectionReason, "badMac" | "replay" | "missing" | "wrongChip"> = {
  BAD_MAC: "badMac",
  REPLAY: "replay",
  MISSING_SUN: "missing",
  WRONG_CHIP: "wrongChip",
};

export type SecureTagSettings = {
  id: string;
  label: string | null;
  businessId: string;
  businessName: string;
  timezone: string;
  secure: boolean;
  /** The chip the tag is pinned to (uppercase hex), or null until one is entered or learned. */
  chipUid: string | null;
  /** The pinned chip's high-water read counter, once it has been accepted since this business claimed the tag. */
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
      chipUid: true,
      lastVerifiedAt: true,
      business: { select: { id: true, name: true, timezone: true } },
      claimedAt: true,
      chips: { select: { uid: true, lastCounter: true, lastVerifiedAt: true } },
      rejections: {
        orderBy: { day: "desc" },
        take: 120,
        select: { day: true, reason: true, count: true, lastAt: true },
      },
    },
  });
  if (!tag?.business) return null;
  // A released tag keeps its rows: only what happened since this business claimed it is theirs to see.
  const since = tag.claimedAt ?? new Date(0);
  const days = new Map<string, RejectionDay>();
  for (const row of tag.rejections) {
    if (row.lastAt < since) continue;
    const day = row.day.toISOString().slice(0, 10);
    const entry = days.get(day) ?? { day, badMac: 0, replay: 0, missing: 0, wrongChip: 0, lastAt: row.lastAt };
    entry[REJECTION_FIELD[row.reason]] += row.count;
    if (row.lastAt > entry.lastAt) entry.lastAt = row.lastAt;
    days.set(day, entry);
  }
  const pinned = tag.chips.find((c) => c.uid === tag.chipUid);
  return {
    id: tag.id,
    label: tag.label,
    businessId: tag.business.id,
    businessName: tag.business.name,
    timezone: tag.business.timezone,
    secure: tag.secure,
    chipUid: tag.chipUid,
    lastCounter: pinned && pinned.lastVerifiedAt >= since ? pinned.lastCounter : null,
    lastVerifiedAt: tag.lastVerifiedAt && tag.lastVerifiedAt >= since ? tag.lastVerifiedAt : null,
    rejections: [...days.values()].slice(0, 30),
  };
}

/**
 * Makes an owner's tag secure with its SDM keys (stored encrypted). The
 * chips' high-water counters are kept whatever the keys: a chip's read counter
 * only ever grows, so a link it already gave out stays spent.
 */
export async function enableSecureTag(ownerId: string, tagId: string, keys: TagKeys): Promise<boolean> {
  const updated = await db.tag.updateMany({
    where: { id: tagId, business: { ownerId } },
    data: { secure: true, keysEncrypted: encryptTagKeys(tagId, keys) },
  });
  if (updated.count) expireTags(cacheTags.tag(tagId));
  return updated.count > 0;
}

/**
 * Turns secure verification off: the keys are erased, the tag opens with its
 * plain URL again. The pinned chip and every chip's counter stay, so turning
 * it on again with the same keys does not revive spent links.
 */
export async function disableSecureTag(ownerId: string, tagId: string): Promise<boolean> {
  const updated = await db.tag.updateMany({
    where: { id: tagId, business: { ownerId } },
    data: { secure: false, keysEncrypted: null },
  });
  if (updated.count) expireTags(cacheTags.tag(tagId));
  return updated.count > 0;
}

/**
 * Pins the tag to a chip UID (uppercase hex), or clears the pin (null) so the
 * next verified tap pins its chip. A replaced chip starts its own counter;
 * every earlier chip's high-water counter is kept.
 */
export async function pinSecureTagChip(ownerId: string, tagId: string, uid: string | null): Promise<boolean> {
  const updated = await db.tag.updateMany({ where: { id: tagId, business: { ownerId } }, data: { chipUid: uid } });
  return updated.count > 0;
}
