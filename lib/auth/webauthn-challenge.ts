import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";

// The challenge of one WebAuthn ceremony (docs/authentication.md, "Passkeys"),
// kept in a signed httpOnly cookie of the browser that asked for it:
// `<payload>.<mac>`, the payload base64url JSON {purpose, challenge, user,
// expiry}, the mac HMAC-SHA256 under a key derived from AUTH_SECRET for this
// purpose only. So a challenge is bound to that browser (another one has no
// cookie to send), to its ceremony (sign-in or saving a passkey) and, when
// saving, to the account that asked; it expires after CHALLENGE_TTL_MS.
// Single use is the database's part: spending a challenge inserts its hash
// into SpentWebAuthnChallenge, whose key refuses it a second time
// (lib/db/passkeys.ts). Pure (key and clock are parameters).

/** How long a ceremony may take from options to answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type CeremonyPurpose = "register" | "sign-in" | "confirm";

const KEY_INFO = "loyaltap/webauthn-challenge/v1";

const payloadSchema = z.object({
  p: z.enum(["register", "sign-in", "confirm"]),
  c: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  u: z.string().max(64).nullable(),
  e: z.number().int().positive(),
});

export type Challenge = { purpose: CeremonyPurpose; challenge: string; userId: string | null; expiresAt: Date };

/** The signing key: HKDF-SHA256 of AUTH_SECRET with this purpose's label, so no other token's key signs it. */
export function challengeKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), KEY_INFO, 32));
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

/** The cookie value that holds `challenge` for `purpose` (and the account saving a passkey) until CHALLENGE_TTL_MS after `now`. */
export function sealChallenge(
  input: { purpose: CeremonyPurpose; challenge: string; userId: string | null },
  now: Date,
  key: Buffer,
): { value: string; expiresAt: Date } {
  const expiry = Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000);
  const payload = Buffer.from(
    JSON.stringify({ p: input.purpose, c: input.challenge, u: input.userId, e: expiry }),
  ).toString("base64url");
  return { value: `${payload}.${mac(key, payload)}`, expiresAt: new Date(expiry * 1000) };
}

/** The challenge of a genuine, unexpired cookie for `purpose`, or null. */
export function openChallenge(value: unknown, purpose: CeremonyPurpose, now: Date, key: Buffer): Challenge | null {
  if (typeof value !== "string" || value.length > 1024) return null;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    const result = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  if (parsed.p !== purpose || parsed.e * 1000 <= now.getTime()) return null;
  return { purpose: parsed.p, challenge: parsed.c, userId: parsed.u, expiresAt: new Date(parsed.e * 1000) };
}

/** What the spent-challenge table stores: the challenge's hash, never the challenge. */
export function challengeHash(challenge: string): string {
  return createHash("sha256").update(challenge).digest("base64url");
}
