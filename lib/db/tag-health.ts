import "server-only";
import { normaliseTheme } from "@/lib/business/theme";
import { closedPart } from "@/lib/db/season-pause";
import { queryRows, sql, type Sql, type SqlExecutor } from "@/lib/db/sql";

// Tag health (docs/tag-health.md): the statements. The owner's tag list and the
// periodic check each read every tag of a page or a batch in ONE statement,
// each tag's visits along the index "Tap_tagId_createdAt_idx" (LATERAL, no N+1);
// the rules that decide are in lib/tags/health.ts.

/** How many days of visits per tag are read: the 28 of "usual", today and a day for any zone. */
const READ_DAYS = 31;

/** One tag's health figures as the list shows them (times as epoch ms: the columns are UTC wall times). */
export type TagHealthRow = {
  id: string;
  label: string | null;
  locationId: string | null;
  claimedAt: Date | null;
  secure: boolean;
  tapsToday: number;
  tapsTotal: number;
  /** Taps per local day over the last READ_DAYS days: [["YYYY-MM-DD", count], …]. */
  days: [string, number][];
  lastTapAt: Date | null;
  openingHours: unknown;
  /** The chip that read last (SecureTagChip): its UID and high-water counter. */
  chipUid: string | null;
  chipCounter: number | null;
  /** The counter of the visit before the last one with a counter. */
  previousCounter: number | null;
  /** Rejections of the last 7 local days (TagRejection). */
  replays: number;
  plainUrl: number;
};

type RawHealthRow = Omit<TagHealthRow, "claimedAt" | "lastTapAt" | "days"> & {
  claimedMs: number | null;
  lastTapMs: number | null;
  days: [string, number][] | null;
};

const fromMs = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

/**
 * For tag `t` of business `b` whose local day is `today` (columns of the
 * caller), both reads' view of its visits since its claim: `hist."days"`, taps
 * per local day over the last READ_DAYS days, and `last."createdAt"`, its
 * last visit.
 */
function tapHistory(now: Date): Sql {
  return sql`
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_array(d."day"::text, d."taps") ORDER BY d."day") AS "days"
      FROM (SELECT ((x."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE b."timezone")::date AS "day", count(*)::int AS "taps"
            FROM "Tap" x
            WHERE x."tagId" = t."id" AND x."createdAt" >= t."claimedAt"
              AND x."createdAt" >= ${now}::timestamp(3) - make_interval(days => ${READ_DAYS}::int)
            GROUP BY 1) d
      WHERE d."day" > today."day" - ${READ_DAYS - 1}::int
    ) hist ON true
    LEFT JOIN LATERAL (
      SELECT x."createdAt" FROM "Tap" x
      WHERE x."tagId" = t."id" AND x."createdAt" >= t."claimedAt"
      ORDER BY x."createdAt" DESC LIMIT 1
    ) last ON true`;
}

/**
 * The owner's list's parts per tag `t` of business `b` whose local day is
 * `today` (a column of the caller): visits by day, the last visit, the last
 * chip and its counters, the week's rejections.
 */
function perTag(now: Date): Sql {
  return sql`
    ${tapHistory(now)}
    LEFT JOIN LATERAL (
      SELECT c."uid", c."lastCounter" FROM "SecureTagChip" c
      WHERE c."tagId" = t."id" ORDER BY c."lastVerifiedAt" DESC LIMIT 1
    ) chip ON t."secure"
    LEFT JOIN LATERAL (
      SELECT (array_agg(x."sunCounter" ORDER BY x."createdAt" DESC))[2] AS "previous"
      FROM (SELECT x."sunCounter", x."createdAt" FROM "Tap" x
            WHERE t."secure" AND x."tagId" = t."id" AND x."createdAt" >= t."claimedAt" AND x."sunCounter" IS NOT NULL
            ORDER BY x."createdAt" DESC LIMIT 2) x
    ) counters ON t."secure"
    LEFT JOIN LATERAL (
      SELECT COALESCE(sum(r."count") FILTER (WHERE r."reason" = 'REPLAY'), 0)::int AS "replays",
             COALESCE(sum(r."count") FILTER (WHERE r."reason" = 'MISSING_SUN'), 0)::int AS "plainUrl"
      FROM "TagRejection" r WHERE r."tagId" = t."id" AND r."day" > today."day" - 7
    ) rej ON t."secure"`;
}

