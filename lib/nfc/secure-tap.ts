import "server-only";
import { chipOfKeys, countTagRejection, secretsOfTag, type TagRejectionReason } from "@/lib/db/secure-tags";
import { batchKeysForTap, openBatchMasterKey } from "@/lib/nfc/batch-keys";
import { decryptTagKeys, tagKeyEncryptionKey, tagKeysDigest, type TagKeys } from "@/lib/nfc/keys";
import {
  judgeChip,
  sunMessageOf,
  sunRejection,
  verifyTapSun,
  type SunParams,
  type SunRefusal,
  type SunRejection,
} from "@/lib/nfc/verify-tap";

// The SUN gate of a tap on a secure tag, run before anything else the tap
// does. Reads the tag's keys, pinned chip and counters fresh from the database
// (never from the page cache), and the chip's binding and counter across the
// tags that share its keys, and verifies. It writes nothing: only an attempt
// to record a visit counts its rejection in the owner's log (logRejectedVisit).
// The acceptance statement (acceptSunCounter) enforces all of it again.

/** A verified link: the chip, its read counter and the digest of the keys that authenticated it. */
export type VerifiedSun = { uid: string; counter: number; keysDigest: string };

export type SecureTapCheck =
  /** `sun` is the verified link, or null when the tag turned out not to be secure. */
  | { ok: true; sun: VerifiedSun | null }
  /** `reason` is null for our own configuration problem, which is not the link's fault and not logged. */
  | { ok: false; reason: SunRefusal | null; rejection: SunRejection };

export type SecureTapMode =
  /** A visitor's view: the MAC and the chip (a visitor cannot record, so the counter is not theirs to judge). */
  | "authenticate"
  /** A signed-in view or a visit: the MAC, the chip, and a counter greater than that chip's last accepted one. */
  | "fresh";

const LOGGED_REASON: Record<SunRefusal, TagRejectionReason> = {
  missing: "MISSING_SUN",
  not_verified: "BAD_MAC",
  wrong_chip: "WRONG_CHIP",
  replayed: "REPLAY",
};

export async function checkSecureTap(
  tag: { id: string; timezone: string },
  params: SunParams,
  mode: SecureTapMode,
): Promise<SecureTapCheck> {
  return await judge(tag.id, await secretsOfTag(tag.id), params, mode);
}

/**
 * The SUN gate of an attempt to record a visit, all from the database: the
 * tag's claim and business time zone (for the owner's log) with its secrets.
 * `claimed: false` for an unknown or unclaimed tag, which is refused before
 * any SUN check.
 */
export async function gateSecureTap(
  tagId: string,
  params: SunParams,
): Promise<{ claimed: false } | { claimed: true; tag: { id: string; timezone: string }; check: SecureTapCheck }> {
  const secrets = await secretsOfTag(tagId);
  if (!secrets?.business) return { claimed: false };
  return {
    claimed: true,
    tag: { id: tagId, timezone: secrets.business.timezone },
    check: await judge(tagId, secrets, params, "fresh"),
  };
}

async function judge(
  tagId: string,
  secrets: Awaited<ReturnType<typeof secretsOfTag>>,
  params: SunParams,
  mode: SecureTapMode,
): Promise<SecureTapCheck> {
  // Not secure (any more): an ordinary tag.
  if (!secrets?.secure) return { ok: true, sun: null };
  const keys = keysForTap(tagId, secrets, params);
  if (keys === "unreadable") {
    // Our configuration, not the customer's link (e.g. TAG_KEY_ENCRYPTION_KEY changed): not counted against the tag.
    console.error("secure tag keys are missing or cannot be decrypted", { tagId: tagId });
    return { ok: false, reason: null, rejection: sunRejection("not_verified") };
  }
  // A batch tag's message names no readable UID: nothing to derive its key from, so it does not authenticate.
  if (!keys) return refusal(sunMessageOf(params) ? "not_verified" : "missing");
  const verdict = verifyTapSun(params, keys);
  const keysDigest = verdict.ok ? tagKeysDigest(keys) : "";
  keys.metaReadKey.fill(0);
  keys.fileReadKey.fill(0);
  const judged = verdict.ok
    ? judgeChip(verdict, tagId, secrets.chips, await chipOfKeys(keysDigest, verdict.uid), mode === "fresh")
    : verdict;
  if (judged.ok) return { ok: true, sun: { uid: judged.uid, counter: judged.counter, keysDigest } };
  return { ok: false, reason: judged.reason, rejection: sunRejection(judged.reason) };
}

function refusal(reason: SunRefusal): SecureTapCheck {
  return { ok: false, reason, rejection: sunRejection(reason) };
}

/**
 * The keys this tap must authenticate with: the tag's own (typed by its owner,
 * who re-keyed the chip) when it has them, else its batch's, derived from the
 * batch master key and the UID the message names (lib/nfc/batch-keys.ts);
 * null when a batch tap names no readable UID; "unreadable" when the stored
 * keys cannot be decrypted or there are none.
 */
function keysForTap(
  tagId: string,
  secrets: NonNullable<Awaited<ReturnType<typeof secretsOfTag>>>,
  params: SunParams,
): TagKeys | null | "unreadable" {
  if (secrets.keysEncrypted) return decryptTagKeys(tagId, secrets.keysEncrypted) ?? "unreadable";
  if (!secrets.batch) return "unreadable";
  const master = openBatchMasterKey(secrets.batch.id, secrets.batch.masterKeyEncrypted, tagKeyEncryptionKey());
  if (!master) return "unreadable";
  try {
    return batchKeysForTap(master, params);
  } finally {
    master.fill(0);
  }
}

/** Counts a refused attempt to record a visit in the owner's log (by reason) and returns the answer to it. */
export async function logRejectedVisit(
  tag: { id: string; timezone: string },
  reason: SunRefusal | null,
  now: Date,
): Promise<SunRejection> {
  if (reason) await countTagRejection(tag.id, LOGGED_REASON[reason], tag.timezone, now);
  return sunRejection(reason ?? "not_verified");
}
