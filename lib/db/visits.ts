import "server-only";
import { randomInt } from "node:crypto";
import { apiKeyAuditActor, type ApiKeyActor } from "@/lib/db/api-keys";
import { appendAuditSql } from "@/lib/db/audit";
import { worksAtLocationPart } from "@/lib/db/business-access";
import { closedPart } from "@/lib/db/season-pause";
import { inTransaction, join, raw, sql, type InTransaction, type Sql, type SqlTx } from "@/lib/db/sql";
import { displayName, type NameParts } from "@/lib/users/display-name";
import {
  visitProgramSelect,
  type CardChange,
  type IssuedReward,
  type ProgramOutcome,
  type RecordedVisit,
  type StoredAnswer,
  type StoredProgress,
  type VisitOutcome,
  type VisitProgram,
} from "@/lib/db/visit-types";
import { creditReferrer, describeProgress, normalizeProgress, type ProgressState } from "@/lib/loyalty";
import { cooldownEndsAt } from "@/lib/loyalty/cooldown";
import { visitLine } from "@/lib/loyalty/lines";
import { planVisit } from "@/lib/loyalty/visit-plan";
import type { TapSource } from "@/lib/generated/prisma/enums";
import { generateRewardCode } from "@/lib/loyalty/reward-code";
import {
  BURST_HOUR_MS,
  BURST_WEEK_MS,
  USUAL_MIN_HOURS,
  GUEST_WINDOW_MAX_MS,
  RECENT_VISITS,
  REVIEW_BOUNDS,
  decideHold,
  readReviewRules,
  type Hold,
  type HoldInputs,
} from "@/lib/review/rules";
import { readOpeningHours } from "@/lib/locations/format-hours";
import { keepPriorWeek, keptPriorWeek, type PriorWeek } from "@/lib/db/tag-usual-rate";

export type VisitInput = {
  userId: string;
  /**
   * The session version the customer's credential was issued under; the visit
   * is refused (customer_not_found) when the account has moved on since
   * (logout, password change). null or absent: not checked (a visit the
   * owner records from the customer's QR).
   */
  sessionVersion?: number | null;
  /** REQUIRE_EMAIL_VERIFICATION: an account whose email is not confirmed earns nothing (a guest has none: it earns). */
  requireVerifiedEmail?: boolean;
  /**
   * The business visited. A visit on a tag (tagId set) is at the business
   * that holds the tag when the visit runs; a businessId given with it must
   * be that one. A visit without a tag (the owner records it from the
   * customer's QR) needs the businessId.
   */
  businessId?: string | null;
  /**
   * Where a visit without a tag is recorded (the counter's or the API's
   * location): one of the business's open locations, or the visit is refused
   * as business_not_found. A visit on a tag is at the tag's location and
   * ignores this. Staff limited to some locations can only record at those.
   */
  locationId?: string | null;
  tagId: string | null;
  source: TapSource;
  /**
   * The tap path: the business's owner tapping their own tag is refused
   * ("own_business"), and what `beforeVisit` did commits (for a secure tag it
   * wrote nothing: acceptSunCounter leaves the owner's own link unspent).
   */
  refuseOwner?: boolean;
  now?: Date;
  random?: () => number;
  /**
   * Secure tags: the accepted SUN read counter, stored with the visit. A tag
   * that is secure when the visit runs and has none is refused ("secure_tag",
   * nothing written): the caller verifies the tap's SUN message first.
   */
  sunCounter?: number;
  /**
   * Runs first inside the visit's transaction (secure tags accept their SUN
   * counter there, so counter and visit commit together); throwing aborts the
   * visit and the error reaches the caller.
   */
  beforeVisit?: (tx: SqlTx) => Promise<void>;
  /**
   * An Idempotency-Key of the customer: the visit's answer (200 or 429) is
   * stored under it in the visit's own transaction, so a committed visit
   * always has its key. When the key turns out to be taken (a concurrent or
   * earlier request with it committed first, within 24 hours), everything is
   * rolled back and the outcome is "duplicate_request": the caller replays the
   * stored answer.
   */
  idempotency?: { key: string; answer: (outcome: VisitOutcome) => StoredAnswer };
  /**
   * Someone at the counter records the visit (the owner or a staff member, from
   * the customer's QR): the visit's first statement finds the business only if
   * they work there and at the location (worksAtLocationPart), and a recorded visit is audited as
   * VISIT_RECORDED with them as the actor, in the visit's transaction.
   */
  actorId?: string;
  /**
   * The business's API key records the visit (docs/api.md): `businessId` must
   * be the key's, and the visit is audited as VISIT_RECORDED with the key as
   * the actor, in the visit's transaction.
   */
  apiKey?: ApiKeyActor;
  /**
   * A customer's own tap: the business's hold rules (docs/review-queue.md) are
   * read and applied first, and a tap they hold is written as a pending
   * HeldVisit instead of the visit (outcome "held"). Off for visits recorded at
   * the counter, through the API, and for an approval applying a held visit.
   */
  holdRules?: boolean;
  /**
   * An approval (lib/review/approve.ts): runs in the visit's transaction with
   * the recorded visit's tap id (null: nothing was recorded, e.g. the day's
   * limit was spent), before COMMIT.
   */
  afterVisit?: (tx: SqlTx, tapId: string | null) => Promise<void>;
};

/** What the hold read found for one tap (the rules' inputs, lib/review/rules.ts), and the business's stored settings. */
export type HoldRead = Omit<HoldInputs, "now" | "tagId"> & { businessId: string; reviewRules: unknown };

