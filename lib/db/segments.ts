import "server-only";
import { inTransaction, join, queryRows, raw, sql, type Sql } from "@/lib/db/sql";
import { businessReachPart } from "@/lib/db/outreach-reach";
import type { SegmentDefinition } from "@/lib/campaigns/segment";
import { defaultRules } from "@/lib/loyalty";
import { localDateIn } from "@/lib/time/local-date";

// The members of a segment (docs/campaigns.md, "Segments"), as one statement
// the counts and the campaign's recipient list both use. Every condition is a
// test on the membership row or an indexed lookup from it, so a count walks a
// business's memberships once (Membership's (businessId, …) indexes).

export type SegmentContext = { businessId: string; timezone: string; now: Date };

export type SegmentCount = {
  /** Members in the segment. */
  members: number;
  /** Of them, with consent and at least one channel. */
  reachable: number;
  /** In the segment but without a yes to marketing (or with notifications off). */
  noConsent: number;
  /** With consent but no wallet card, browser or mail address we may use. */
  noChannel: number;
  /** The reachable by their best channel (wallet first, then push, then email). */
  byChannel: { wallet: number; push: number; email: number };
};

/**
 * The moment N days before `now` on the business's clock (same local time of
 * day, N calendar days back), as the UTC wall time the timestamp columns hold.
 * Across a DST change this is 23 or 25 hours per day crossed, not 24.
 */
function daysAgoPart(ctx: SegmentContext, days: number): Sql {
  return sql`(((${ctx.now}::timestamptz AT TIME ZONE ${ctx.timezone}::text) - make_interval(days => ${days}::int)) AT TIME ZONE ${ctx.timezone}::text AT TIME ZONE 'UTC')`;
}

// Defaults of the rules, for a stored program whose JSON lacks a key (programs
// are saved parsed, so this is only older or hand-written rows).
const stamps = defaultRules("stamps");
const visits = defaultRules("visits");
const points = defaultRules("points");

/**
 * The lowest count at which program `pr`'s card is within `k` (≥ 1) visits of
 * its reward: a card needs max(1, target − count) more stamps or visits, or
 * max(1, ⌈(threshold − count) / points per visit⌉) more visits of points, so
 * it is close from target − k (threshold − k × points per visit) on; NULL for
 * a program that counts towards nothing (no card is then close).
 */
function closeCountPart(k: number): Sql {
  return sql`CASE pr."type"
  WHEN 'stamps' THEN COALESCE((pr."rules"->>'stampsRequired')::int, ${stamps.stampsRequired}::int) - ${k}::int
  WHEN 'visits' THEN COALESCE((pr."rules"->>'visitsRequired')::int, ${visits.visitsRequired}::int) - ${k}::int
  WHEN 'points' THEN COALESCE((pr."rules"->>'threshold')::int, ${points.threshold}::int)
    - ${k}::int * GREATEST(1, COALESCE((pr."rules"->>'pointsPerVisit')::int, ${points.pointsPerVisit}::int))
END`;
}

