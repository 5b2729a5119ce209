import "server-only";
import { db, Prisma } from "@/lib/db";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, sql, type SqlTx } from "@/lib/db/sql";
import { displayName, type NameParts } from "@/lib/users/display-name";

// The review queue (docs/review-queue.md): visits a hold rule kept back, and
// their decision. A held visit is decided once: the status moves from PENDING
// in one guarded UPDATE, so two staff members pressing at once decide it once.
// Every read is scoped to the business the caller works at (the action checked
// that; the queries filter by it again).

const heldSelect = {
  id: true,
  reason: true,
  details: true,
  heldAt: true,
  tagId: true,
  user: { select: { id: true, firstName: true, lastName: true, name: true, guest: true } },
  tag: { select: { id: true, label: true } },
} as const satisfies Prisma.HeldVisitSelect;

export type PendingHeldVisit = Prisma.HeldVisitGetPayload<{ select: typeof heldSelect }>;

/** The business's pending held visits, oldest first (at most `limit`). */
export async function listPendingHeldVisits(businessId: string, limit = 100): Promise<PendingHeldVisit[]> {
  return db.heldVisit.findMany({
    where: { businessId, status: "PENDING" },
    orderBy: [{ heldAt: "asc" }, { id: "asc" }],
    take: limit,
    select: heldSelect,
  });
}

/** A pending held visit of the business, with what its approval needs. */
export async function findPendingHeldVisit(businessId: string, id: string) {
  return db.heldVisit.findFirst({
    where: { id, businessId, status: "PENDING" },
    select: { id: true, userId: true, tagId: true, locationId: true, heldAt: true, reason: true },
  });
}

async function actorName(tx: SqlTx, actorId: string): Promise<string | null> {
  const [user] = await tx.query<NameParts>(
    sql`SELECT "firstName", "lastName", "name" FROM "User" WHERE "id" = ${actorId}::text`,
  );
  return user ? displayName(user) : null;
}

/**
 * PENDING → APPROVED in one statement, in the approval's transaction: true for
 * the one caller whose UPDATE moved it (a concurrent one waits for its commit,
 * finds it decided and gets false), with the HELD_VISIT_APPROVED audit entry.
 */
export async function markHeldVisitApproved(
  tx: SqlTx,
  held: { id: string; businessId: string },
  actorId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx.query<{ userId: string; reason: string }>(
    sql`UPDATE "HeldVisit" SET "status" = 'APPROVED'::"HeldVisitStatus", "decidedAt" = ${now}::timestamp(3), "decidedById" = ${actorId}::text
      WHERE "id" = ${held.id}::text AND "businessId" = ${held.businessId}::text AND "status" = 'PENDING'::"HeldVisitStatus"
      RETURNING "userId", "reason"`,
  );
  if (!row) return false;
  await appendAuditSql(
    tx,
    {
      businessId: held.businessId,
      action: "HELD_VISIT_APPROVED",
      actorId,
      actorName: await actorName(tx, actorId),
      customerId: row.userId,
      details: { heldVisitId: held.id, reason: row.reason },
    },
    now,
  );
  return true;
}

/** The visit an approval recorded, in its transaction (null: none, the day's limit was spent). */
export async function setHeldVisitTap(tx: SqlTx, id: string, tapId: string | null): Promise<void> {
  await tx.execute(sql`UPDATE "HeldVisit" SET "tapId" = ${tapId}::text WHERE "id" = ${id}::text`);
}

/** PENDING → REJECTED in one statement with its HELD_VISIT_REJECTED audit entry; false when it was not pending. */
export async function rejectHeldVisit(businessId: string, id: string, actorId: string, now: Date): Promise<boolean> {
  return inTransaction(async (tx) => {
    const [row] = await tx.query<{ userId: string; reason: string; heldAt: Date }>(
      sql`UPDATE "HeldVisit" SET "status" = 'REJECTED'::"HeldVisitStatus", "decidedAt" = ${now}::timestamp(3), "decidedById" = ${actorId}::text
        WHERE "id" = ${id}::text AND "businessId" = ${businessId}::text AND "status" = 'PENDING'::"HeldVisitStatus"
        RETURNING "userId", "reason", "heldAt"`,
    );
    if (!row) return false;
    await appendAuditSql(
      tx,
      {
        businessId,
        action: "HELD_VISIT_REJECTED",
        actorId,
        actorName: await actorName(tx, actorId),
        customerId: row.userId,
        details: { heldVisitId: id, reason: row.reason, heldAt: row.heldAt.toISOString() },
      },
      now,
    );
    return true;
  });
}

/** The business's hold settings as stored (lib/review/rules.ts reads them). */
export async function getReviewRules(businessId: string): Promise<unknown> {
  const row = await db.business.findUnique({ where: { id: businessId }, select: { reviewRules: true } });
  return row?.reviewRules ?? {};
}

/** The owner's hold settings; matched to the owner in the statement. */
export async function saveReviewRules(ownerId: string, businessId: string, rules: Prisma.InputJsonValue) {
  const { count } = await db.business.updateMany({ where: { id: businessId, ownerId }, data: { reviewRules: rules } });
  return count === 1;
}