/** How long an Idempotency-Key holds its first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The columns of visitProgramSelect as json_build_object's arguments: the statement reads exactly what VisitProgram says. */
const PROGRAM_JSON_FIELDS = raw(
  Object.keys(visitProgramSelect)
    .map((column) => `'${column}', p."${column}"`)
    .join(", "),
);

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** The visit statement's hold inputs say a rule holds this tap: roll it back and hold it (writeVisit). */
class HoldFirst extends Error {
  constructor(readonly hold: Hold) {
    super(hold.reason);
  }
}

class VisitRefused extends Error {
  constructor(readonly reason: "business_not_found" | "secure_tag" | "customer_not_found" | "duplicate_request") {
    super(reason);
  }
}

/** The business is closed for the season: the visit rolls back whole (a secure link stays unspent, no guest is made). */
class VisitClosed extends Error {
  constructor(readonly outcome: Extract<VisitOutcome, { reason: "business_closed" }>) {
    super(outcome.reason);
  }
}

type RecordedRow = {
  businessId: string | null;
  secureRefused: boolean;
  ownBusiness: boolean;
  closed: boolean;
  businessName: string | null;
  pausedUntil: string | null;
  localDate: string | null;
  timeZone: string | null;
  locationId: string | null;
  programs: ProgramJson[] | null;
  customerFound: boolean;
  unverified: boolean;
  birthday: string | null;
  userReferredById: string | null;
  membershipId: string | null;
  visitCount: number | null;
  linkedAt: Date | null;
  membershipReferredById: string | null;
  inserted: boolean | null;
  tapId: string | null;
  /** Running programs with a cooldown whose stamp this visit does not earn (docs/loyalty-programs.md, "Cooldown"). */
  cooling: string[] | null;
  /** The hold rules' inputs, read in the same snapshot as the visit's checks (holdInputsQuery), when they apply. */
  holdInputs: HoldRow | null;
  webhookEndpoints: boolean;
};

/**
 * The visit's checks, shared by the visit and a held visit's statement: the
 * place (tag, business, location), the account, and the customer who may
 * earn there (CTEs place, account, customer).
 */
function visitPrefix(input: VisitInput, now: Date): Sql {
  const { userId, actorId = null } = input;
  const businessId = input.businessId ?? null;
  const locationId = input.locationId ?? null;
  const secureVerified = input.sunCounter !== undefined;
  const refuseOwner = input.refuseOwner ?? false;
  const atCounter = sql`(${actorId}::text IS NULL OR ${worksAtLocationPart("b", actorId, sql`l."id"`)})`;
  // The day is the business's calendar day at `now`, in its time zone as stored right now:
  // the daily limit counts per business, whichever location the visit is at.
  const day = sql`(${now}::timestamptz AT TIME ZONE b."timezone")::date AS "day"`;
  // A business closed for the season counts nothing (docs/business-lifecycle.md).
  const closed = sql`b."name", b."pausedUntil", ${closedPart("b", now)} AS "closed"`;
  // A closed location takes no visit (docs/locations.md): its tags answer as unclaimed ones.
  const place = input.tagId
    ? sql`SELECT b."id", b."ownerId", b."dailyTapLimit", b."timezone", ${day}, ${closed}, t."secure", l."id" AS "locationId"
          FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId" JOIN "User" o ON o."id" = b."ownerId" AND o."disabledAt" IS NULL
          LEFT JOIN "Location" l ON l."id" = t."locationId"
          WHERE t."id" = ${input.tagId}::text AND (${businessId}::text IS NULL OR b."id" = ${businessId}::text)
            AND l."closedAt" IS NULL AND ${atCounter}`
    : sql`SELECT b."id", b."ownerId", b."dailyTapLimit", b."timezone", ${day}, ${closed}, false AS "secure", l."id" AS "locationId"
          FROM "Business" b JOIN "User" o ON o."id" = b."ownerId" AND o."disabledAt" IS NULL
          LEFT JOIN "Location" l ON l."id" = ${locationId}::text AND l."businessId" = b."id" AND l."closedAt" IS NULL
          WHERE b."id" = ${businessId}::text AND (${locationId}::text IS NULL OR l."id" IS NOT NULL) AND ${atCounter}`;
  return sql`place AS (
      ${place}
    ), account AS (
      SELECT "id", "birthday", "referredById", (${input.requireVerifiedEmail ?? false}::boolean AND "emailVerified" IS NULL AND NOT "guest") AS "unverified" FROM "User"
      WHERE "id" = ${userId}::text AND "disabledAt" IS NULL AND (${input.sessionVersion ?? null}::int IS NULL OR "sessionVersion" = ${input.sessionVersion ?? null}::int)
    ), customer AS (
      SELECT account."id", account."birthday", account."referredById", place."id" AS "businessId", place."day"
      FROM account, place
      WHERE NOT account."unverified" AND NOT place."closed" AND NOT (place."secure" AND NOT ${secureVerified}::boolean) AND NOT (${refuseOwner}::boolean AND place."ownerId" = ${userId}::text)
    )`;
}

/**
 * The visit's first statement: everything that decides the visit, read and
 * counted at once (see writeVisit). With a tag, the business is the one that
 * holds it; without, the one named. Someone at the counter (actorId) finds the
 * business only if they work there.
 */