function conditions(ctx: SegmentContext, segment: SegmentDefinition): Sql[] {
  const parts: Sql[] = [];
  if (segment.guests === "exclude") parts.push(sql`NOT u."guest"`);
  if (segment.lapsedDays !== null)
    parts.push(sql`m."lastVisitAt" IS NOT NULL AND m."lastVisitAt" < ${daysAgoPart(ctx, segment.lapsedDays)}`);
  if (segment.newDays !== null) parts.push(sql`m."linkedAt" >= ${daysAgoPart(ctx, segment.newDays)}`);
  if (segment.rewardsReady)
    // rewardsReady (a trigger's counter) is a cheap first filter; it still counts rewards past their date.
    parts.push(
      sql`m."rewardsReady" > 0 AND EXISTS (SELECT 1 FROM "Reward" r WHERE r."membershipId" = m."id" AND r."status" = 'AVAILABLE' AND (r."expiresAt" IS NULL OR r."expiresAt" > (${ctx.now}::timestamptz AT TIME ZONE 'UTC')))`,
    );
  if (segment.birthdayThisMonth) {
    const month = Number(localDateIn(ctx.timezone, ctx.now).slice(5, 7));
    parts.push(sql`EXTRACT(MONTH FROM u."birthday") = ${month}::int`);
  }
  // The card tests below are uncorrelated IN lists: PostgreSQL reads the
  // programs' cards once by Progress's programId index into a hash every
  // member probes, instead of one lookup (and one parse of the rules) per
  // member. `IS TRUE` keeps each a hashed subplan: a bare IN is turned into a
  // semi-join, which went back to a lookup per member (half the buffers read
  // on bench:segments' combination).
  if (segment.programId !== null)
    parts.push(
      sql`(m."id" IN (SELECT p."membershipId" FROM "Progress" p WHERE p."programId" = ${segment.programId}::text)) IS TRUE`,
    );
  if (segment.closeToReward !== null) {
    // With a program chosen, "close to a reward" means on that program's card.
    const program = segment.programId !== null ? sql` AND pr."id" = ${segment.programId}::text` : raw("");
    // Each open program's lowest count that is within K visits of its reward,
    // worked out once per program (OFFSET 0 keeps it from being merged into
    // the per-card join), then compared with each card's count.
    parts.push(
      sql`(m."id" IN (SELECT p."membershipId" FROM (SELECT pr."id", ${closeCountPart(segment.closeToReward)} AS "least"
        FROM "Program" pr WHERE pr."businessId" = ${ctx.businessId}::text AND pr."active" AND pr."endedAt" IS NULL${program} OFFSET 0) c
        JOIN "Progress" p ON p."programId" = c."id" AND p."count" >= c."least")) IS TRUE`,
    );
  }
  if (segment.topVisits !== null) parts.push(sql`m."visitCount" > 0`);
  return parts;
}

/**
 * `FROM … WHERE …` of the business's members in the segment, as membership `m`
 * and user `u`, with `joins` (LEFT JOINs that keep one row per member) after them. "Top N by visits" is the last step: the N members with the
 * most visits among those every other condition kept, ties to the earlier
 * membership (lower id).
 */
function membersFromPart(ctx: SegmentContext, segment: SegmentDefinition, joins: Sql = raw("")): Sql {
  const parts = conditions(ctx, segment);
  const where = parts.length > 0 ? sql` AND ${join(parts, " AND ")}` : raw("");
  const kept = sql`"Membership" m JOIN "User" u ON u."id" = m."userId"`;
  const filter = sql`WHERE m."businessId" = ${ctx.businessId}::text${where}`;
  if (segment.topVisits === null) return sql`FROM ${kept}${joins} ${filter}`;
  return sql`FROM (SELECT m."id" FROM ${kept} ${filter} ORDER BY m."visitCount" DESC, m."id" ASC LIMIT ${segment.topVisits}::int) top
    JOIN "Membership" m ON m."id" = top."id" JOIN "User" u ON u."id" = m."userId"${joins}`;
}

/**
 * `SELECT m."id" AS "membershipId", m."userId" AS "userId", u."language" AS "language"`
 * of every member of the business in the segment (no consent or channel test).
 */
export function segmentMembersPart(ctx: SegmentContext, segment: SegmentDefinition): Sql {
  return sql`SELECT m."id" AS "membershipId", m."userId" AS "userId", u."language" AS "language" ${membersFromPart(ctx, segment)}`;
}

/**
 * One read with PostgreSQL's JIT compiler off: a count's per-member index
 * lookups make its estimated cost look large, and compiling the plan took
 * longer (over a second on 50,000 members) than running it.
 */
function queryWithoutJit<Row>(statement: Sql): Promise<Row[]> {
  return inTransaction(async (tx) => {
    await tx.execute("SET LOCAL jit = off");
    return tx.query<Row>(statement);
  });
}

