import "server-only";
import { db, Prisma } from "@/lib/db";
import { getOwnedBusiness, type OwnedBusiness } from "@/lib/db/businesses";
import { raw, sql, type Sql } from "@/lib/db/sql-template";

// Who may work a business (docs/owner-tools.md, "Staff"): its owner, for
// everything; a staff member, at the counter only — scan a customer's QR,
// record a visit, open a customer's card and the customer list, redeem a
// reward. Programs, tags, secure keys, the profile, exports and invitations
// stay with the owner (those queries keep matching `ownerId`).
//
// As everywhere in lib/db, the check is part of each query's own WHERE:
// `worksAt(userId)` for Prisma's queries, `worksAtPart` in a statement (plain
// SQL, or Prisma's raw queries through prismaSql). Someone who does
// not work at the business gets the same answer as for a business that does
// not exist.

export type BusinessAccess = "owner" | "staff";

/** Prisma: a business the user owns or is staff of. */
export function worksAt(userId: string): Prisma.BusinessWhereInput {
  return { OR: [{ ownerId: userId }, { staff: { some: { userId } } }] };
}

/** The same test as a part of an sql`…` statement, the user's id a named value. */
export function worksAtPart(alias: "b", userId: string | null): Sql {
  return sql`(${raw(alias)}."ownerId" = ${userId}::text OR EXISTS (SELECT 1 FROM "BusinessStaff" s WHERE s."businessId" = ${raw(alias)}."id" AND s."userId" = ${userId}::text))`;
}

/**
 * Works at the business AND at the location `locationId` (an sql part naming a
 * location id, or NULL): the owner everywhere, staff of all locations
 * everywhere, staff limited to some locations only at those (docs/locations.md,
 * "Staff"). A limited staff member with no location named is refused.
 */
export function worksAtLocationPart(alias: "b", userId: string | null, locationId: Sql): Sql {
  return sql`(${raw(alias)}."ownerId" = ${userId}::text OR EXISTS (SELECT 1 FROM "BusinessStaff" s WHERE s."businessId" = ${raw(alias)}."id" AND s."userId" = ${userId}::text
    AND (s."allLocations" OR EXISTS (SELECT 1 FROM "StaffLocation" sl WHERE sl."businessId" = s."businessId" AND sl."userId" = s."userId" AND sl."locationId" = ${locationId}))))`;
}

/** Prisma: worksAtLocationPart's test, for a location id or none. */
export function worksAtLocation(userId: string, locationId: string | null): Prisma.BusinessWhereInput {
  const at: Prisma.BusinessStaffWhereInput[] = [{ allLocations: true }];
  if (locationId) at.push({ locations: { some: { locationId } } });
  return { OR: [{ ownerId: userId }, { staff: { some: { userId, OR: at } } }] };
}

export type CounterBusiness = OwnedBusiness & { access: BusinessAccess };

/**
 * The business, by id or slug, as the user may work it: the owner's own (access
 * "owner") or one they are staff of (access "staff"); null for anyone else.
 */
export async function getCounterBusiness(userId: string, idOrSlug: string): Promise<CounterBusiness | null> {
  const owned = await getOwnedBusiness(userId, idOrSlug);
  if (owned) return { ...owned, access: "owner" };
  const staffed = await db.business.findFirst({
    where: { OR: [{ id: idOrSlug }, { slug: idOrSlug }], staff: { some: { userId } } },
    select: { id: true, ownerId: true },
  });
  if (!staffed) return null;
  const business = await getOwnedBusiness(staffed.ownerId, staffed.id);
  return business ? { ...business, access: "staff" } : null;
}

/** Every business the user works at, with how: the dashboard's list. */
export async function listWorkplaces(userId: string): Promise<{ id: string; name: string; access: BusinessAccess }[]> {
  const rows = await db.business.findMany({
    where: worksAt(userId),
    select: { id: true, name: true, ownerId: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, access: row.ownerId === userId ? "owner" : "staff" }));
}
