import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/cookies";

// Bearer access tokens of the JSON API (spec §7): short-lived signed JWTs.
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;
const ISSUER = "loyaltap";
const AUDIENCE = "loyaltap-api";

function signingKey() {
  // Derived, so the access-token key differs from Auth.js's cookie key.
  return createHash("sha256").update(`access-token:${authSecret()}`).digest();
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

/** The user id of a valid access token, or null. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    return payload.typ === "access" && typeof payload.sub === "string" ? payload.sub : null;
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