function visitStatement(input: VisitInput, now: Date, withHoldInputs: boolean, known: PriorWeek | null): Sql {
  const { userId } = input;
  // Row-to-JSON of the hold read: its CTEs stay inside, and it sees the
  // statement's snapshot, before this visit's own tap.
  const holdInputs = withHoldInputs
    ? sql`(SELECT row_to_json(h) FROM (${holdInputsQuery(input, now, known)}) h)`
    : sql`NULL::json`;
  const secureVerified = input.sunCounter !== undefined;
  const refuseOwner = input.refuseOwner ?? false;
  return sql`WITH ${visitPrefix(input, now)}, counted AS (
      INSERT INTO "DailyTapCount" ("userId", "businessId", "day", "count")
      SELECT "id", "businessId", "day", 1 FROM customer
      ON CONFLICT ("userId", "businessId", "day") DO UPDATE
        SET "count" = "DailyTapCount"."count" + 1
        WHERE "DailyTapCount"."count" < (SELECT "dailyTapLimit" FROM place)
      RETURNING "businessId", "day"
    ), member AS (
      INSERT INTO "Membership" ("id", "userId", "businessId", "via", "linkedAt", "visitCount", "firstVisitAt", "lastVisitAt")
      SELECT gen_random_uuid()::text, ${userId}::text, "businessId", ${input.source === "QR" ? "QR" : "TAP"}::"MembershipVia", ${now}::timestamp(3), 1, ${now}::timestamp(3), ${now}::timestamp(3) FROM counted
      ON CONFLICT ("userId", "businessId") DO UPDATE
        SET "visitCount" = "Membership"."visitCount" + 1,
            "firstVisitAt" = COALESCE("Membership"."firstVisitAt", EXCLUDED."firstVisitAt"),
            -- An approved held visit applies at its own, earlier, time (docs/review-queue.md).
            "lastVisitAt" = GREATEST("Membership"."lastVisitAt", EXCLUDED."lastVisitAt")
      RETURNING "id", "businessId", "visitCount", "linkedAt", "referredById", (xmax = 0) AS "inserted"
    ), tap AS (
      INSERT INTO "Tap" ("id", "businessId", "tagId", "locationId", "userId", "membershipId", "source", "day", "sunCounter", "createdAt")
      SELECT gen_random_uuid()::text, member."businessId", ${input.tagId}::text, place."locationId", ${userId}::text, member."id", ${input.source}::"TapSource", place."day", ${input.sunCounter ?? null}::int, ${now}::timestamp(3)
      FROM member, place
      RETURNING "id"
    ), running AS (
      SELECT p.* FROM "Program" p, place
      WHERE p."businessId" = place."id" AND p."active" AND p."endedAt" IS NULL
        AND (p."allLocations" OR EXISTS (SELECT 1 FROM "ProgramLocation" pl WHERE pl."programId" = p."id" AND pl."locationId" = place."locationId"))
    ), cooling AS (
      -- Programs with a cooldown that run today (its dates are the business's calendar days).
      SELECT r."id", r."cooldownHours" FROM running r, place
      WHERE r."cooldownHours" IS NOT NULL
        AND (r."startDate" IS NULL OR r."startDate"::date <= place."day")
        AND (r."endDate" IS NULL OR r."endDate"::date >= place."day")
    ), cooled AS (
      -- A program's cooldown, like the daily limit, is a conditional upsert: the card's
      -- last stamp moves to now only once its hours have passed (the row stays locked
      -- until COMMIT), so parallel taps earn one stamp (lib/loyalty/cooldown.ts).
      INSERT INTO "ProgramCooldown" ("membershipId", "programId", "lastAt")
      SELECT member."id", cooling."id", ${now}::timestamp(3) FROM member, cooling
      ON CONFLICT ("membershipId", "programId") DO UPDATE SET "lastAt" = EXCLUDED."lastAt"
        WHERE "ProgramCooldown"."lastAt" + make_interval(hours => (SELECT c."cooldownHours" FROM cooling c WHERE c."id" = EXCLUDED."programId")) <= EXCLUDED."lastAt"
      RETURNING "programId"
    )
    SELECT
      place."id" AS "businessId",
      COALESCE(place."secure" AND NOT ${secureVerified}::boolean, false) AS "secureRefused",
      COALESCE(${refuseOwner}::boolean AND place."ownerId" = ${userId}::text, false) AS "ownBusiness",
      COALESCE(place."closed", false) AS "closed", place."name" AS "businessName", place."pausedUntil",
      place."day" AS "localDate",
      place."timezone" AS "timeZone",
      (SELECT json_agg(json_build_object(${PROGRAM_JSON_FIELDS}) ORDER BY p."createdAt", p."id") FROM running p) AS "programs",
      (SELECT json_agg(c."id") FROM cooling c WHERE EXISTS (SELECT 1 FROM member) AND c."id" NOT IN (SELECT "programId" FROM cooled)) AS "cooling",
      place."locationId",
      EXISTS (SELECT 1 FROM account) AS "customerFound",
      COALESCE((SELECT "unverified" FROM account), false) AS "unverified",
      (SELECT "birthday" FROM account) AS "birthday",
      (SELECT "referredById" FROM account) AS "userReferredById",
      member."id" AS "membershipId", member."visitCount", member."linkedAt",
      member."referredById" AS "membershipReferredById", member."inserted",
      (SELECT "id" FROM tap) AS "tapId",
      EXISTS (SELECT 1 FROM "WebhookEndpoint" e WHERE e."businessId" = place."id" AND e."enabled") AS "webhookEndpoints",
      ${holdInputs} AS "holdInputs"
    FROM (SELECT 1) AS one LEFT JOIN place ON true LEFT JOIN member ON true`;
}

