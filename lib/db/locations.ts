import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { inTransaction, queryRows, sql, type SqlExecutor, type SqlTx } from "@/lib/db/sql";

// A business's locations (docs/locations.md). Every business has at least one
// (created with it by a trigger); the first open one by position is where tags
// and visits without a location go.

export type LocationRow = {
  id: string;
  businessId: string;
  name: string;
  address: string | null;
  placeId: string | null;
  /** [{ day: 1..7 (ISO, Monday 1), opens: "HH:MM", closes: "HH:MM" }], as stored (lib/locations validates). */
  openingHours: unknown;
  timezone: string;
  position: number;
  closedAt: Date | null;
  createdAt: Date;
};

/** Every location of the business, open ones first in the owner's order, then the closed ones. */
export async function listBusinessLocations(businessId: string): Promise<LocationRow[]> {
  return queryRows<LocationRow>(
    sql`SELECT "id", "businessId", "name", "address", "placeId", "openingHours", "timezone", "position", "closedAt", "createdAt"
        FROM "Location" WHERE "businessId" = ${businessId}::text
        ORDER BY ("closedAt" IS NOT NULL), "position", "createdAt", "id"`,
  );
}

// ---------------------------------------------------------------------------
// The owner's page (lib/locations/manage.ts decides; these read and write).
// Every statement names the business: a location of another business is not
// found. A change expires the business's cached landing data and card
// (docs/caching.md), a tag moved its own entry.

const changed = (businessId: string) => expireTags(cacheTags.business(businessId));

/** A location on the owner's list, with how many of the business's tags hang there. */
export type LocationListRow = LocationRow & { tagCount: number };

const LOCATION_COLUMNS = sql`l."id", l."businessId", l."name", l."address", l."placeId", l."openingHours", l."timezone", l."position", l."closedAt", l."createdAt"`;
// The owner's order: open ones by position, then the closed ones.
const LOCATION_ORDER = sql`(l."closedAt" IS NOT NULL), l."position", l."createdAt", l."id"`;

export async function listLocationsWithTags(businessId: string): Promise<LocationListRow[]> {
  return queryRows<LocationListRow>(
    sql`SELECT ${LOCATION_COLUMNS},
          (SELECT count(*)::int FROM "Tag" t WHERE t."locationId" = l."id" AND t."businessId" = l."businessId") AS "tagCount"
        FROM "Location" l WHERE l."businessId" = ${businessId}::text
        ORDER BY ${LOCATION_ORDER}`,
  );
}

/** A location as a chooser lists it (the tag list, the claim form, the program editor), in the owner's order. */
export type LocationChoice = { id: string; businessId: string; name: string; closed: boolean };

export async function locationChoices(businessIds: readonly string[]): Promise<LocationChoice[]> {
  if (businessIds.length === 0) return [];
  return queryRows<LocationChoice>(
    sql`SELECT l."id", l."businessId", l."name", (l."closedAt" IS NOT NULL) AS "closed"
        FROM "Location" l WHERE l."businessId" = ANY(${[...businessIds]}::text[])
        ORDER BY l."businessId", ${LOCATION_ORDER}`,
  );
}

/** locationChoices by business id: each business's locations in the owner's order. */
export async function locationChoicesByBusiness(
  businessIds: readonly string[],
): Promise<Record<string, { id: string; name: string; closed: boolean }[]>> {
  const grouped: Record<string, { id: string; name: string; closed: boolean }[]> = {};
  for (const { businessId, id, name, closed } of await locationChoices(businessIds))
    (grouped[businessId] ??= []).push({ id, name, closed });
  return grouped;
}

/** What the owner's form writes (lib/locations/input.ts has checked it). */
export type LocationWrite = {
  name: string;
  address: string | null;
  placeId: string | null;
  timezone: string;
  openingHours: readonly { day: number; opens: string; closes: string }[];
};

/** A new open location, last in the owner's order; null when the business does not exist. */
export async function insertLocation(businessId: string, data: LocationWrite): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`INSERT INTO "Location" ("id", "businessId", "name", "address", "placeId", "openingHours", "timezone", "position", "updatedAt")
        SELECT gen_random_uuid()::text, b."id", ${data.name}::text, ${data.address}::text, ${data.placeId}::text,
               ${JSON.stringify(data.openingHours)}::jsonb, ${data.timezone}::text,
               COALESCE((SELECT max(o."position") + 1 FROM "Location" o WHERE o."businessId" = b."id"), 0), now()
        FROM "Business" b WHERE b."id" = ${businessId}::text
        RETURNING "id"`,
  );
  if (row) changed(businessId);
  return row?.id ?? null;
}

/** Saves the owner's edit of one location (open or closed); false when it is not the business's. */
export async function updateLocationRow(businessId: string, locationId: string, data: LocationWrite): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(
    sql`UPDATE "Location" SET "name" = ${data.name}::text, "address" = ${data.address}::text, "placeId" = ${data.placeId}::text,
          "openingHours" = ${JSON.stringify(data.openingHours)}::jsonb, "timezone" = ${data.timezone}::text, "updatedAt" = now()
        WHERE "id" = ${locationId}::text AND "businessId" = ${businessId}::text
        RETURNING "id"`,
  );
  if (row) changed(businessId);
  return Boolean(row);
}

