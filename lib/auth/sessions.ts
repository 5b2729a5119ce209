import "server-only";
import { db, Prisma } from "@/lib/db";

type Tx = Prisma.TransactionClient;

/**
 * Ends every session of a user at once: bumps the session version (which
 * every session cookie and access token carries, and every authenticated
 * request compares) and revokes every refresh token, in one transaction.
 * Returns the new version, or null when the user does not exist.
 */
export async function revokeAllSessions(userId: string, now = new Date()): Promise<number | null> {
  return db.$transaction((tx) => revokeAllSessionsInTx(tx, userId, now));
}

export async function revokeAllSessionsInTx(tx: Tx, userId: string, now = new Date()): Promise<number | null> {
  const bumped = await tx.user.updateManyAndReturn({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  if (!bumped[0]) return null;
  await revokeRefreshTokensInTx(tx, userId, now);
  return bumped[0].sessionVersion;
}

export async function revokeRefreshTokensInTx(tx: Tx, userId: string, now = new Date()): Promise<void> {
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}