/** A held visit's statement: the visit's own checks, then the pending HeldVisit instead of the visit (none once the day's limit is spent). */
function heldStatement(input: VisitInput, now: Date, hold: Hold): Sql {
  const { userId } = input;
  const secureVerified = input.sunCounter !== undefined;
  const refuseOwner = input.refuseOwner ?? false;
  return sql`WITH ${visitPrefix(input, now)}, held AS (
      INSERT INTO "HeldVisit" ("id", "businessId", "userId", "tagId", "locationId", "reason", "details", "status", "heldAt")
      SELECT gen_random_uuid()::text, customer."businessId", customer."id", ${input.tagId}::text, place."locationId", ${hold.reason}::text, ${JSON.stringify(hold.details)}::jsonb, 'PENDING'::"HeldVisitStatus", ${now}::timestamp(3)
      FROM customer, place
      WHERE COALESCE((SELECT d."count" FROM "DailyTapCount" d WHERE d."userId" = customer."id" AND d."businessId" = customer."businessId" AND d."day" = customer."day"), 0) < place."dailyTapLimit"
      RETURNING "id"
    )
    SELECT
      place."id" AS "businessId",
      COALESCE(place."secure" AND NOT ${secureVerified}::boolean, false) AS "secureRefused",
      COALESCE(${refuseOwner}::boolean AND place."ownerId" = ${userId}::text, false) AS "ownBusiness",
      COALESCE(place."closed", false) AS "closed", place."name" AS "businessName", place."pausedUntil",
      place."day" AS "localDate", place."timezone" AS "timeZone",
      EXISTS (SELECT 1 FROM account) AS "customerFound",
      COALESCE((SELECT "unverified" FROM account), false) AS "unverified",
      (SELECT "id" FROM held) AS "heldId"
    FROM (SELECT 1) AS one LEFT JOIN place ON true`;
}

type HoldRow = {
  businessId: string;
  locationId: string | null;
  reviewRules: unknown;
  tagLastHour: number;
  tagPriorWeek: number | null;
  tagPriorWeekFirst: Date | string | null;
  recent: { tagId: string | null; locationId: string | null; at: string }[];
  guestCards: string[];
  locations: { id: string; hours: unknown; timeZone: string }[];
};

/** json_build_object writes timestamp(3) as UTC wall time without a zone (sql.ts). */
const utcOf = (value: string) => new Date(value.endsWith("Z") ? value : `${value}Z`);

/**
 * The hold rules' inputs (lib/review/rules.ts) as one SELECT, each part on an
 * index: the customer's latest visits at the business (Tap userId,
 * createdAt), the tag's week before the last hour and, only when that gives
 * it a usual rate, the last hour (Tap tagId, createdAt), the guest cards started
 * at this business from the customer's address (User guestIpHash, createdAt)
 * and the business's locations' hours. No row: the tag is not claimed (the
 * visit statement refuses it). The visit statement carries it as a column
 * (one round trip for the usual, unheld tap). A tag's week, counted once, is
 * used for its next taps for a few minutes (`known`, lib/db/tag-usual-rate.ts),
 * and neither the week nor the hour is read when the owner turned the burst
 * rule off.
 */
function holdInputsQuery(input: VisitInput, now: Date, known: PriorWeek | null): Sql {
  const hourAgo = new Date(now.getTime() - BURST_HOUR_MS);
  const weekAgo = new Date(hourAgo.getTime() - BURST_WEEK_MS);
  const guestSince = new Date(now.getTime() - GUEST_WINDOW_MAX_MS);
  const usedSince = new Date(hourAgo.getTime() - USUAL_MIN_HOURS * BURST_HOUR_MS);
  return sql`WITH tag AS (
      SELECT t."id", t."businessId", t."locationId", b."reviewRules",
        -- The burst rule is on unless the owner stored false (readReviewRules): when off, its counts are not read.
        COALESCE(b."reviewRules"->'tagBurst'->'on' <> 'false'::jsonb, true) AS "burstOn"
      FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId" WHERE t."id" = ${input.tagId}::text
    ), week AS (${
      known
        ? // The week counted for this tag a few minutes ago (lib/db/tag-usual-rate.ts).
          sql`SELECT ${known.n}::int AS "n", ${known.first}::timestamp(3) AS "first"`
        : // Counted now. With the rule off, no count: nothing to remember for when the owner turns it back on.
          sql`SELECT CASE WHEN (SELECT "burstOn" FROM tag) THEN count(*)::int END AS "n", min("createdAt") AS "first" FROM "Tap"
      WHERE (SELECT "burstOn" FROM tag)
        AND "tagId" = ${input.tagId}::text AND "createdAt" > ${weekAgo}::timestamp(3) AND "createdAt" <= ${hourAgo}::timestamp(3)`
    }
    ), hour AS (
      -- The last hour is counted only when the week gives the tag a usual rate (in use a
      -- day or more: usualHourlyRate), and only as far as the burst rule could need at its
      -- loosest bounds (minTaps, factor × usual rate): a new tag's busy hour reads nothing.
      SELECT count(*)::int AS "n" FROM (
        SELECT 1 FROM "Tap"
        WHERE "tagId" = ${input.tagId}::text AND "createdAt" > ${hourAgo}::timestamp(3) AND "createdAt" <= ${now}::timestamp(3)
          AND (SELECT "burstOn" FROM tag)
          AND EXISTS (SELECT 1 FROM week WHERE week."n" > 0 AND week."first" <= ${usedSince}::timestamp(3))
        LIMIT (SELECT greatest(${REVIEW_BOUNDS.tagBurst.minTaps.max}::int,
                 ceil(${REVIEW_BOUNDS.tagBurst.factor.max}::int * week."n" / greatest(1, extract(epoch FROM ${hourAgo}::timestamp(3) - week."first") / 3600))::int + 1)
               FROM week)
      ) counted
    )
    SELECT tag."businessId", tag."locationId", tag."reviewRules", hour."n" AS "tagLastHour",
      week."n" AS "tagPriorWeek", week."first" AS "tagPriorWeekFirst",
      (SELECT COALESCE(json_agg(json_build_object('tagId', r."tagId", 'locationId', r."locationId", 'at', r."createdAt") ORDER BY r."createdAt" DESC), '[]'::json)
        FROM (SELECT "tagId", "locationId", "createdAt" FROM "Tap"
              WHERE "userId" = ${input.userId}::text AND "businessId" = tag."businessId" AND "createdAt" <= ${now}::timestamp(3)
              ORDER BY "createdAt" DESC LIMIT ${RECENT_VISITS}::int) r) AS "recent",
      (SELECT COALESCE(json_agg(g."createdAt"), '[]'::json)
        FROM (SELECT g."createdAt" FROM "User" u JOIN "User" g ON g."guestIpHash" = u."guestIpHash"
              WHERE u."id" = ${input.userId}::text AND u."guest" AND g."createdAt" > ${guestSince}::timestamp(3) AND g."createdAt" <= ${now}::timestamp(3)
                -- Cards started here: the customer's own, and those with a card or a held visit at this business.
                AND (g."id" = u."id"
                  OR EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = g."id" AND m."businessId" = tag."businessId")
                  OR EXISTS (SELECT 1 FROM "HeldVisit" h WHERE h."userId" = g."id" AND h."businessId" = tag."businessId"))
              LIMIT 100) g) AS "guestCards",
      (SELECT COALESCE(json_agg(json_build_object('id', l."id", 'hours', l."openingHours", 'timeZone', l."timezone")), '[]'::json)
        FROM "Location" l WHERE l."businessId" = tag."businessId") AS "locations"
    FROM tag CROSS JOIN week CROSS JOIN hour`;
}

