import "server-only";
import { countTagRejection, secretsOfTag, type TagRejectionReason } from "@/lib/db/secure-tags";
import { decryptTagKeys } from "@/lib/nfc/keys";
import { judgeChip, sunRejection, verifyTapSun, type SunParams, type SunRefusal, type SunRejection } from "@/lib/nfc/verify-tap";

// The SUN gate of a tap on a secure tag, run before anything else the tap
// does. Reads the tag's keys, pinned chip and counters fresh from the database
// (never from the page cache) and verifies. It writes nothing: only an attempt
// to record a visit counts its rejection in the owner's log (logRejectedVisit).

export type SecureTapCheck =
  /** `sun` is the verified chip and read counter, or null when the tag turned out not to be secure. */
  | { ok: true; sun: { uid: string; counter: number } | null }
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
  const secrets = await secretsOfTag(tag.id);
  // Turned off since the cached landing was built: an ordinary tag again.
  if (!secrets?.secure) return { ok: true, sun: null };
  const keys = secrets.keysEncrypted ? decryptTagKeys(tag.id, secrets.keysEncrypted) : null;
  if (!keys) {
    // Our configuration, not the customer's link (e.g. TAG_KEY_ENCRYPTION_KEY changed): not counted against the tag.
    console.error("secure tag keys are missing or cannot be decrypted", { tagId: tag.id });
    return { ok: false, reason: null, rejection: sunRejection("not_verified") };
  }
  const verdict = verifyTapSun(params, keys);
  keys.metaReadKey.fill(0);
  keys.fileReadKey.fill(0);
  const judged = verdict.ok ? judgeChip(verdict, secrets.chips, mode === "fresh") : verdict;
  if (judged.ok) return { ok: true, sun: { uid: judged.uid, counter: judged.counter } };
  return { ok: false, reason: judged.reason, rejection: sunRejection(judged.reason) };
}

/** Counts a refused attempt to record a visit in the owner's log (by reason) and returns the answer to it. */
export async function logRejectedVisit(tag: { id: string; timezone: string }, reason: SunRefusal | null, now: Date): Promise<SunRejection> {
  if (reason) await countTagRejection(tag.id, LOGGED_REASON[reason], tag.timezone, now);
  return sunRejection(reason ?? "not_verified");
}
