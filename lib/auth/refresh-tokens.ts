import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_SECONDS } from "@/lib/auth/tokens";

// Refresh tokens (OAuth 2.0 Security BCP): random, stored hashed, rotated on
// every use. Presenting an already-used token means it leaked: the whole
// family (every token descended from the same sign-in) is revoked.

export async function createRefreshToken(userId: string, familyId: string = randomUUID(), now = new Date()) {
  const { token, hash } = newOpaqueToken();
  await db.refreshToken.create({
    data: { userId, tokenHash: hash, familyId, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) },
  });
  return token;
}

export type RotateResult = { ok: true; userId: string; refreshToken: string } | { ok: false; reason: "invalid" | "reused" };

export async function rotateRefreshToken(presented: string, now = new Date()): Promise<RotateResult> {
  const tokenHash = hashToken(presented);
  // One conditional update: of two concurrent uses, only one finds usedAt null.
  const used = await db.refreshToken.updateManyAndReturn({
    where: { tokenHash, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { userId: true, familyId: true },
  });
  const row = used[0];
  if (row) {
    const refreshToken = await createRefreshToken(row.userId, row.familyId, now);
    return { ok: true, userId: row.userId, refreshToken };
  }
  const known = await db.refreshToken.findUnique({ where: { tokenHash }, select: { familyId: true, usedAt: true } });
  if (known?.usedAt) {
    await db.refreshToken.updateMany({ where: { familyId: known.familyId, revokedAt: null }, data: { revokedAt: now } });
    return { ok: false, reason: "reused" };
  }
  return { ok: false, reason: "invalid" };
}

export async function revokeAllRefreshTokens(userId: string): Promise<void> {
  await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
