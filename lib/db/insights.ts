import "server-only";
import { normaliseTimezone } from "@/lib/business/timezone";
import { toLocationOptions, type LocationOption } from "@/lib/db/location-stats";
import { queryRows } from "@/lib/db/sql";
import { fillDays } from "@/lib/insights/days";
import { weekdayHourMatrix } from "@/lib/insights/heatmap";
import type { InsightRange } from "@/lib/insights/range";

// The owner's insights (docs/owner-tools.md, "Insights"), read from the rollup
// tables the triggers keep (BusinessDailyStat, BusinessHourlyVisits,
// ProgramDailyStat), never from Tap. Owner only: the one statement matches the
// business's ownerId, so staff and everyone else get null, as for a business
// that does not exist. For one location (docs/locations.md, "What owners and
// customers see") the same figures come from its own rollups (LocationDailyStat,
// LocationHourlyVisits, LocationProgramDailyStat), in the business's local days.

export type InsightsDay = {
  day: string;
  visits: number;
  newCustomers: number;
  rewardsIssued: number;
  rewardsRedeemed: number;
};

export type Insights = {
  business: { id: string; name: string; timeZone: string };
  range: InsightRange;
  /** First and last local day of the range (YYYY-MM-DD); `to` is today in the business's zone. */
  from: string;
  to: string;
  /** Every day of the range, in order; a day without activity is all zeros. */
  days: InsightsDay[];
  /** Visits per ISO weekday (row 0 = Monday) and local hour (0..23) over the range. */
  heatmap: number[][];
  /** Every program of the business, oldest first, with the rewards it issued in the range. */
  programs: { id: string; name: string; completions: number }[];
  /** The business's locations, for the filter (offered when there are several). */
  locations: LocationOption[];
  /** The location the figures are of (one of `locations`), or null: the whole business. */
  location: string | null;
};

const EMPTY_DAY = { visits: 0, newCustomers: 0, rewardsIssued: 0, rewardsRedeemed: 0 };

type InsightsRow = {
  id: string;
  name: string;
  timezone: string;
  from: string;
  to: string;
  /** [day, visits, newCustomers, rewardsIssued, rewardsRedeemed] per stored day. */
  days: [string, number, number, number, number][];
  /** [ISO weekday, local hour, visits] per cell with visits. */
  hours: [number, number, number][];
  /** [id, name, completions], oldest program first. */
  programs: [string, string, number][];
  locations: [string, string, boolean][];
  location: string | null;
};

