import "server-only";
import { countTagRejection, secretsOfTag } from "@/lib/db/secure-tags";
import { decryptTagKeys } from "@/lib/nfc/keys";
import { sunRejection, verifyTapSun, type SunParams, type SunRejection } from "@/lib/nfc/verify-tap";

// The SUN gate of a tap on a secure tag, run before anything else the tap
// does (spec: issue 8). Reads the tag's keys and last counter fresh from the
// database (never from the page cache), verifies, and counts rejections in the
// owner's log.

export type SecureTapCheck =
  /** `counter` is the verified read counter, or null when the tag turned out not to be secure. */
  | { ok: true; counter: number | null }
  | { ok: false; rejection: SunRejection };

export type SecureTapMode =
  /** A visitor's view: the MAC only (a visitor cannot record, so the counter is not theirs to judge). */
  | "authenticate"
  /** A signed-in view or a visit: the MAC, and a counter greater than the last accepted one. */
  | "fresh";

export async function checkSecureTap(
  tag: { id: string; timezone: string },
  params: SunParams,
  mode: SecureTapMode,
  now: Date,
): Promise<SecureTapCheck> {
  const secrets = await secretsOfTag(tag.id);
  // Turned off since the cached landing was built: an ordinary tag again.
  if (!secrets?.secure) return { ok: true, counter: null };
  const keys = secrets.keysEncrypted ? decryptTagKeys(tag.id, secrets.keysEncrypted) : null;
  if (!keys) {
    // Our configuration, not the customer's link (e.g. TAG_KEY_ENCRYPTION_KEY changed): not counted against the tag.
    console.error("secure tag keys are missing or cannot be decrypted", { tagId: tag.id });
    return { ok: false, rejection: sunRejection("not_verified") };
  }
  const verdict = verifyTapSun(params, keys, mode === "fresh" ? secrets.lastCounter : undefined);
  keys.metaReadKey.fill(0);
  keys.fileReadKey.fill(0);
  if (verdict.ok) return { ok: true, counter: verdict.counter };
  await countTagRejection(tag.id, verdict.reason === "replayed" ? "REPLAY" : "BAD_MAC", tag.timezone, now);
  return { ok: false, rejection: sunRejection(verdict.reason) };
}

/** A visit lost the race for its counter (another request accepted the same link first). */
export async function countReplayedVisit(tag: { id: string; timezone: string }, now: Date): Promise<SunRejection> {
  await countTagRejection(tag.id, "REPLAY", tag.timezone, now);
  return sunRejection("replayed");
}