/**
 * The owner's tags of a business, each with its health (above) and its taps
 * today and in total, and whether the business has a program (the list's hint
 * to create one): one statement. null when not the owner.
 */
export async function listTagHealth(
  ownerId: string,
  businessId: string,
  now = new Date(),
): Promise<{ tags: TagHealthRow[]; hasPrograms: boolean; timeZone: string; today: string } | null> {
  const rows = await queryRows<
    RawHealthRow & { tagId: string | null; timezone: string; hasPrograms: boolean; today: string }
  >(sql`
    SELECT b."timezone", today."day"::text AS "today",
           EXISTS (SELECT 1 FROM "Program" p WHERE p."businessId" = b."id") AS "hasPrograms",
           t."id" AS "tagId", t."label", t."locationId", t."secure",
           (EXTRACT(EPOCH FROM t."claimedAt") * 1000)::float8 AS "claimedMs",
           l."openingHours",
           COALESCE((SELECT count(*)::int FROM "Tap" x WHERE x."tagId" = t."id" AND x."createdAt" >= t."claimedAt"), 0) AS "tapsTotal",
           hist."days", (EXTRACT(EPOCH FROM last."createdAt") * 1000)::float8 AS "lastTapMs",
           chip."uid" AS "chipUid", chip."lastCounter" AS "chipCounter", counters."previous" AS "previousCounter",
           COALESCE(rej."replays", 0) AS "replays", COALESCE(rej."plainUrl", 0) AS "plainUrl"
    FROM "Business" b
    CROSS JOIN LATERAL (SELECT (${now}::timestamptz AT TIME ZONE b."timezone")::date AS "day") today
    LEFT JOIN "Tag" t ON t."businessId" = b."id"
    LEFT JOIN "Location" l ON l."id" = t."locationId"
    ${perTag(now)}
    WHERE b."id" = ${businessId}::text AND b."ownerId" = ${ownerId}::text
    ORDER BY t."claimedAt" ASC NULLS LAST, t."id"`);
  const first = rows[0];
  if (!first) return null;
  const tags = rows
    .filter((row) => row.tagId !== null)
    .map((row): TagHealthRow => {
      const days = row.days ?? [];
      return {
        id: row.tagId!,
        label: row.label,
        locationId: row.locationId,
        secure: row.secure,
        claimedAt: fromMs(row.claimedMs),
        tapsToday: days.find(([day]) => day === first.today)?.[1] ?? 0,
        tapsTotal: row.tapsTotal,
        days,
        lastTapAt: fromMs(row.lastTapMs),
        openingHours: row.openingHours,
        chipUid: row.chipUid,
        chipCounter: row.chipCounter,
        previousCounter: row.previousCounter,
        replays: row.replays,
        plainUrl: row.plainUrl,
      };
    });
  return { tags, hasPrograms: first.hasPrograms, timeZone: first.timezone, today: first.today };
}

/** What the periodic check reads of one tag of an open business, at an open location. */
export type TagCheckRow = {
  businessId: string;
  tagId: string;
  timezone: string;
  today: string;
  secure: boolean;
  claimedAt: Date | null;
  openingHours: unknown;
  locationZone: string;
  days: [string, number][];
  lastTapAt: Date | null;
  tapsLastHour: number;
  /** Taps of the last `windowMinutes`, per minute: [epoch ms of the minute, count]. */
  recent: [number, number][];
  missingSunLastDay: number;
};

/**
 * A batch of tags to check, in the order of the businesses' ids after
 * `afterBusinessId`, `limit` businesses at a time: businesses open at `now`
 * (not closed for a season) and their claimed tags at open locations. One
 * statement. Returns the tags' rows, the last business id read and how many
 * businesses were read (fewer than `limit`: the walk is done).
 */