function holdReadOf(row: HoldRow): HoldRead {
  return {
    businessId: row.businessId,
    reviewRules: row.reviewRules,
    locationId: row.locationId,
    recent: row.recent.map((r) => ({ tagId: r.tagId, locationId: r.locationId, at: utcOf(r.at) })),
    tagLastHour: row.tagLastHour,
    tagPriorWeek: row.tagPriorWeek,
    // A Date from the read of its own; UTC wall-time text inside the visit statement's JSON.
    tagPriorWeekFirst: typeof row.tagPriorWeekFirst === "string" ? utcOf(row.tagPriorWeekFirst) : row.tagPriorWeekFirst,
    guestCardsFromAddress: row.guestCards.map(utcOf),
    locations: new Map(
      row.locations.map((l) => [l.id, { hours: readOpeningHours(l.hours), timeZone: l.timeZone }] as const),
    ),
  };
}

type CheckedRow = Pick<
  RecordedRow,
  | "businessId"
  | "localDate"
  | "secureRefused"
  | "ownBusiness"
  | "closed"
  | "businessName"
  | "pausedUntil"
  | "timeZone"
  | "customerFound"
  | "unverified"
>;

/** The visit's refusals, in the tap's order: tag, secure link, own business, closed, then the customer. */
function refusalOf(row: CheckedRow | undefined): VisitOutcome | null {
  if (!row?.businessId || !row.localDate) throw new VisitRefused("business_not_found");
  if (row.secureRefused) throw new VisitRefused("secure_tag");
  if (row.ownBusiness) return { ok: false as const, reason: "own_business" as const };
  if (row.closed)
    throw new VisitClosed({
      ok: false,
      reason: "business_closed",
      businessName: row.businessName ?? "",
      until: row.pausedUntil,
      timeZone: row.timeZone ?? "UTC",
    });
  if (!row?.customerFound) throw new VisitRefused("customer_not_found");
  if (row.unverified) return { ok: false as const, reason: "email_not_verified" as const };
  return null;
}

/** What a visit changed, reported after its statements, in the visit's own transaction. */
type VisitEffects = {
  rewards: { id: string; userId: string; businessId: string }[];
  memberships: string[];
  visit?: RecordedVisit;
};

/** The visit's changes, reported in one place: each reward issued, then each changed card. */
async function reportVisitEffects(tx: SqlTx, effects: VisitEffects, announce: InTransaction<CardChange>) {
  if (effects.visit) await announce(tx, { kind: "visit-recorded", visit: effects.visit });
  for (const reward of effects.rewards) await announce(tx, { kind: "reward-issued", reward, inVisit: true });
  for (const membershipId of effects.memberships) await announce(tx, { kind: "card-changed", membershipId });
}

/**
 * Records one visit of a customer at a business and applies every active
 * program, all in ONE transaction: the visit, the membership, the progress and
 * any rewards are written together or not at all.
 *
 * Everything that decides the visit is read by the visit's own first
 * statement, never taken from a cache (docs/tap-api.md): the tag (claimed by
 * which business, secure or not), the business (withdrawn while its owner's
 * account is disabled: as if the tag were unclaimed; owner, daily tap limit, time
 * zone, hence the visit's local day) and its running programs with their
 * rules. A limit lowered, a program paused or a tag made secure a moment ago,
 * on any instance, holds for the very next visit.
 *
 * The same statement checks the customer, counts the visit against the daily
 * tap limit (a conditional upsert per customer × business × calendar day in
 * the business's time zone, so the limit holds under any concurrency), links
 * the membership and logs the tap. It locks the day's counter and the
 * membership row until commit, so two visits of one customer never interleave
 * their read-modify-write of progress, which the next statements do.
 *
 * A refused visit (daily limit, unconfirmed email, the owner's own tag) writes
 * nothing itself but commits what `beforeVisit` did: a secure tag's link is
 * spent by any verified use of a signed-in customer (not by the owner's own
 * tap, which acceptSunCounter lets through unspent). An unclaimed tag, a
 * secure tag without a verified SUN counter, a business closed for the season
 * (docs/business-lifecycle.md: its local day still before the reopening day),
 * or an unknown or signed-out account roll everything back.
 *
 * What the visit changed (each reward issued, each card) goes to `announce`
 * last, in the same transaction: the caller queues its jobs there
 * (lib/tap/record-visit.ts).
 */
