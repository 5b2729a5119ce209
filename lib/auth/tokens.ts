import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import { authSecret } from "@/lib/auth/cookies";

// Bearer access tokens of the JSON API (spec §7): short-lived signed JWTs.
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;
const ISSUER = "loyaltap";
const AUDIENCE = "loyaltap-api";

let cachedKey: { secret: string; key: Buffer } | null = null;

function signingKey(): Buffer {
  const secret = authSecret();
  // Derived, so the access-token key differs from Auth.js's cookie key.
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHash("sha256").update(`access-token:${secret}`).digest() };
  return cachedKey.key;
}

export async function signAccessToken(userId: string, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey());
  return { token, expiresAt: (issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000 };
}

/**
 * The user id of a valid access token, or null.
 *
 * Verified synchronously with node:crypto rather than jose's WebCrypto path:
 * every tap carries one, and the async HMAC job was a measurable share of the
 * tap's CPU (see the closing note of issue 5). Only our own format is
 * accepted: header {"alg":"HS256"}, our issuer and audience, typ "access",
 * an expiry in the future.
 */
export function verifyAccessToken(token: string, now = Date.now()): string | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const expected = createHmac("sha256", signingKey()).update(`${headerPart}.${payloadPart}`).digest();
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!header || header.alg !== "HS256" || header.crit !== undefined || !payload) return null;
  const seconds = now / 1000;
  if (typeof payload.exp !== "number" || payload.exp <= seconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > seconds)) return null;
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== ISSUER || !audience.includes(AUDIENCE)) return null;
  return payload.typ === "access" && typeof payload.sub === "string" && payload.sub ? payload.sub : null;
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
