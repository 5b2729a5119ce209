import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import { authSecret } from "@/lib/auth/cookies";

// Bearer access tokens of the JSON API: short-lived signed JWTs.
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;
const ISSUER = "loyaltap";
const AUDIENCE = "loyaltap-api";

let cachedKey: { secret: string; key: Buffer } | null = null;

function signingKey(): Buffer {
  const secret = authSecret();
  // Derived, so the access-token key differs from Auth.js's cookie key.
  if (cachedKey?.secret !== secret)
    cachedKey = { secret, key: createHash("sha256").update(`access-token:${secret}`).digest() };
  return cachedKey.key;
}

/** `sessionVersion`: the user's session version now; a later logout or password change voids the token. */
export async function signAccessToken(userId: string, now = new Date(), sessionVersion = 0) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ typ: "access", sv: sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey());
  return { token, expiresAt: (issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000 };
}

export type AccessTokenClaims = { userId: string; sessionVersion: number };

/** The user id of a valid access token, or null. */
export function verifyAccessToken(token: string, now = Date.now()): string | null {
  return readAccessToken(token, now)?.userId ?? null;
}

/**
 * The user id and session version of a valid access token, or null. A token
 * without a version (issued before versions existed) counts as version 0.
 *
 * Verified synchronously with node:crypto rather than jose's WebCrypto path:
 * every tap carries one, and the async HMAC job was a measurable share of the
 * tap's CPU. Only our own format is
 * accepted: header {"alg":"HS256"}, our issuer and audience, typ "access",
 * an expiry in the future.
 */
export function readAccessToken(token: string, now = Date.now()): AccessTokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  // Compared as text against the canonical encoding: a decoder ignores the
  // unused low bits of the last character, so other spellings of the same
  // bytes would otherwise pass as the same signature.
  const expected = Buffer.from(
    createHmac("sha256", signingKey()).update(`${headerPart}.${payloadPart}`).digest("base64url"),
  );
  const signature = Buffer.from(signaturePart);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!header || header.alg !== "HS256" || header.crit !== undefined || !payload) return null;
  const seconds = now / 1000;
  if (typeof payload.exp !== "number" || payload.exp <= seconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > seconds)) return null;
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== ISSUER || !audience.includes(AUDIENCE)) return null;
  if (payload.typ !== "access" || typeof payload.sub !== "string" || !payload.sub) return null;
  const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
  if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
  return { userId: payload.sub, sessionVersion };
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Random opaque token (refresh, password reset); only its hash is stored. */
export function newOpaqueToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
