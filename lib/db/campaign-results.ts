import "server-only";
import { join, queryRows, sql } from "@/lib/db/sql";

// What a campaign's recipients did after it (docs/campaigns.md, "The extra
// visits it caused"): the sums the lift is computed from, per window and
// group, in one statement. A recipient's visits are the taps of the same
// customer at the same business in (start, start + window], cut at `now`,
// where start is when the message could first go out: the later of the
// recipient's assignedAt and the campaign's startedAt (a campaign scheduled
// for later fixes its recipients at scheduling, an automation's standing
// campaign enrols after it was switched on). A campaign not started has no
// windows. Each recipient's taps are read once, by the Tap (userId, createdAt)
// index, for the longest window, and every window is counted from those rows;
// only the six sums (window × group) are grouped.

export type WindowGroupSums = {
  days: number;
  heldOut: boolean;
  members: number;
  /** Members with at least one visit in the window. */
  returned: number;
  visits: number;
  /** Σ visits² over members: the spread of visits per member. */
  visitsSquared: number;
  /** Some member's window has not ended yet at `now`. */
  open: boolean;
};

/** Per window (days) and group (held out or not): members, returned, visits, Σ visits², open; only recipients whose start is before `now`. */
export async function readWindowSums(
  campaignId: string,
  windows: readonly number[],
  now: Date,
): Promise<WindowGroupSums[]> {
  const longest = Math.max(...windows);
  // One count per window from the same rows: the taps of the longest window.
  const counts = join(
    windows.map(
      (days) => sql`(count(*) FILTER (WHERE "createdAt" <= s."start" + make_interval(days => ${days}::int)))::int`,
    ),
    ", ",
  );
  return queryRows<WindowGroupSums>(
    sql`WITH per AS (
      SELECT r."heldOut", s."start", v."counts"
      FROM "Campaign" c
      JOIN "CampaignRecipient" r ON r."campaignId" = c."id"
      CROSS JOIN LATERAL (SELECT GREATEST(r."assignedAt", c."startedAt") AS "start") s
      CROSS JOIN LATERAL (
        SELECT ARRAY[${counts}] AS "counts" FROM "Tap"
        WHERE "userId" = r."userId" AND "businessId" = r."businessId"
          AND "createdAt" > s."start"
          AND "createdAt" <= LEAST(s."start" + make_interval(days => ${longest}::int), ${now}::timestamp(3))
      ) v
      -- GREATEST skips a NULL: a campaign never started is left out here, not counted from assignedAt.
      WHERE c."id" = ${campaignId}::text AND c."startedAt" IS NOT NULL AND s."start" < ${now}::timestamp(3)
    )
    SELECT w."days", p."heldOut", count(*)::int AS "members", (count(*) FILTER (WHERE w."visits" > 0))::int AS "returned",
      COALESCE(sum(w."visits"), 0)::int AS "visits", COALESCE(sum(w."visits"::float8 * w."visits"), 0)::float8 AS "visitsSquared",
      bool_or(p."start" + make_interval(days => w."days") > ${now}::timestamp(3)) AS "open"
    FROM per p CROSS JOIN LATERAL unnest(p."counts", ${[...windows]}::int[]) AS w("visits", "days")
    GROUP BY w."days", p."heldOut" ORDER BY w."days", p."heldOut"`,
  );
}

/** Offers given to the campaign's recipients, and how many of the rewards they issued were redeemed. */
export async function readOfferCounts(campaignId: string): Promise<{ applied: number; redeemed: number }> {
  const [row] = await queryRows<{ applied: number; redeemed: number }>(
    sql`SELECT (count(*) FILTER (WHERE r."offerAppliedAt" IS NOT NULL))::int AS "applied",
      (count(*) FILTER (WHERE w."status" = 'REDEEMED'::"RewardStatus"))::int AS "redeemed"
    FROM "CampaignRecipient" r LEFT JOIN "Reward" w ON w."id" = r."offerRewardId"
    WHERE r."campaignId" = ${campaignId}::text`,
  );
  return row ?? { applied: 0, redeemed: 0 };
}
