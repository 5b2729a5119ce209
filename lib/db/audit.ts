import "server-only";
import { db, Prisma } from "@/lib/db";
import type { SqlTx } from "@/lib/db/sql";
import type { AuditAction } from "@/lib/generated/prisma/enums";

// The audit log of a business (docs/owner-tools.md): append-only — the
// database refuses UPDATE, DELETE and TRUNCATE of its rows (a trigger), so
// this module only ever inserts. Each entry is written in the transaction of
// the change it records, so an entry exists exactly when its change committed.

export type AuditEntry = {
  businessId: string;
  action: AuditAction;
  /** Who did it (the owner or a staff member); null for the system. */
  actorId: string | null;
  /** How the actor was named when it happened, kept for when the account is gone. */
  actorName?: string | null;
  /** The customer the entry is about, if any. */
  customerId?: string | null;
  programId?: string | null;
  /** Required for adjustments: the owner's words. */
  reason?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  details?: Prisma.InputJsonValue;
};

type PrismaWriter = Pick<Prisma.TransactionClient, "auditLog">;

function row(entry: AuditEntry, at: Date) {
  return {
    businessId: entry.businessId,
    action: entry.action,
    actorId: entry.actorId,
    actorName: entry.actorName ?? null,
    customerId: entry.customerId ?? null,
    programId: entry.programId ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? Prisma.DbNull,
    after: entry.after ?? Prisma.DbNull,
    details: entry.details ?? {},
    createdAt: at,
  };
}

/** Appends one entry through Prisma (inside the caller's `$transaction` when given one). */
export async function appendAudit(entry: AuditEntry, client: PrismaWriter = db, at = new Date()): Promise<void> {
  await client.auditLog.create({ data: row(entry, at), select: { id: true } });
}

/** Appends one entry inside a plain-SQL transaction (lib/db/sql.ts). */
export async function appendAuditSql(tx: SqlTx, entry: AuditEntry, at = new Date()): Promise<void> {
  await tx.execute(
    `INSERT INTO "AuditLog" ("id", "businessId", "action", "actorId", "actorName", "customerId", "programId", "reason", "before", "after", "details", "createdAt")
     VALUES (gen_random_uuid()::text, $1::text, $2::"AuditAction", $3::text, $4::text, $5::text, $6::text, $7::text, $8::jsonb, $9::jsonb, $10::jsonb, $11::timestamp(3))`,
    [
      entry.businessId,
      entry.action,
      entry.actorId,
      entry.actorName ?? null,
      entry.customerId ?? null,
      entry.programId ?? null,
      entry.reason ?? null,
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      JSON.stringify(entry.details ?? {}),
      at,
    ],
  );
}