/** The business's locations, locked until the transaction ends: two changes of its open set never interleave. */
async function lockLocations(tx: SqlTx, businessId: string) {
  return tx.query<{ id: string; closedAt: Date | null; position: number }>(
    sql`SELECT l."id", l."closedAt", l."position" FROM "Location" l WHERE l."businessId" = ${businessId}::text
        ORDER BY ${LOCATION_ORDER} FOR UPDATE`,
  );
}

/**
 * Closes a location: it takes no more visits, and keeps its tags, visits and
 * purchases. The business's last open location stays open ("last_open"), even
 * when two are closed at once. Closing a closed one changes nothing.
 */
export async function closeLocationRow(
  businessId: string,
  locationId: string,
  now = new Date(),
): Promise<"closed" | "not_found" | "last_open"> {
  const result = await inTransaction(async (tx) => {
    const locations = await lockLocations(tx, businessId);
    const target = locations.find((l) => l.id === locationId);
    if (!target) return "not_found";
    if (target.closedAt) return "closed";
    if (locations.filter((l) => !l.closedAt).length <= 1) return "last_open";
    await tx.execute(
      sql`UPDATE "Location" SET "closedAt" = ${now}::timestamp(3), "updatedAt" = now()
          WHERE "id" = ${locationId}::text AND "businessId" = ${businessId}::text`,
    );
    return "closed" as const;
  });
  if (result === "closed") changed(businessId);
  return result;
}

/** Opens a closed location again, last among the open ones (the main location stays the main one); false when not the business's. */
export async function reopenLocationRow(businessId: string, locationId: string): Promise<boolean> {
  const reopened = await inTransaction(async (tx) => {
    const locations = await lockLocations(tx, businessId);
    const target = locations.find((l) => l.id === locationId);
    if (!target) return false;
    if (!target.closedAt) return true;
    const last = Math.max(-1, ...locations.filter((l) => !l.closedAt).map((l) => l.position));
    await tx.execute(
      sql`UPDATE "Location" SET "closedAt" = NULL, "position" = ${last + 1}::int, "updatedAt" = now()
          WHERE "id" = ${locationId}::text AND "businessId" = ${businessId}::text`,
    );
    return true;
  });
  if (reopened) changed(businessId);
  return reopened;
}

/**
 * Moves an open location one place up or down the owner's order (the first
 * is the main location); the open ones are numbered 0, 1, … afterwards. False
 * when it is not an open location of the business; at either end nothing moves.
 */
export async function moveLocationRow(
  businessId: string,
  locationId: string,
  direction: "up" | "down",
): Promise<boolean> {
  const moved = await inTransaction(async (tx) => {
    const open = (await lockLocations(tx, businessId)).filter((l) => !l.closedAt);
    const index = open.findIndex((l) => l.id === locationId);
    if (index < 0) return false;
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= open.length) return true;
    [open[index], open[other]] = [open[other]!, open[index]!];
    for (const [position, location] of open.entries())
      if (location.position !== position)
        await tx.execute(
          sql`UPDATE "Location" SET "position" = ${position}::int, "updatedAt" = now() WHERE "id" = ${location.id}::text`,
        );
    return true;
  });
  if (moved) changed(businessId);
  return moved;
}

/** Hangs one of the business's tags at another of its open locations, in one statement. */
export async function moveTagRow(
  businessId: string,
  tagId: string,
  locationId: string,
): Promise<"moved" | "tag_not_found" | "location_not_found"> {
  const [row] = await queryRows<{ located: boolean; moved: boolean }>(
    sql`WITH target AS (
          SELECT "id" FROM "Location" WHERE "id" = ${locationId}::text AND "businessId" = ${businessId}::text AND "closedAt" IS NULL
        ), moved AS (
          UPDATE "Tag" SET "locationId" = (SELECT "id" FROM target), "updatedAt" = now()
          WHERE "id" = ${tagId}::text AND "businessId" = ${businessId}::text AND EXISTS (SELECT 1 FROM target)
          RETURNING "id"
        )
        SELECT EXISTS (SELECT 1 FROM target) AS "located", EXISTS (SELECT 1 FROM moved) AS "moved"`,
  );
  if (row?.moved) {
    expireTags(cacheTags.tag(tagId));
    return "moved";
  }
  return row?.located ? "tag_not_found" : "location_not_found";
}

/**
 * A business with exactly one location keeps it where the business is: its
 * address, place and time zone follow the business's, in the transaction of
 * the profile edit (lib/business/update-profile.ts). A business with more
 * locations edits each on its own page.
 */
export async function followSoleLocation(tx: SqlExecutor, businessId: string): Promise<void> {
  await tx.query(
    `UPDATE "Location" l SET "address" = b."address", "placeId" = b."placeId", "timezone" = b."timezone", "updatedAt" = now()
     FROM "Business" b
     WHERE b."id" = $1::text AND l."businessId" = b."id"
       AND (SELECT count(*) FROM "Location" o WHERE o."businessId" = b."id") = 1`,
    [businessId],
  );
}
