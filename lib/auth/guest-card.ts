import "server-only";
import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import type { SessionIdentity } from "@/lib/auth/current-user";
import { deleteGuestOnly, guestCardsAllowed, insertGuest } from "@/lib/db/guests";
import { authEnv } from "@/lib/auth/env";
import type { Locale } from "@/lib/i18n/locales";
import type { SunParams } from "@/lib/nfc/verify-tap";
import { retryAfterSeconds, takeRateLimits, type Bucket } from "@/lib/rate-limit";
import { recordTap, type TapRecordResult } from "@/lib/tap/record";

// Guest cards (docs/authentication.md, "Guests"): the visitor tap page's
// "Start my card" makes a customer with no email, password or name, and its
// first visit is that tap. The device's session cookie is the card's only key
// until the guest keeps it (Google, an emailed link, a passkey).

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A started card's session: what the sign-in cookie needs. */
export type GuestSession = {
  id: string;
  role: "CUSTOMER";
  name: null;
  email: null;
  sessionVersion: number;
  language: Locale;
  guest: true;
};

export type GuestStart =
  | { ok: true; guest: GuestSession; key: string; result: TapRecordResult }
  | { ok: false; reason: "guest_cards_off" }
  | { ok: false; reason: "too_many"; retryAfter: number }
  | { ok: false; reason: "visit_refused"; result: TapRecordResult };

/** The per-address allowance of new guest cards: GUEST_CARD_LIMIT_PER_HOUR and _PER_DAY (0 turns one off). */
function guestBuckets(ip: string): Bucket[] {
  const buckets: Bucket[] = [];
  if (authEnv.GUEST_CARD_LIMIT_PER_HOUR > 0)
    buckets.push({ key: `guest:ip:hour:${ip}`, limit: authEnv.GUEST_CARD_LIMIT_PER_HOUR, windowMs: HOUR_MS });
  if (authEnv.GUEST_CARD_LIMIT_PER_DAY > 0)
    buckets.push({ key: `guest:ip:day:${ip}`, limit: authEnv.GUEST_CARD_LIMIT_PER_DAY, windowMs: DAY_MS });
  return buckets;
}

/**
 * A guest card's address as it is stored: an HMAC keyed by AUTH_SECRET (its own
 * HKDF label), so the review queue can count cards per address without keeping
 * any address in clear (docs/review-queue.md).
 */
export function guestIpHash(ip: string): string {
  const key = Buffer.from(
    hkdfSync("sha256", Buffer.from(authEnv.AUTH_SECRET ?? "", "utf8"), Buffer.alloc(0), "loyaltap guest address", 32),
  );
  return createHmac("sha256", key).update(ip).digest("base64url").slice(0, 32);
}

/** A server-made Idempotency-Key for a guest's first visit: the 303 names it, the tap page shows its answer. */
export function newStartKey(): string {
  return `start.${randomUUID()}`;
}

/**
 * The key of a signed-in person's "Start my card" (a second tab, a form sent
 * twice): the same tag within the same 30 seconds gets the same key, so the
 * second post replays the first answer instead of recording another visit.
 */
export function signedInStartKey(tagId: string, now: Date): string {
  return `start:${tagId}:${Math.floor(now.getTime() / 30_000)}`;
}

/**
 * Starts a guest card on a tag: the owner's switch, then a unit of the
 * address's allowance, then the guest and its first visit in the visit's own
 * transaction (recordTap: the daily limit, a secure tag's SUN verification).
 * A visit refused without rolling back (none is expected for a new customer)
 * takes its guest with it: no guest is kept without its first visit.
 */
export async function startGuestCard(input: {
  tagId: string;
  sun: SunParams;
  language: Locale;
  ip: string | null;
  now: Date;
}): Promise<GuestStart> {
  const { tagId, sun, language, ip, now } = input;
  if (!(await guestCardsAllowed(tagId))) return { ok: false, reason: "guest_cards_off" };
  const buckets = ip ? guestBuckets(ip) : [];
  if (buckets.length) {
    const taken = await takeRateLimits(buckets, now);
    if (!taken.ok) return { ok: false, reason: "too_many", retryAfter: retryAfterSeconds(taken.resetAt, now) };
  }
  const id = randomUUID();
  const key = newStartKey();
  let created = false;
  const identity: SessionIdentity = { userId: id, sessionVersion: 0 };
  const result = await recordTap(identity, tagId, now, sun, key, async (tx) => {
    created = await insertGuest(tx, { id, language, tagId, now, ipHash: ip ? guestIpHash(ip) : null });
    // Switched off since the check above: nothing is written (the thrown error rolls back).
    if (!created) throw new GuestCardsOff();
  }).catch((error: unknown) => {
    if (error instanceof GuestCardsOff) return null;
    throw error;
  });
  if (result === null) return { ok: false, reason: "guest_cards_off" };
  // 202: the first visit is held for review (docs/review-queue.md); the card is kept with it.
  if (result.httpStatus !== 200 && result.httpStatus !== 202) {
    if (created) await deleteGuestOnly(id);
    return { ok: false, reason: "visit_refused", result };
  }
  const guest: GuestSession = {
    id,
    role: "CUSTOMER",
    name: null,
    email: null,
    sessionVersion: 0,
    language,
    guest: true,
  };
  return { ok: true, guest, key, result };
}

class GuestCardsOff extends Error {
  constructor() {
    super("guest cards are off at this business");
  }
}

/** A signed-in person's "Start my card": an ordinary visit under the replay key. */
export async function startSignedIn(identity: SessionIdentity, tagId: string, sun: SunParams, now: Date) {
  const key = signedInStartKey(tagId, now);
  const result = await recordTap(identity, tagId, now, sun, key);
  return { key, result };
}