type CountRow = { members: number; noConsent: number; noChannel: number; wallet: number; push: number; email: number };

/**
 * How many members the segment holds and how they can be reached, in one pass
 * over it: each member's consent is tested first and their channels only when
 * they said yes; the best channel is wallet, then push, then email
 * (lib/db/outreach-reach.ts's tests, asked once per business: a hash each).
 */
export function countSegmentStatement(
  ctx: SegmentContext,
  segment: SegmentDefinition,
  requireVerifiedEmail: boolean,
): Sql {
  const reach = businessReachPart("m", "u", ctx.businessId, requireVerifiedEmail);
  // One read of the segment's memberships and users, the reach joined onto it.
  // OFFSET 0 keeps x a subquery: flattened, its CASE was copied into every
  // count's FILTER and each copy built its own hashes (four times the work).
  return sql`SELECT count(*)::int AS "members",
    count(*) FILTER (WHERE x."reach" = 'no-consent')::int AS "noConsent",
    count(*) FILTER (WHERE x."reach" = 'no-channel')::int AS "noChannel",
    count(*) FILTER (WHERE x."reach" = 'wallet')::int AS "wallet",
    count(*) FILTER (WHERE x."reach" = 'push')::int AS "push",
    count(*) FILTER (WHERE x."reach" = 'email')::int AS "email"
  FROM (SELECT CASE WHEN NOT ${reach.consent} THEN 'no-consent'
      WHEN ${reach.wallet} THEN 'wallet' WHEN ${reach.push} THEN 'push'
      WHEN ${reach.email} THEN 'email' ELSE 'no-channel' END AS "reach"
    ${membersFromPart(ctx, segment, reach.joins)} OFFSET 0) x`;
}

/** countSegmentStatement's answer. */
export async function countSegmentMembers(
  ctx: SegmentContext,
  segment: SegmentDefinition,
  requireVerifiedEmail: boolean,
): Promise<SegmentCount> {
  const [row] = await queryWithoutJit<CountRow>(countSegmentStatement(ctx, segment, requireVerifiedEmail));
  const { members, noConsent, noChannel, wallet, push, email } = row!;
  return { members, reachable: wallet + push + email, noConsent, noChannel, byChannel: { wallet, push, email } };
}

/**
 * The `percentile` gap (0..1, in days) between consecutive visit days of the
 * business's members over the year before `now`, and how many gaps there were.
 */
const GAP_SAMPLE_MEMBERS = 2000;

export async function visitGapPercentile(
  businessId: string,
  now: Date,
  percentile: number,
): Promise<{ gap: number | null; gaps: number }> {
  // The 2,000 members who visited last, each visit day read through the
  // (userId, createdAt) index: a year of a busy business's taps took seconds
  // to sort by member, this takes milliseconds, and recent visitors are the
  // regulars whose habits the suggestion is about.
  const [row] = await queryRows<{ gap: number | null; gaps: number }>(sql`SELECT
      percentile_cont(${percentile}::float8) WITHIN GROUP (ORDER BY g."gap")::float8 AS "gap", count(*)::int AS "gaps"
    FROM (SELECT d."day" - lag(d."day") OVER (PARTITION BY d."userId" ORDER BY d."day") AS "gap"
      FROM (SELECT DISTINCT t."userId", t."day"
        FROM (SELECT m."userId" FROM "Membership" m
          WHERE m."businessId" = ${businessId}::text AND m."lastVisitAt" IS NOT NULL
          ORDER BY m."lastVisitAt" DESC, m."id" DESC LIMIT ${GAP_SAMPLE_MEMBERS}::int) s
        JOIN "Tap" t ON t."userId" = s."userId" AND t."businessId" = ${businessId}::text
          AND t."createdAt" >= ${now}::timestamptz AT TIME ZONE 'UTC' - interval '365 days') d) g
    WHERE g."gap" IS NOT NULL`);
  return { gap: row?.gap ?? null, gaps: row?.gaps ?? 0 };
}