// One statement, one round trip: the business (matched by its owner) and,
// for its last `range` local days, the daily rows, the weekday × hour sums and
// each program's completions, as JSON arrays. "Today" is the business's local
// day at `now`, computed by the same insights_local_day the triggers count
// with, so the range and the rollups agree on where a day starts. Every
// subquery reads the rollups through the business row the owner matched,
// along their (businessId, day) keys. It goes on the pool directly
// (lib/db/sql.ts): no Prisma decoding of its rows.
// With a location ($5): "loc" is it when it is the business's, and each figure
// reads the location's rollups along their (locationId, day) keys instead (the
// other branch of each UNION ALL is then empty: a one-time filter); a location
// that is not the business's reads as none, the whole business.
const INSIGHTS_SQL = `
WITH "b" AS (
  SELECT "id", "name", "timezone", "insights_local_day"($3::timestamp, "timezone") AS "to"
  FROM "Business"
  WHERE ("id" = $1 OR "slug" = $1) AND "ownerId" = $2
  ORDER BY ("id" = $1) DESC LIMIT 1
), "r" AS (
  SELECT "b".*, "b"."to" - ($4::int - 1) AS "from" FROM "b"
), "loc" AS (
  SELECT l."id" FROM "Location" l, "r" WHERE l."id" = $5::text AND l."businessId" = "r"."id"
)
SELECT "r"."id", "r"."name", "r"."timezone",
  to_char("r"."from", 'YYYY-MM-DD') AS "from", to_char("r"."to", 'YYYY-MM-DD') AS "to",
  (SELECT COALESCE(json_agg(json_build_array(to_char(s."day", 'YYYY-MM-DD'), s."visits", s."newCustomers",
            s."rewardsIssued", s."rewardsRedeemed")), '[]')
     FROM (SELECT s."day", s."visits", s."newCustomers", s."rewardsIssued", s."rewardsRedeemed"
             FROM "BusinessDailyStat" s
             WHERE NOT EXISTS (SELECT 1 FROM "loc") AND s."businessId" = "r"."id" AND s."day" BETWEEN "r"."from" AND "r"."to"
           UNION ALL
           SELECT s."day", s."visits", s."newCustomers", s."rewardsIssued", s."rewardsRedeemed"
             FROM "LocationDailyStat" s
             WHERE s."locationId" = (SELECT "id" FROM "loc") AND s."day" BETWEEN "r"."from" AND "r"."to") s) AS "days",
  (SELECT COALESCE(json_agg(json_build_array(c."weekday", c."hour", c."visits")), '[]')
     FROM (SELECT EXTRACT(ISODOW FROM h."day")::int AS "weekday", h."hour"::int AS "hour", SUM(h."visits")::int AS "visits"
           FROM (SELECT h."day", h."hour", h."visits" FROM "BusinessHourlyVisits" h
                   WHERE NOT EXISTS (SELECT 1 FROM "loc") AND h."businessId" = "r"."id" AND h."day" BETWEEN "r"."from" AND "r"."to"
                 UNION ALL
                 SELECT h."day", h."hour", h."visits" FROM "LocationHourlyVisits" h
                   WHERE h."locationId" = (SELECT "id" FROM "loc") AND h."day" BETWEEN "r"."from" AND "r"."to") h
           GROUP BY 1, 2) c) AS "hours",
  (SELECT COALESCE(json_agg(json_build_array(p."id", p."name", p."completions") ORDER BY p."createdAt", p."id"), '[]')
     FROM (SELECT p."id", p."name", p."createdAt",
                  CASE WHEN EXISTS (SELECT 1 FROM "loc")
                    THEN (SELECT COALESCE(SUM(s."completions"), 0)::int FROM "LocationProgramDailyStat" s
                          WHERE s."locationId" = (SELECT "id" FROM "loc") AND s."programId" = p."id"
                            AND s."day" BETWEEN "r"."from" AND "r"."to")
                    ELSE (SELECT COALESCE(SUM(s."completions"), 0)::int FROM "ProgramDailyStat" s
                          WHERE s."programId" = p."id" AND s."day" BETWEEN "r"."from" AND "r"."to") END AS "completions"
           FROM "Program" p WHERE p."businessId" = "r"."id") p) AS "programs",
  (SELECT COALESCE(json_agg(json_build_array(l."id", l."name", l."closedAt" IS NOT NULL)
            ORDER BY (l."closedAt" IS NOT NULL), l."position", l."createdAt", l."id"), '[]')
     FROM "Location" l WHERE l."businessId" = "r"."id") AS "locations",
  (SELECT "id" FROM "loc") AS "location"
FROM "r"`;

export async function getInsights(
  ownerId: string,
  idOrSlug: string,
  range: InsightRange,
  now = new Date(),
  locationId: string | null = null,
): Promise<Insights | null> {
  const [row] = await queryRows<InsightsRow>(INSIGHTS_SQL, [idOrSlug, ownerId, now, range, locationId]);
  if (!row) return null;
  const days = row.days.map(([day, visits, newCustomers, rewardsIssued, rewardsRedeemed]) => ({
    day,
    visits,
    newCustomers,
    rewardsIssued,
    rewardsRedeemed,
  }));
  return {
    business: { id: row.id, name: row.name, timeZone: normaliseTimezone(row.timezone) },
    range,
    from: row.from,
    to: row.to,
    days: fillDays(days, row.from, row.to, EMPTY_DAY),
    heatmap: weekdayHourMatrix(row.hours.map(([weekday, hour, visits]) => ({ weekday, hour, visits }))),
    programs: row.programs.map(([id, name, completions]) => ({ id, name, completions })),
    locations: toLocationOptions(row.locations),
    location: row.location,
  };
}
