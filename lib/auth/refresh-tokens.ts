import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_SECONDS } from "@/lib/auth/tokens";

// Refresh tokens (OAuth 2.0 Security BCP): random, stored hashed, rotated on
// every use. Presenting an already-used token means it leaked: the whole
// family (every token descended from the same sign-in) is revoked. Each token
// remembers the owner's session version when it was issued: after a logout,
// password change or reset (a newer version) it no longer rotates, even if
// it was issued by a rotation that raced with the revocation.

export async function createRefreshToken(
  userId: string,
  sessionVersion = 0,
  familyId: string = randomUUID(),
  now = new Date(),
) {
  const { token, hash } = newOpaqueToken();
  await db.refreshToken.create({
    data: {
      userId,
      tokenHash: hash,
      familyId,
      sessionVersion,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  });
  return token;
}

export type RotateResult =
  | { ok: true; userId: string; sessionVersion: number; refreshToken: string }
  | { ok: false; reason: "invalid" | "reused" };

export async function rotateRefreshToken(presented: string, now = new Date()): Promise<RotateResult> {
  const tokenHash = hashToken(presented);
  // One conditional update: of two concurrent uses, only one finds usedAt
  // null; a token past its lifetime, revoked, or of an older session version
  // matches nothing.
  const used = await db.$queryRaw<{ userId: string; familyId: string; sessionVersion: number }[]>`
    UPDATE "RefreshToken" AS r SET "usedAt" = ${now}
    FROM "User" AS u
    WHERE r."tokenHash" = ${tokenHash} AND r."usedAt" IS NULL AND r."revokedAt" IS NULL
      AND r."expiresAt" > ${now} AND u."id" = r."userId" AND u."sessionVersion" = r."sessionVersion"
    RETURNING r."userId", r."familyId", r."sessionVersion"`;
  const row = used[0];
  if (row) {
    const refreshToken = await createRefreshToken(row.userId, row.sessionVersion, row.familyId, now);
    return { ok: true, userId: row.userId, sessionVersion: row.sessionVersion, refreshToken };
  }
  const known = await db.refreshToken.findUnique({ where: { tokenHash }, select: { familyId: true, usedAt: true } });
  if (known?.usedAt) {
    await db.refreshToken.updateMany({
      where: { familyId: known.familyId, revokedAt: null },
      data: { revokedAt: now },
    });
    return { ok: false, reason: "reused" };
  }
  return { ok: false, reason: "invalid" };
}

export async function revokeAllRefreshTokens(userId: string): Promise<void> {
  await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