export async function readTagChecks(
  now: Date,
  afterBusinessId: string,
  limit: number,
  windowMinutes: number,
): Promise<{ rows: TagCheckRow[]; lastBusinessId: string | null; businesses: number }> {
  const rows = await queryRows<
    Omit<TagCheckRow, "claimedAt" | "lastTapAt" | "days" | "recent"> & {
      claimedMs: number | null;
      lastTapMs: number | null;
      days: [string, number][] | null;
      recent: [number, number][] | null;
      tagId: string | null;
    }
  >(sql`
    WITH batch AS (
      SELECT b."id", b."timezone" FROM "Business" b
      WHERE b."id" > ${afterBusinessId}::text AND NOT ${closedPart("b", now)}
      ORDER BY b."id" LIMIT ${limit}::int
    )
    SELECT b."id" AS "businessId", b."timezone", today."day"::text AS "today",
           t."id" AS "tagId", t."secure", (EXTRACT(EPOCH FROM t."claimedAt") * 1000)::float8 AS "claimedMs",
           t."openingHours", t."timezone" AS "locationZone",
           hist."days", (EXTRACT(EPOCH FROM last."createdAt") * 1000)::float8 AS "lastTapMs",
           COALESCE(recent."lastHour", 0) AS "tapsLastHour", recent."minutes" AS "recent",
           COALESCE(plain."taps", 0) AS "missingSunLastDay"
    FROM batch b
    CROSS JOIN LATERAL (SELECT (${now}::timestamptz AT TIME ZONE b."timezone")::date AS "day") today
    LEFT JOIN LATERAL (
      SELECT t."id", t."secure", t."claimedAt", l."openingHours", l."timezone" FROM "Tag" t
      JOIN "Location" l ON l."id" = t."locationId" AND l."closedAt" IS NULL
      WHERE t."businessId" = b."id" AND t."claimedAt" IS NOT NULL
    ) t ON true
    ${tapHistory(now)}
    LEFT JOIN LATERAL (
      SELECT sum(m."taps") FILTER (WHERE m."minute" >= ${now}::timestamp(3) - interval '1 hour')::int AS "lastHour",
             json_agg(json_build_array((EXTRACT(EPOCH FROM m."minute") * 1000)::float8, m."taps")) AS "minutes"
      FROM (SELECT date_trunc('minute', x."createdAt") AS "minute", count(*)::int AS "taps" FROM "Tap" x
            WHERE x."tagId" = t."id" AND x."createdAt" >= t."claimedAt"
              AND x."createdAt" >= ${now}::timestamp(3) - make_interval(mins => ${windowMinutes}::int)
              AND x."createdAt" <= ${now}::timestamp(3)
            GROUP BY 1) m
    ) recent ON true
    LEFT JOIN LATERAL (
      SELECT sum(r."count")::int AS "taps" FROM "TagRejection" r
      WHERE r."tagId" = t."id" AND r."reason" = 'MISSING_SUN' AND r."day" >= today."day" - 1
        AND r."lastAt" >= ${now}::timestamp(3) - interval '1 day'
    ) plain ON t."secure"
    ORDER BY b."id", t."id"`);
  const lastBusinessId = rows.at(-1)?.businessId ?? null;
  return {
    lastBusinessId,
    businesses: new Set(rows.map((row) => row.businessId)).size,
    rows: rows
      .filter((row) => row.tagId !== null)
      .map((row) => ({
        businessId: row.businessId,
        tagId: row.tagId!,
        timezone: row.timezone,
        today: row.today,
        secure: row.secure,
        claimedAt: fromMs(row.claimedMs),
        openingHours: row.openingHours,
        locationZone: row.locationZone,
        days: row.days ?? [],
        lastTapAt: fromMs(row.lastTapMs),
        tapsLastHour: row.tapsLastHour,
        recent: row.recent ?? [],
        missingSunLastDay: row.missingSunLastDay,
      })),
  };
}

export type AlertToOpen = {
  tagId: string;
  businessId: string;
  kind: string;
  episodeKey: string;
  facts: Record<string, unknown>;
};

/**
 * Records what a check saw, in the caller's transaction: the open episodes of
 * the checked tags whose condition no longer holds are cleared, then each
 * firing condition is inserted as an episode ON CONFLICT DO NOTHING (unique on
 * tag, kind and episode key, and one open episode per tag and kind). Returns
 * the episodes inserted now: only those are told.
 */
