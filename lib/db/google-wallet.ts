import "server-only";
import { db } from "@/lib/db";

// The memberships whose customers added their card to Google Wallet
// (GoogleWalletObject; docs/wallet.md). Functions that take a userId are
// called with a verified session's user and match it in the statement itself.

/**
 * The customer chose "Add to Google Wallet" for their membership: its row is
 * made (or its savedAt moved), so the card's changes are sent to Google from
 * now on. False when the membership is not this user's (or does not exist).
 */
export async function recordGoogleWalletSave(
  userId: string,
  membershipId: string,
  objectId: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "GoogleWalletObject" ("id", "membershipId", "objectId", "savedAt", "state", "version")
    SELECT gen_random_uuid()::text, m."id", ${objectId}, ${now}, 'ACTIVE', 0
    FROM "Membership" m WHERE m."id" = ${membershipId} AND m."userId" = ${userId}
    ON CONFLICT ("membershipId") DO UPDATE SET "savedAt" = EXCLUDED."savedAt", "state" = 'ACTIVE'
    RETURNING "id"`;
  return rows.length > 0;
}

export type GoogleWalletRow = { objectId: string; version: number; state: string };

export function googleWalletRowOf(membershipId: string): Promise<GoogleWalletRow | null> {
  return db.googleWalletObject.findUnique({
    where: { membershipId },
    select: { objectId: true, version: true, state: true },
  });
}

/** Google took the card's content: when, for the record. */
export async function markGoogleWalletPatched(membershipId: string, now = new Date()): Promise<void> {
  await db.googleWalletObject.updateMany({ where: { membershipId }, data: { lastPatchedAt: now, state: "ACTIVE" } });
}
