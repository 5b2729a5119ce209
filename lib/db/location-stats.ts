import "server-only";
import { queryRows, raw, sql, type Sql } from "@/lib/db/sql";

// What owners read per location (docs/locations.md, "What owners and customers
// see"): the locations a filter offers, and the dashboard's side-by-side
// comparison read from the per-location rollups (LocationDailyStat, kept by
// the triggers of migration location_views).

/** A location as a filter offers it: open ones first in the owner's order, then the closed ones. */
export type LocationOption = { id: string; name: string; closed: boolean };

/**
 * The business's locations as a JSON array of [id, name, closed], in the
 * filters' order, for a statement that already matched the business (its
 * alias `business`): the filters cost no statement of their own.
 */
export function locationOptionsJson(business: string): Sql {
  return raw(`(SELECT COALESCE(json_agg(json_build_array(l."id", l."name", l."closedAt" IS NOT NULL)
      ORDER BY (l."closedAt" IS NOT NULL), l."position", l."createdAt", l."id"), '[]')
    FROM "Location" l WHERE l."businessId" = ${business}."id")`);
}

/** The JSON of locationOptionsJson as options. */
export function toLocationOptions(json: [string, string, boolean][] | null): LocationOption[] {
  return (json ?? []).map(([id, name, closed]) => ({ id, name, closed }));
}

/** A location filter is offered only when the business has more than one location. */
export function offersLocationFilter(options: readonly LocationOption[]): boolean {
  return options.length > 1;
}

/** The chosen location when it is one of the business's; anything else (none, another's, unknown) is all of them. */
export function chosenLocation(options: readonly LocationOption[], id: string | undefined | null): string | null {
  return id && options.some((o) => o.id === id) ? id : null;
}

export type LocationComparisonRow = {
  businessId: string;
  /** The business's zone: its local days are the ones counted. */
  timezone: string;
  locationId: string;
  name: string;
  closed: boolean;
  /** Visits today, in the last 7 and in the last 30 local days (today included). */
  visitsToday: number;
  visits7: number;
  visits30: number;
  /** New customers whose first visit was here, in the last 30 local days. */
  newCustomers30: number;
  /** Rewards earned here (issued by a visit here) and redeemed in the last 30 local days. */
  redeemed30: number;
};

/**
 * Every location of each of the owner's businesses that has more than one,
 * with its figures over the business's last local days ("today" by the
 * business's zone at `now`, as insights_local_day counts them): one statement
 * for all of them, each location's 30 rows read along its (locationId, day) key.
 */
export async function listLocationComparison(ownerId: string, now = new Date()): Promise<LocationComparisonRow[]> {
  return queryRows<LocationComparisonRow>(
    sql`WITH "b" AS (
        SELECT b."id", b."timezone", "insights_local_day"(${now}::timestamp, b."timezone") AS "today"
        FROM "Business" b
        WHERE b."ownerId" = ${ownerId}::text
          AND (SELECT count(*) FROM "Location" l WHERE l."businessId" = b."id") > 1
      )
      SELECT "b"."id" AS "businessId", "b"."timezone", l."id" AS "locationId", l."name", l."closedAt" IS NOT NULL AS "closed",
        COALESCE(SUM(s."visits") FILTER (WHERE s."day" = "b"."today"), 0)::int AS "visitsToday",
        COALESCE(SUM(s."visits") FILTER (WHERE s."day" > "b"."today" - 7), 0)::int AS "visits7",
        COALESCE(SUM(s."visits"), 0)::int AS "visits30",
        COALESCE(SUM(s."newCustomers"), 0)::int AS "newCustomers30",
        COALESCE(SUM(s."rewardsRedeemed"), 0)::int AS "redeemed30"
      FROM "b"
      JOIN "Location" l ON l."businessId" = "b"."id"
      LEFT JOIN "LocationDailyStat" s ON s."locationId" = l."id" AND s."day" BETWEEN "b"."today" - 29 AND "b"."today"
      GROUP BY "b"."id", "b"."timezone", l."id"
      ORDER BY "b"."id", (l."closedAt" IS NOT NULL), l."position", l."createdAt", l."id"`,
  );
}
