import "server-only";
import { db } from "@/lib/db";
import { inTransaction, type InTransaction, type SqlTx } from "@/lib/db/sql";

// Guest cards (docs/authentication.md, "Guests"): a customer with no email,
// password or name, made by the first tap's "Start my card".

/** Whether the tag's business lets visitors start a guest card (read fresh, not from the page cache). */
export async function guestCardsAllowed(tagId: string): Promise<boolean> {
  const tag = await db.tag.findUnique({ where: { id: tagId }, select: { business: { select: { guestCards: true } } } });
  return tag?.business?.guestCards ?? false;
}

/**
 * Creates the guest inside the visit's transaction, only while the tag's
 * business has guest cards on (one conditional INSERT: an owner who switched
 * them off a moment ago is obeyed). Returns false when nothing was created.
 */
export async function insertGuest(
  tx: SqlTx,
  guest: { id: string; language: string; tagId: string; now: Date; ipHash?: string | null },
): Promise<boolean> {
  // The address is kept only hashed (docs/review-queue.md: new cards from one address).
  const created = await tx.execute(
    `INSERT INTO "User" ("id", "role", "guest", "language", "guestIpHash", "createdAt", "updatedAt")
    SELECT $1::text, 'CUSTOMER'::"Role", true, $2::text, $5::text, $4::timestamp(3), $4::timestamp(3)
    WHERE EXISTS (SELECT 1 FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId" WHERE t."id" = $3::text AND b."guestCards")`,
    [guest.id, guest.language, guest.tagId, guest.now, guest.ipHash ?? null],
  );
  return created === 1;
}

/** Removes a guest made for a visit that was refused after all (nothing else of it is kept). */
export async function deleteGuestOnly(userId: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "User" WHERE "id" = ${userId} AND "guest"`;
  await db.$executeRaw`DELETE FROM "DailyTapCount" WHERE "userId" = ${userId}`;
}

/** How long a guest card lives without a visit before the sweep deletes it. */
export const GUEST_IDLE_MONTHS = 12;

/**
 * Deletes, in batches, the guests created more than 12 months before `now`
 * with no visit in the last 12 months (docs/jobs.md, "Sweeps"). Each batch is
 * picked and deleted in one transaction (SKIP LOCKED: two sweeps share the
 * work), with their day counters (no foreign key) removed; `beforeDelete`
 * runs in it for each guest while its memberships still exist. Returns how
 * many went.
 */
export async function deleteIdleGuests(
  now: Date,
  beforeDelete: InTransaction<{ userId: string }>,
  batchSize = 500,
): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - GUEST_IDLE_MONTHS);
  let deleted = 0;
  for (;;) {
    const count = await inTransaction(async (tx) => {
      // Index "User_guest_createdAt_idx".
      const idle = await tx.query<{ id: string }>(
        `SELECT u."id" FROM "User" u
        WHERE u."guest" AND u."createdAt" < $1::timestamp(3)
          AND NOT EXISTS (SELECT 1 FROM "Tap" t WHERE t."userId" = u."id" AND t."createdAt" >= $1::timestamp(3))
        ORDER BY u."createdAt", u."id"
        LIMIT $2::int
        FOR UPDATE SKIP LOCKED`,
        [before, batchSize],
      );
      if (idle.length === 0) return 0;
      const ids = idle.map((row) => row.id);
      for (const userId of ids) await beforeDelete(tx, { userId });
      await tx.execute(`DELETE FROM "DailyTapCount" WHERE "userId" = ANY($1::text[])`, [ids]);
      return tx.execute(`DELETE FROM "User" WHERE "id" = ANY($1::text[]) AND "guest"`, [ids]);
    });
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