export async function writeVisit(input: VisitInput, announce: InTransaction<CardChange>): Promise<VisitOutcome> {
  const now = input.now ?? new Date();
  const random = input.random ?? cryptoRandom;
  if (!input.tagId && !input.businessId) return { ok: false, reason: "business_not_found" };

  // A customer's own tap meets the business's hold rules (docs/review-queue.md).
  // Their inputs ride in the visit's first statement, read in its snapshot
  // (before this tap); when a rule holds the visit, that transaction is rolled
  // back and a second one holds it for the reason the first found, so the
  // usual, unheld tap pays no round trip for the rules.
  const holdRules = Boolean(input.holdRules && input.tagId);
  const holdOf = (read: HoldRead) =>
    decideHold(readReviewRules(read.reviewRules), { ...read, now, tagId: input.tagId! });
  const known = holdRules ? keptPriorWeek(input.tagId!, now) : null;
  const attempt = (heldBy: Hold | null) =>
    inTransaction(async (tx) => {
      if (input.beforeVisit) await input.beforeVisit(tx);
      const limitReached = async (timeZone: string | null) => {
        // The business's zone goes with the refusal: the answer says when the next visit counts.
        const refused = { ok: false as const, reason: "limit_reached" as const, timeZone: timeZone ?? "UTC", now };
        await finishVisit(tx, null, [], storeOf(input, refused, now));
        return refused;
      };
      if (heldBy) {
        const [held] = await tx.query<CheckedRow & { heldId: string | null }>(heldStatement(input, now, heldBy));
        const refused = refusalOf(held);
        if (refused) return refused;
        if (!held!.heldId) return limitReached(held!.timeZone);
        const outcome = { ok: false as const, reason: "held" as const, heldVisitId: held!.heldId };
        await finishVisit(tx, null, [], storeOf(input, outcome, now));
        return outcome;
      }
      const [row] = await tx.query<RecordedRow>(visitStatement(input, now, holdRules, known));
      const refused = refusalOf(row);
      if (refused) return refused;
      if (!row || !row.localDate || !row.businessId) throw new VisitRefused("business_not_found");
      if (!row.membershipId || !row.tapId || row.visitCount === null || !row.linkedAt) {
        await input.afterVisit?.(tx, null);
        return limitReached(row.timeZone);
      }
      if (row.holdInputs) {
        const read = holdReadOf(row.holdInputs);
        if (!known && read.tagPriorWeek !== null)
          keepPriorWeek(input.tagId!, now, { n: read.tagPriorWeek, first: read.tagPriorWeekFirst ?? null });
        const hold = holdOf(read);
        if (hold) throw new HoldFirst(hold);
      }
      const membershipId = row.membershipId;
      const businessId = row.businessId;
      const localDate = row.localDate;
      const referrerId = row.membershipReferredById ?? row.userReferredById;
      const programs = (row.programs ?? []).map(programOf);

      // Read after the locks above, so a concurrent visit's progress (and its cooldown) is seen.
      const storedProgress = programs.length
        ? await tx.query<StoredProgress & { programId: string; cooldownFrom: Date | null }>(
            sql`SELECT pr."programId", pr."count", pr."total", pr."tier", pr."state", c."lastAt" AS "cooldownFrom"
              FROM "Progress" pr LEFT JOIN "ProgramCooldown" c ON c."membershipId" = pr."membershipId" AND c."programId" = pr."programId"
              WHERE pr."membershipId" = ${membershipId}::text`,
          )
        : [];
      // A program in its cooldown earns nothing this visit; the others apply as usual.
      const cooling = new Set(row.cooling ?? []);
      const stored = new Map(storedProgress.map((p) => [p.programId, p]));
      const plan = planVisit(
        programs.filter((p) => !cooling.has(p.id)),
        new Map(storedProgress.map((p) => [p.programId, toState(p)])),
        {
          userId: input.userId,
          now,
          localDate,
          isFirstVisit: row.visitCount === 1,
          membershipLinkedAt: row.linkedAt,
          birthday: row.birthday,
          random,
          referrerId,
        },
      );

      const effects: VisitEffects = { rewards: [], memberships: [membershipId] };
      const rewards: IssuedReward[] = [];
      for (const planned of plan) {
        for (let i = 0; i < planned.rewardsIssued; i++) {
          const to = { userId: input.userId, membershipId, tapId: row.tapId, now };
          rewards.push(await insertReward(tx, planned.program, to));
        }
        if (planned.payReferrer && referrerId)
          await payReferrer(tx, planned.program, referrerId, businessId, now, effects);
      }
      effects.rewards.unshift(...rewards.map((reward) => ({ id: reward.id, userId: input.userId, businessId })));
      const recorded = {
        ok: true as const,
        tapId: row.tapId,
        newlyLinked: Boolean(row.inserted),
        visitNumber: row.visitCount,
        programs: programs.map((program): ProgramOutcome => {
          const planned = plan.find((p) => p.program.id === program.id);
          if (planned)
            return {
              programId: program.id,
              programName: program.name,
              programType: program.type,
              rewardsIssued: planned.rewardsIssued,
              summary: planned.summary,
              progress: planned.progress,
            };
          const saved = stored.get(program.id);
          const hours = program.cooldownHours ?? 0;
          return {
            programId: program.id,
            programName: program.name,
            programType: program.type,
            rewardsIssued: 0,
            summary: { type: program.type, line: visitLine("cooldown", { hours }) },
            progress: describeProgress(
              program.type,
              program.rules,
              saved ? toState(saved) : normalizeProgress(null),
              localDate,
            ),
            cooldownUntil: cooldownEndsAt(saved?.cooldownFrom ?? now, hours),
          };
        }),
        rewards,
        localDate,
        timeZone: row.timeZone ?? "UTC",
      };
      const nextProgress = plan.map((planned) => ({ programId: planned.program.id, state: planned.next }));
      await finishVisit(tx, membershipId, nextProgress, storeOf(input, recorded, now));
      effects.visit = {
        businessId,
        tapId: row.tapId,
        locationId: row.locationId,
        membershipId,
        programIds: plan.map((planned) => planned.program.id),
        source: input.apiKey ? "api" : input.source === "TAG" && !input.actorId ? "tap" : "staff",
        at: now,
        joined: Boolean(row.inserted),
        rewardIds: effects.rewards.map((reward) => reward.id),
        webhookEndpoints: row.webhookEndpoints,
      };
      if (input.actorId || input.apiKey)
        await auditVisit(tx, input.actorId ?? input.apiKey!, businessId, input.userId, recorded, now);
      await input.afterVisit?.(tx, row.tapId);
      await reportVisitEffects(tx, effects, announce);
      return recorded;
    });

  try {
    try {
      return await attempt(null);
    } catch (error) {
      if (!(error instanceof HoldFirst)) throw error;
      return await attempt(error.hold);
    }
  } catch (error) {
    if (error instanceof VisitRefused) return { ok: false, reason: error.reason };
    if (error instanceof VisitClosed) return error.outcome;
    throw error;
  }
}

