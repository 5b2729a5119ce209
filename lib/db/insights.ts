import "server-only";
import { normaliseTimezone } from "@/lib/business/timezone";
import { db } from "@/lib/db";
import { fillDays, rangeEndingOn } from "@/lib/insights/days";
import { weekdayHourMatrix } from "@/lib/insights/heatmap";
import type { InsightRange } from "@/lib/insights/range";
import { localDateIn } from "@/lib/time/local-date";

// The owner's insights (docs/owner-tools.md, "Insights"), read from the rollup
// tables the triggers keep (BusinessDailyStat, BusinessHourlyVisits,
// ProgramDailyStat), never from Tap. Owner only: every query matches the
// business's ownerId, so staff and everyone else get null, as for a business
// that does not exist.

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
};

const EMPTY_DAY = { visits: 0, newCustomers: 0, rewardsIssued: 0, rewardsRedeemed: 0 };

export async function getInsights(
  ownerId: string,
  idOrSlug: string,
  range: InsightRange,
  now = new Date(),
): Promise<Insights | null> {
  const [business] = await db.$queryRaw<{ id: string; name: string; timezone: string }[]>`
    SELECT "id", "name", "timezone" FROM "Business"
    WHERE ("id" = ${idOrSlug} OR "slug" = ${idOrSlug}) AND "ownerId" = ${ownerId}
    ORDER BY ("id" = ${idOrSlug}) DESC LIMIT 1`;
  if (!business) return null;
  const timeZone = normaliseTimezone(business.timezone);
  const { from, to } = rangeEndingOn(localDateIn(timeZone, now), range);

  const [days, hours, programs] = await Promise.all([
    db.$queryRaw<InsightsDay[]>`
      SELECT to_char(s."day", 'YYYY-MM-DD') AS "day", s."visits", s."newCustomers", s."rewardsIssued", s."rewardsRedeemed"
      FROM "BusinessDailyStat" s JOIN "Business" b ON b."id" = s."businessId"
      WHERE s."businessId" = ${business.id} AND b."ownerId" = ${ownerId}
        AND s."day" BETWEEN ${from}::date AND ${to}::date`,
    db.$queryRaw<{ weekday: number; hour: number; visits: number }[]>`
      SELECT EXTRACT(ISODOW FROM h."day")::int AS "weekday", h."hour"::int AS "hour", SUM(h."visits")::int AS "visits"
      FROM "BusinessHourlyVisits" h JOIN "Business" b ON b."id" = h."businessId"
      WHERE h."businessId" = ${business.id} AND b."ownerId" = ${ownerId}
        AND h."day" BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`,
    db.$queryRaw<{ id: string; name: string; completions: number }[]>`
      SELECT p."id", p."name", COALESCE(SUM(s."completions"), 0)::int AS "completions"
      FROM "Program" p JOIN "Business" b ON b."id" = p."businessId"
      LEFT JOIN "ProgramDailyStat" s ON s."programId" = p."id" AND s."day" BETWEEN ${from}::date AND ${to}::date
      WHERE p."businessId" = ${business.id} AND b."ownerId" = ${ownerId}
      GROUP BY p."id", p."name", p."createdAt"
      ORDER BY p."createdAt", p."id"`,
  ]);

  return {
    business: { id: business.id, name: business.name, timeZone },
    range,
    from,
    to,
    days: fillDays(days, from, to, EMPTY_DAY),
    heatmap: weekdayHourMatrix(hours),
    programs,
  };
}
