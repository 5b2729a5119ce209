import "server-only";
import { queryRows, sql } from "@/lib/db/sql";

// What a campaign's recipients did after it (docs/campaigns.md, "The extra
// visits it caused"): the sums the lift is computed from, per window and
// group, in one statement. A recipient's visits are the taps of the same
// customer at the same business in (assignedAt, assignedAt + window], cut at
// `now`; each recipient's taps are read once, by the Tap (userId, createdAt)
// index, for the longest window, and the shorter ones are counted from them.

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

/** Per window (days) and group (held out or not): members, returned, visits, Σ visits², open; only recipients assigned before `now`. */
export async function readWindowSums(
  campaignId: string,
  windows: readonly number[],
  now: Date,
): Promise<WindowGroupSums[]> {
  const longest = Math.max(...windows);
  return queryRows<WindowGroupSums>(
    sql`WITH r AS (
      SELECT "id", "userId", "businessId", "heldOut", "assignedAt"
      FROM "CampaignRecipient" WHERE "campaignId" = ${campaignId}::text AND "assignedAt" < ${now}::timestamp(3)
    ), taps AS (
      SELECT r."id", t."createdAt" - r."assignedAt" AS "after"
      FROM r CROSS JOIN LATERAL (
        SELECT "createdAt" FROM "Tap"
        WHERE "userId" = r."userId" AND "businessId" = r."businessId"
          AND "createdAt" > r."assignedAt"
          AND "createdAt" <= LEAST(r."assignedAt" + make_interval(days => ${longest}::int), ${now}::timestamp(3))
      ) t
    ), per AS (
      SELECT r."heldOut", w."days", r."assignedAt" + make_interval(days => w."days") > ${now}::timestamp(3) AS "open",
        count(taps."id")::int AS "visits"
      FROM r CROSS JOIN unnest(${[...windows]}::int[]) AS w("days")
      LEFT JOIN taps ON taps."id" = r."id" AND taps."after" <= make_interval(days => w."days")
      GROUP BY r."id", r."heldOut", r."assignedAt", w."days"
    )
    SELECT "days", "heldOut", count(*)::int AS "members", (count(*) FILTER (WHERE "visits" > 0))::int AS "returned",
      COALESCE(sum("visits"), 0)::int AS "visits", COALESCE(sum("visits"::float8 * "visits"), 0)::float8 AS "visitsSquared",
      bool_or("open") AS "open"
    FROM per GROUP BY "days", "heldOut" ORDER BY "days", "heldOut"`,
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
