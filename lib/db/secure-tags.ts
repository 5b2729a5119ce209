import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { db } from "@/lib/db";
import type { TagRejectionReason } from "@/lib/generated/prisma/enums";
import { queryRows, type SqlTx } from "@/lib/db/sql";
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
      batch: { select: { id: true, masterKeyEncrypted: true } },
    },
  });
  if (!tag) return null;
  const chips: ChipRecord = {
    pinnedUid: tag.chipUid,
    unboundCounter: tag.unboundCounter,
    counters: new Map(tag.chips.map((c) => [c.uid, c.lastCounter])),
  };
  return { secure: tag.secure, keysEncrypted: tag.keysEncrypted, batch: tag.batch, chips, business: tag.business };
}

/** A verified link that can no longer be accepted: its counter is spent, or the tag or the chip is bound to another. */
export class CounterNotFresh extends Error {
  constructor(readonly reason: "replayed" | "wrong_chip") {
    super(reason === "replayed" ? "SUN counter already accepted" : "SUN message from another chip");
  }
}

/** The chip as every tag with these keys knows it: the tag it is bound to and its high-water counter; null if never accepted. */
export async function chipOfKeys(
  keysDigest: string,
  uid: string,
): Promise<{ tagId: string | null; lastCounter: number } | null> {
  return db.secureChip.findUnique({
    where: { keysDigest_uid: { keysDigest, uid } },
    select: { tagId: true, lastCounter: true },
  });
}

/** A verified link on a tag, as a signed-in user sent it. */
export type SunAcceptance = { tagId: string; userId: string; uid: string; counter: number; keysDigest: string };

/**
 * Accepts (spends) a verified link, in ONE statement inside the caller's
 * transaction, unless the user owns the tag's business: the owner's own tap
 * is answered `own_business` by the visit and must leave the link fresh for a
 * customer, so it writes nothing and returns "own_business".
 *
 * Otherwise the statement binds the tag to the chip when it has no chip yet,
 * binds the chip (per key set and UID: SecureChip) to the tag when it has no
 * tag yet, refuses another chip or a chip bound to another tag, and raises the
 * chip's high-water counter on this tag AND across every tag with these keys,
 * only while the new counter is strictly greater (AN12196). It holds the tag
 * row's and the chip row's locks until commit: of two requests with one link,
 * on one tag or on two tags sharing keys, the second waits, then matches
 * nothing and throws CounterNotFresh, which aborts the caller's transaction
 * (and with it whatever the statement did write).
 */