/** The VISIT_RECORDED entry of a visit someone at the counter recorded: who, for whom, and what it earned. */
async function auditVisit(
  tx: SqlTx,
  by: string | ApiKeyActor,
  businessId: string,
  customerId: string,
  visit: { tapId: string; visitNumber: number; rewards: IssuedReward[] },
  now: Date,
) {
  const [user] =
    typeof by === "string"
      ? await tx.query<NameParts>(sql`SELECT "firstName", "lastName", "name" FROM "User" WHERE "id" = ${by}::text`)
      : [];
  const actor =
    typeof by === "string" ? { actorId: by, actorName: user ? displayName(user) : null } : apiKeyAuditActor(by);
  await appendAuditSql(
    tx,
    {
      businessId,
      action: "VISIT_RECORDED",
      ...actor,
      customerId,
      details: { tapId: visit.tapId, visitNumber: visit.visitNumber, rewards: visit.rewards.map((r) => r.code) },
    },
    now,
  );
}

type ProgramJson = Omit<VisitProgram, "startDate" | "endDate"> & { startDate: string | null; endDate: string | null };

/** A program as json_build_object wrote it: timestamps are UTC wall time without a zone (sql.ts). */
const programOf = (p: ProgramJson): VisitProgram => ({
  ...p,
  startDate: p.startDate ? new Date(`${p.startDate}Z`) : null,
  endDate: p.endDate ? new Date(`${p.endDate}Z`) : null,
});

function toState(row: StoredProgress): ProgressState {
  return normalizeProgress({
    count: row.count,
    total: row.total,
    tier: row.tier,
    state: row.state && typeof row.state === "object" ? (row.state as Record<string, unknown>) : {},
  });
}

type AnswerStore = { userId: string; key: string; answer: StoredAnswer; now: Date };

function storeOf(input: VisitInput, outcome: VisitOutcome, now: Date): AnswerStore | null {
  if (!input.idempotency) return null;
  return { userId: input.userId, key: input.idempotency.key, answer: input.idempotency.answer(outcome), now };
}

/**
 * The visit's last statement: every program's new progress, and the answer
 * under the customer's Idempotency-Key. The key is settled by its primary key
 * (customer, key): a second request with it waits for the first one's commit,
 * then finds it taken (unless it is older than 24 hours, when it is reused)
 * and rolls its whole visit back.
 */
