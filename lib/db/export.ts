import "server-only";
import { db } from "@/lib/db";
import { appendAudit } from "@/lib/db/audit";
import { queryRows } from "@/lib/db/sql";
import type { ExportKind } from "@/lib/validation/customers";

// The owner's CSV export (docs/owner-tools.md, "Export"): the rows of one
// kind, read in keyset batches of BATCH_SIZE along an index of (businessId,
// time, id), so a file of any length is never held in memory: the route
// handler turns each batch into CSV as the client reads it. Owner only: every
// statement matches the business's ownerId itself. A location (one of the
// business's, checked by the route) narrows each kind to what happened there
// (docs/locations.md, "What owners and customers see"): its visits, the members
// who visited there, the rewards its visits issued.

export const EXPORT_BATCH_SIZE = 1000;

export type ExportBusiness = { id: string; slug: string; name: string; timezone: string };

/** The business, when `ownerId` owns it (staff may not export): else null. */
export async function getExportBusiness(ownerId: string, businessId: string): Promise<ExportBusiness | null> {
  return db.business.findFirst({
    where: { id: businessId, ownerId },
    select: { id: true, slug: true, name: true, timezone: true },
  });
}

/** Whether the location (open or closed) is one of the business's: the only ones an export may name. */
export async function isBusinessLocation(businessId: string, locationId: string): Promise<boolean> {
  return (await db.location.count({ where: { id: locationId, businessId } })) > 0;
}

/** Records the export in the audit log (who, which kind, which period). */
export async function logExport(
  ownerId: string,
  actorName: string | null,
  businessId: string,
  details: { kind: ExportKind; from: string | null; to: string | null; location?: string },
): Promise<void> {
  await appendAudit({ businessId, action: "EXPORT", actorId: ownerId, actorName, details });
}

type Period = { start: Date; end: Date } | null;
type Key = { at: Date; id: string };

export type CustomerExportRow = {
  id: string;
  at: Date;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  guest: boolean;
  linkedAt: Date;
  firstVisitAt: Date | null;
  lastVisitAt: Date | null;
  visitCount: number;
  rewardsEarned: number;
  rewardsReady: number;
};

export type VisitExportRow = {
  id: string;
  at: Date;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  source: string;
  tagId: string | null;
  /** The name of the location the visit was at (null: none recorded, or deleted since). */
  location: string | null;
};

export type RewardExportRow = {
  id: string;
  at: Date;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  rewardName: string;
  code: string;
  status: "AVAILABLE" | "REDEEMED" | "EXPIRED";
  expiresAt: Date | null;
  redeemedAt: Date | null;
};

export type ExportRow = CustomerExportRow | VisitExportRow | RewardExportRow;

// Each kind: its table's time column (the keyset's first part), its select and
// what a location narrows it to ($n: the location's id).
const QUERIES: Record<ExportKind, { time: string; text: string; at: (n: string) => string }> = {
  customers: {
    time: `m."linkedAt"`,
    text: `SELECT m."id", m."linkedAt" AS "at", u."firstName", u."lastName", u."name", u."email", u."phone", u."guest",
        m."linkedAt", m."firstVisitAt", m."lastVisitAt", m."visitCount", m."rewardsEarned",
        (SELECT count(*)::int FROM "Reward" r WHERE r."membershipId" = m."id" AND r."status" = 'AVAILABLE'
          AND (r."expiresAt" IS NULL OR r."expiresAt" > now() AT TIME ZONE 'UTC')) AS "rewardsReady"
      FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId" JOIN "User" u ON u."id" = m."userId"
      WHERE b."id" = $1::text AND b."ownerId" = $2::text`,
    at: (n) => `EXISTS (SELECT 1 FROM "Tap" lt WHERE lt."membershipId" = m."id" AND lt."locationId" = ${n}::text)`,
  },
  visits: {
    time: `t."createdAt"`,
    text: `SELECT t."id", t."createdAt" AS "at", u."firstName", u."lastName", u."name", u."email",
        t."source"::text AS "source", t."tagId", l."name" AS "location"
      FROM "Tap" t JOIN "Business" b ON b."id" = t."businessId" LEFT JOIN "User" u ON u."id" = t."userId"
        LEFT JOIN "Location" l ON l."id" = t."locationId"
      WHERE b."id" = $1::text AND b."ownerId" = $2::text`,
    at: (n) => `t."locationId" = ${n}::text`,
  },
  rewards: {
    time: `r."issuedAt"`,
    text: `SELECT r."id", r."issuedAt" AS "at", u."firstName", u."lastName", u."name", u."email",
        r."name" AS "rewardName", r."code", r."status"::text AS "status", r."expiresAt", r."redeemedAt"
      FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId" LEFT JOIN "User" u ON u."id" = r."userId"
      WHERE b."id" = $1::text AND b."ownerId" = $2::text`,
    at: (n) => `EXISTS (SELECT 1 FROM "Tap" lt WHERE lt."id" = r."tapId" AND lt."locationId" = ${n}::text)`,
  },
};

async function batch(
  kind: ExportKind,
  ownerId: string,
  businessId: string,
  period: Period,
  location: string | null,
  after: Key | null,
): Promise<ExportRow[]> {
  const { time, text, at } = QUERIES[kind];
  const alias = time.split(".")[0]!;
  const values: unknown[] = [businessId, ownerId];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  let where = "";
  if (period) {
    where += ` AND ${time} >= ${add(period.start.toISOString())}::timestamp(3) AND ${time} < ${add(period.end.toISOString())}::timestamp(3)`;
  }
  if (location) where += ` AND ${at(add(location))}`;
  if (after) {
    where += ` AND (${time}, ${alias}."id") > (${add(after.at.toISOString())}::timestamp(3), ${add(after.id)}::text)`;
  }
  return queryRows<ExportRow>(`${text}${where} ORDER BY ${time}, ${alias}."id" LIMIT ${EXPORT_BATCH_SIZE}`, values);
}

/**
 * The rows of one export, batch by batch, oldest first. The business must be
 * the owner's: every batch's statement matches `ownerId` again.
 */
export async function* exportBatches(
  kind: ExportKind,
  ownerId: string,
  businessId: string,
  period: Period,
  location: string | null = null,
): AsyncGenerator<ExportRow[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await batch(kind, ownerId, businessId, period, location, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