export async function acceptSunCounter(
  tx: SqlTx,
  link: SunAcceptance,
  now: Date,
): Promise<"accepted" | "own_business"> {
  const [row] = await tx.query<{ accepted: boolean; own: boolean }>(
    `WITH own AS (
      SELECT 1 FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId"
      WHERE t."id" = $4::text AND b."ownerId" = $5::text
    ), pinned AS (
      UPDATE "Tag" SET "chipUid" = $1::text, "unboundCounter" = NULL, "lastVerifiedAt" = $3::timestamp(3)
      WHERE "id" = $4::text AND "secure" AND NOT EXISTS (SELECT 1 FROM own)
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
    ), keyed AS (
      INSERT INTO "SecureChip" ("keysDigest", "uid", "tagId", "lastCounter", "lastVerifiedAt")
      SELECT $6::text, $1::text, "id", $2::int, $3::timestamp(3) FROM pinned
      ON CONFLICT ("keysDigest", "uid") DO UPDATE
        SET "tagId" = EXCLUDED."tagId", "lastCounter" = EXCLUDED."lastCounter", "lastVerifiedAt" = EXCLUDED."lastVerifiedAt"
        WHERE "SecureChip"."lastCounter" < EXCLUDED."lastCounter"
          AND ("SecureChip"."tagId" IS NULL OR "SecureChip"."tagId" = EXCLUDED."tagId")
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM chip) AND EXISTS (SELECT 1 FROM keyed) AS "accepted", EXISTS (SELECT 1 FROM own) AS "own"`,
    [link.uid, link.counter, now, link.tagId, link.userId, link.keysDigest],
  );
  if (row?.own) return "own_business";
  if (row?.accepted) return "accepted";
  // Refused: a new statement sees a binding made by a request that committed while this one waited.
  const [bound] = await tx.query<{ chipUid: string | null; chipTagId: string | null }>(
    `SELECT t."chipUid", c."tagId" AS "chipTagId"
     FROM "Tag" t LEFT JOIN "SecureChip" c ON c."keysDigest" = $2::text AND c."uid" = $3::text
     WHERE t."id" = $1::text`,
    [link.tagId, link.keysDigest, link.uid],
  );
  const otherChip = bound?.chipUid != null && bound.chipUid !== link.uid;
  const otherTag = bound?.chipTagId != null && bound.chipTagId !== link.tagId;
  throw new CounterNotFresh(otherChip || otherTag ? "wrong_chip" : "replayed");
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

/**
 * A tag as the sticker check needs it (docs/tags.md, "Writing a tag from a
 * phone"): whether it is secure and its business's time zone, for the owner of
 * its business only; null for anyone else, an unclaimed tag or no tag.
 */
export async function stickerCheckTag(
  ownerId: string,
  tagId: string,
): Promise<{ secure: boolean; timezone: string } | null> {
  const tag = await db.tag.findFirst({
    where: { id: tagId, business: { ownerId } },
    select: { secure: true, business: { select: { timezone: true } } },
  });
  return tag?.business ? { secure: tag.secure, timezone: tag.business.timezone } : null;
}

/**
 * Counts one checked sticker that carries another address than the tag's
 * (NOT_OUR_URL) in the tag's log: one statement per scan, the owner matched in
 * it, so no one logs on a tag they do not own. False when nothing was counted.
 */
export async function countNotOurUrl(ownerId: string, tagId: string, timezone: string, now: Date): Promise<boolean> {
  const day = localDateIn(timezone, now);
  const counted = await db.$executeRaw`
    INSERT INTO "TagRejection" ("tagId", "day", "reason", "count", "lastAt")
    SELECT t."id", ${day}::date, 'NOT_OUR_URL'::"TagRejectionReason", 1, ${now}
    FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId"
    WHERE t."id" = ${tagId} AND b."ownerId" = ${ownerId}
    ON CONFLICT ("tagId", "day", "reason") DO UPDATE
      SET "count" = "TagRejection"."count" + 1, "lastAt" = GREATEST("TagRejection"."lastAt", EXCLUDED."lastAt")`;
  return counted > 0;
}

export type RejectionDay = {
  day: string;
  badMac: number;
  replay: number;
  missing: number;
  wrongChip: number;
  notOurUrl: number;
  lastAt: Date;
};

const REJECTION_FIELD: Record<TagRejectionReason, "badMac" | "replay" | "missing" | "wrongChip" | "notOurUrl"> = {
  BAD_MAC: "badMac",
  REPLAY: "replay",
  MISSING_SUN: "missing",
  WRONG_CHIP: "wrongChip",
  NOT_OUR_URL: "notOurUrl",
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

/** The secure settings and verification log of a tag (secure or plain) for its owner; null for anyone else or an unclaimed tag. */
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
    const entry = days.get(day) ?? {
      day,
      badMac: 0,
      replay: 0,
      missing: 0,
      wrongChip: 0,
      notOurUrl: 0,
      lastAt: row.lastAt,
    };
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
 * Pins the tag to a chip UID (uppercase hex), or resets the binding (null) so
 * the next verified tap binds its chip. Either way the chips bound to this tag
 * are released (SecureChip.tagId), so the old chip may be bound to another tag
 * with its keys. A replaced chip starts its own counter on this tag; every
 * chip's high-water counter, on this tag and per key set, is kept. One
 * statement, owner matched inside it.
 */
export async function pinSecureTagChip(ownerId: string, tagId: string, uid: string | null): Promise<boolean> {
  const [row] = await queryRows<{ updated: boolean }>(
    `WITH tag AS (
      UPDATE "Tag" t SET "chipUid" = $3::text, "updatedAt" = now()
      FROM "Business" b
      WHERE t."id" = $1::text AND b."id" = t."businessId" AND b."ownerId" = $2::text
      RETURNING t."id"
    ), released AS (
      UPDATE "SecureChip" SET "tagId" = NULL WHERE "tagId" IN (SELECT "id" FROM tag)
    )
    SELECT EXISTS (SELECT 1 FROM tag) AS "updated"`,
    [tagId, ownerId, uid],
  );
  return Boolean(row?.updated);
}