export async function recordTagAlerts(
  tx: SqlExecutor,
  now: Date,
  checkedTagIds: readonly string[],
  firing: readonly AlertToOpen[],
): Promise<{ id: string; tagId: string; kind: string }[]> {
  if (checkedTagIds.length === 0) return [];
  await tx.query(
    `UPDATE "TagAlert" a SET "clearedAt" = $1::timestamp(3)
     WHERE a."tagId" = ANY($2::text[]) AND a."clearedAt" IS NULL
       AND NOT EXISTS (SELECT 1 FROM unnest($3::text[], $4::text[]) AS f("tagId", "kind")
                       WHERE f."tagId" = a."tagId" AND f."kind" = a."kind"::text)`,
    [now, checkedTagIds, firing.map((f) => f.tagId), firing.map((f) => f.kind)],
  );
  if (firing.length === 0) return [];
  return tx.query<{ id: string; tagId: string; kind: string }>(
    `INSERT INTO "TagAlert" ("id", "tagId", "businessId", "kind", "episodeKey", "facts", "openedAt")
     SELECT gen_random_uuid()::text, f."tagId", f."businessId", f."kind"::"TagAlertKind", f."episodeKey", f."facts"::jsonb, $6::timestamp(3)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS f("tagId", "businessId", "kind", "episodeKey", "facts")
     ON CONFLICT DO NOTHING
     RETURNING "id", "tagId", "kind"::text AS "kind"`,
    [
      firing.map((f) => f.tagId),
      firing.map((f) => f.businessId),
      firing.map((f) => f.kind),
      firing.map((f) => f.episodeKey),
      firing.map((f) => JSON.stringify(f.facts)),
      now,
    ],
  );
}

/** What the alert mail says and to whom: the episode, its tag and location, the owner. */
export type TagAlertMail = {
  id: string;
  kind: string;
  facts: Record<string, unknown>;
  clearedAt: Date | null;
  tag: { id: string; label: string | null };
  location: string | null;
  business: { id: string; name: string; color: string | null; withdrawn: boolean };
  owner: {
    id: string;
    email: string | null;
    emailVerified: Date | null;
    notificationsEnabled: boolean;
    disabledAt: Date | null;
    firstName: string | null;
    language: string | null;
  };
  optedOut: boolean;
};

export async function readTagAlertMail(alertId: string): Promise<TagAlertMail | null> {
  const [row] = await queryRows<{
    id: string;
    kind: string;
    facts: Record<string, unknown>;
    clearedMs: number | null;
    tagId: string;
    label: string | null;
    location: string | null;
    businessId: string;
    businessName: string;
    theme: unknown;
    ownerId: string;
    email: string | null;
    emailVerifiedMs: number | null;
    notificationsEnabled: boolean;
    disabledMs: number | null;
    firstName: string | null;
    language: string | null;
    optedOut: boolean;
  }>(sql`
    SELECT a."id", a."kind"::text AS "kind", a."facts", (EXTRACT(EPOCH FROM a."clearedAt") * 1000)::float8 AS "clearedMs",
           t."id" AS "tagId", t."label", l."name" AS "location",
           b."id" AS "businessId", b."name" AS "businessName", b."theme",
           u."id" AS "ownerId", u."email", (EXTRACT(EPOCH FROM u."emailVerified") * 1000)::float8 AS "emailVerifiedMs",
           u."notificationsEnabled", (EXTRACT(EPOCH FROM u."disabledAt") * 1000)::float8 AS "disabledMs",
           u."firstName", u."language",
           EXISTS (SELECT 1 FROM "MailOptOut" o WHERE o."userId" = u."id" AND o."businessId" = b."id") AS "optedOut"
    FROM "TagAlert" a
    JOIN "Tag" t ON t."id" = a."tagId" AND t."businessId" = a."businessId"
    JOIN "Business" b ON b."id" = a."businessId"
    JOIN "User" u ON u."id" = b."ownerId"
    LEFT JOIN "Location" l ON l."id" = t."locationId"
    WHERE a."id" = ${alertId}::text`);
  if (!row) return null;
  const color = normaliseTheme(row.theme).primaryColor ?? null;
  return {
    id: row.id,
    kind: row.kind,
    facts: row.facts,
    clearedAt: fromMs(row.clearedMs),
    tag: { id: row.tagId, label: row.label },
    location: row.location,
    business: { id: row.businessId, name: row.businessName, color, withdrawn: row.disabledMs !== null },
    owner: {
      id: row.ownerId,
      email: row.email,
      emailVerified: fromMs(row.emailVerifiedMs),
      notificationsEnabled: row.notificationsEnabled,
      disabledAt: fromMs(row.disabledMs),
      firstName: row.firstName,
      language: row.language,
    },
    optedOut: row.optedOut,
  };
}