async function finishVisit(
  tx: SqlTx,
  membershipId: string | null,
  rows: { programId: string; state: ProgressState }[],
  store: AnswerStore | null,
) {
  if (!store) {
    if (membershipId) await saveProgressRows(tx, membershipId, rows);
    return;
  }
  const progress = membershipId && rows.length ? sql`progress AS (${progressUpsert(membershipId, rows)}), ` : raw("");
  const windowStart = new Date(store.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const [row] = await tx.query<{ stored: boolean }>(
    sql`WITH ${progress}stored AS (
      INSERT INTO "TapIdempotencyKey" ("userId", "key", "status", "body", "createdAt")
      VALUES (${store.userId}::text, ${store.key}::text, ${store.answer.httpStatus}::int, ${JSON.stringify(store.answer.body)}::json, ${store.now}::timestamp(3))
      ON CONFLICT ("userId", "key") DO UPDATE
        SET "status" = EXCLUDED."status", "body" = EXCLUDED."body", "createdAt" = EXCLUDED."createdAt"
        WHERE "TapIdempotencyKey"."createdAt" <= ${windowStart}::timestamp(3)
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM stored) AS "stored"`,
  );
  if (!row?.stored) throw new VisitRefused("duplicate_request");
}

/** The upsert of a membership's progress rows, one per program. */
function progressUpsert(membershipId: string, rows: { programId: string; state: ProgressState }[]): Sql {
  const tuples = rows.map(
    ({ programId, state }) =>
      sql`(gen_random_uuid()::text, ${membershipId}::text, ${programId}::text, ${state.count}::int, ${state.total}::int, ${state.tier}::text, ${JSON.stringify(state.state)}::jsonb, now())`,
  );
  return sql`INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
    VALUES ${join(tuples, ", ")}
    ON CONFLICT ("membershipId", "programId") DO UPDATE
      SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "tier" = EXCLUDED."tier",
          "state" = EXCLUDED."state", "updatedAt" = EXCLUDED."updatedAt"`;
}

/** Every program's new progress in one statement. */
async function saveProgressRows(tx: SqlTx, membershipId: string, rows: { programId: string; state: ProgressState }[]) {
  if (rows.length === 0) return;
  await tx.execute(progressUpsert(membershipId, rows));
}

export type ProgramRow = Pick<
  VisitProgram,
  "id" | "businessId" | "rewardName" | "rewardDescription" | "rewardExpiryDays"
>;

/**
 * What a reward is issued from: a program, or a reward no program gives (a
 * campaign's one-off reward: its name and validity alone, no program id).
 */
export type RewardSource = Omit<ProgramRow, "id"> & { id: string | null };

/** A reward as issued from `S`: its program id is the source's (null for a one-off reward). */
export type IssuedRewardFrom<S extends RewardSource> = Omit<IssuedReward, "programId"> & { programId: S["id"] };

/** One reward of `program` and its ISSUED event, written in the caller's transaction; no job is queued. */
async function insertReward<S extends RewardSource>(
  tx: SqlTx,
  program: S,
  to: { userId: string; membershipId: string; tapId: string | null; now: Date },
): Promise<IssuedRewardFrom<S>> {
  const expiresAt = program.rewardExpiryDays
    ? new Date(to.now.getTime() + program.rewardExpiryDays * 86_400_000)
    : null;
  // A code collision (1 in ~10^12 per pair) meets the unique index and inserts
  // nothing; try another code.
  for (let attempt = 0; attempt < 6; attempt++) {
    const [reward] = await tx.query<Omit<IssuedReward, "programId">>(
      sql`WITH reward AS (
        INSERT INTO "Reward" ("id", "code", "businessId", "programId", "membershipId", "userId", "tapId", "name", "description", "status", "issuedAt", "expiresAt")
        VALUES (gen_random_uuid()::text, ${generateRewardCode()}::text, ${program.businessId}::text, ${program.id}::text, ${to.membershipId}::text, ${to.userId}::text, ${to.tapId}::text, ${program.rewardName}::text, ${program.rewardDescription}::text, 'AVAILABLE'::"RewardStatus", ${to.now}::timestamp(3), ${expiresAt}::timestamp(3))
        ON CONFLICT ("code") DO NOTHING
        RETURNING "id", "code", "name", "expiresAt"
      ), issued AS (
        INSERT INTO "RewardEvent" ("id", "rewardId", "type", "createdAt")
        SELECT gen_random_uuid()::text, "id", 'ISSUED'::"RewardEventType", ${to.now}::timestamp(3) FROM reward
      )
      SELECT * FROM reward`,
    );
    if (reward) return { ...reward, programId: program.id };
  }
  throw new Error("could not find a free reward code");
}

/**
 * Issues one reward of `program` to a customer, with its ISSUED event, inside
 * the caller's transaction, and reports it to `announce` there: an owner's
 * adjustment (lib/db/adjustments.ts), a guest's merge or a campaign's offer
 * (lib/db/campaign-offers.ts) hand out rewards as a visit does.
 */
export async function issueReward<S extends RewardSource>(
  tx: SqlTx,
  program: S,
  to: { userId: string; membershipId: string; tapId: string | null; now: Date },
  announce: InTransaction<CardChange>,
): Promise<IssuedRewardFrom<S>> {
  const reward = await insertReward(tx, program, to);
  await announce(tx, {
    kind: "reward-issued",
    reward: { id: reward.id, userId: to.userId, businessId: program.businessId },
  });
  return reward;
}

/** The friend who brought this newcomer earns the referral reward (once; the rule guarantees it). */
async function payReferrer(
  tx: SqlTx,
  program: ProgramRow,
  referrerId: string,
  businessId: string,
  now: Date,
  effects: VisitEffects,
) {
  const [membership] = await tx.query<{ id: string }>(
    sql`INSERT INTO "Membership" ("id", "userId", "businessId", "via", "linkedAt")
    VALUES (gen_random_uuid()::text, ${referrerId}::text, ${businessId}::text, 'REFERRAL'::"MembershipVia", ${now}::timestamp(3))
    ON CONFLICT ("userId", "businessId") DO UPDATE SET "userId" = EXCLUDED."userId"
    RETURNING "id"`,
  );
  if (!membership) return;
  const [stored] = await tx.query<StoredProgress>(
    sql`SELECT "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = ${membership.id}::text AND "programId" = ${program.id}::text FOR UPDATE`,
  );
  await saveProgressRows(tx, membership.id, [
    { programId: program.id, state: creditReferrer(stored ? toState(stored) : normalizeProgress(null)) },
  ]);
  const reward = await insertReward(tx, program, { userId: referrerId, membershipId: membership.id, tapId: null, now });
  effects.rewards.push({ id: reward.id, userId: referrerId, businessId });
  effects.memberships.push(membership.id);
}
