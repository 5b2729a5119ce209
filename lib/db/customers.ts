import "server-only";
import { db } from "@/lib/db";
import { worksAt, worksAtPart } from "@/lib/db/business-access";
import { chosenLocation, locationOptionsJson, toLocationOptions, type LocationOption } from "@/lib/db/location-stats";
import { prismaSql, raw, sql, type Sql } from "@/lib/db/sql";
import { containsPattern, cursorAfter, decodeCursor, encodeCursor } from "@/lib/customers/cursor";
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerFilter,
  type CustomerListParams,
  type CustomerSort,
} from "@/lib/validation/customers";

// The owner's (or staff's) list of a business's members (docs/owner-tools.md,
// "Customers"); email and phone only for the owner. Keyset pagination on (sort value, id), descending, read
// backwards along the indexes Membership has for it; never OFFSET, so page 500
// costs what page 1 costs and a member who joins meanwhile neither repeats nor
// hides anyone. Access is checked inside the statement (worksAtPart).
// Filtered by a location (docs/locations.md, "What owners and customers see"):
// the members with a visit there, an EXISTS probe of Tap (membershipId,
// locationId) per row of the same walk along the sort's index.

const DAY_MS = 86_400_000;
export const ACTIVE_DAYS = 30;
export const LAPSED_DAYS = 60;

export type CustomerRow = {
  id: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** A guest card (docs/authentication.md, "Guests"): no name; shown by its card number. */
  guest: boolean;
  linkedAt: Date;
  lastVisitAt: Date | null;
  visitCount: number;
  rewardsEarned: number;
  /** AVAILABLE and not past its expiry at `now`. */
  rewardsReady: number;
};

export type CustomerPage = {
  rows: CustomerRow[];
  nextCursor: string | null;
  /** The business's locations, for the filter (offered when there are several). */
  locations: LocationOption[];
  /** The location the list is filtered by: one of `locations`, or null for all of them. */
  location: string | null;
};

const SORT_COLUMNS: Record<CustomerSort, Sql> = {
  last_visit: raw(`m."lastVisitAt"`),
  visits: raw(`m."visitCount"`),
  rewards: raw(`m."rewardsEarned"`),
};

/** Members who visited at the location (one of the business's, checked before). */
function locationSql(location: string | null): Sql {
  if (!location) return raw("");
  return sql`AND EXISTS (SELECT 1 FROM "Tap" t WHERE t."membershipId" = m."id" AND t."locationId" = ${location}::text)`;
}

function filterSql(filter: CustomerFilter, now: Date): Sql {
  const at = (days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamp(3)`;
  switch (filter) {
    case "active":
      return sql`AND m."lastVisitAt" >= ${at(ACTIVE_DAYS)}`;
    case "lapsed":
      return sql`AND m."lastVisitAt" < ${at(LAPSED_DAYS)}`;
    case "ready":
      // The counter narrows to members with an AVAILABLE reward; the EXISTS
      // drops those whose every such reward is past its expiry.
      return sql`AND m."rewardsReady" > 0 AND EXISTS (SELECT 1 FROM "Reward" r WHERE r."membershipId" = m."id" AND r."status" = 'AVAILABLE' AND (r."expiresAt" IS NULL OR r."expiresAt" > ${at(0)}))`;
    default:
      return raw("");
  }
}

// One ILIKE over user_search_text (migration customer_search): the fields
// joined by U+001F, which no search can hold, so no match spans two fields,
// and "first last" is one field, so a full name matches. Its trigram index
// finds a rare search without reading every member.
// Staff search names only: matching an email or phone would tell them the
// contact details they are not shown (docs/owner-tools.md, "Staff").
function searchSql(q: string | undefined, contact: boolean): Sql {
  if (!q) return raw("");
  const reach = raw(contact ? `u."email", u."phone"` : `NULL::text, NULL::text`);
  return sql`AND "user_search_text"(u."firstName", u."lastName", u."name", ${reach}) ILIKE ${containsPattern(q)}`;
}

type Phase = { where: Sql; order: Sql };

async function selectPage(
  userId: string,
  businessId: string,
  params: Omit<CustomerListParams, "location"> & { location: string | null },
  now: Date,
  { where, order }: Phase,
  limit: number,
  contact: boolean,
): Promise<CustomerRow[]> {
  const statement = sql`
    SELECT m."id", m."userId", u."firstName", u."lastName", u."name", u."guest",
      ${raw(contact ? `u."email", u."phone"` : `NULL::text AS "email", NULL::text AS "phone"`)},
      m."linkedAt", m."lastVisitAt", m."visitCount", m."rewardsEarned",
      (SELECT count(*)::int FROM "Reward" r WHERE r."membershipId" = m."id" AND r."status" = 'AVAILABLE'
        AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now.toISOString()}::timestamp(3))) AS "rewardsReady"
    FROM "Membership" m
    JOIN "User" u ON u."id" = m."userId"
    WHERE m."businessId" = (SELECT b."id" FROM "Business" b WHERE b."id" = ${businessId}::text AND ${worksAtPart("b", userId)})
      ${filterSql(params.filter, now)}
      ${locationSql(params.location)}
      ${searchSql(params.q, contact)}
      ${where}
    ORDER BY ${order}
    LIMIT ${limit}::int`;
  return db.$queryRaw<CustomerRow[]>(prismaSql(statement));
}

/**
 * One page of the members of a business the user works at (owner or staff),
 * or null when they do not. Descending by the sort, ties by id; members who
 * never visited come last when sorting by last visit.
 */
export async function listCustomers(
  userId: string,
  businessId: string,
  params: CustomerListParams,
  now = new Date(),
): Promise<CustomerPage | null> {
  const allowed = await db.$queryRaw<{ owner: boolean; locations: [string, string, boolean][] }[]>(
    prismaSql(
      sql`SELECT b."ownerId" = ${userId}::text AS owner, ${locationOptionsJson("b")} AS "locations"
          FROM "Business" b WHERE b."id" = ${businessId}::text AND ${worksAtPart("b", userId)}`,
    ),
  );
  if (allowed.length === 0) return null;
  // Email and phone: the owner's only; a staff member's rows carry null for both.
  const contact = allowed[0]!.owner;
  const locations = toLocationOptions(allowed[0]!.locations);
  const location = chosenLocation(locations, params.location);
  const query = { ...params, location };

  const sort = params.sort;
  const cursor = decodeCursor(params.cursor, sort);
  const want = CUSTOMER_PAGE_SIZE + 1;
  const column = SORT_COLUMNS[sort];
  let rows: CustomerRow[];
  if (sort !== "last_visit") {
    rows = await selectPage(
      userId,
      businessId,
      query,
      now,
      {
        where: cursor ? sql`AND (${column}, m."id") < (${cursor.v}::int, ${cursor.i}::text)` : raw(""),
        order: sql`${column} DESC, m."id" DESC`,
      },
      want,
      contact,
    );
  } else {
    // Two stretches: members with a last visit, newest first; then those
    // without one (linked by QR or a card, never visited), by id. A cursor
    // whose value is null is already in the second stretch.
    const inUndated = cursor !== null && cursor.v === null;
    rows = inUndated
      ? []
      : await selectPage(
          userId,
          businessId,
          query,
          now,
          {
            where:
              cursor && cursor.v !== null
                ? sql`AND m."lastVisitAt" IS NOT NULL AND (m."lastVisitAt", m."id") < (${cursor.v}::timestamp(3), ${cursor.i}::text)`
                : raw(`AND m."lastVisitAt" IS NOT NULL`),
            order: raw(`m."lastVisitAt" DESC, m."id" DESC`),
          },
          want,
          contact,
        );
    // Members who never visited: none visited at a location either.
    const undatedPossible = (params.filter === "all" || params.filter === "ready") && !location;
    if (rows.length < want && undatedPossible) {
      const more = await selectPage(
        userId,
        businessId,
        query,
        now,
        {
          where: inUndated
            ? sql`AND m."lastVisitAt" IS NULL AND m."id" < ${cursor!.i}::text`
            : raw(`AND m."lastVisitAt" IS NULL`),
          order: raw(`m."id" DESC`),
        },
        want - rows.length,
        contact,
      );
      rows = [...rows, ...more];
    }
  }
  const hasMore = rows.length > CUSTOMER_PAGE_SIZE;
  const page = rows.slice(0, CUSTOMER_PAGE_SIZE);
  return {
    rows: page,
    nextCursor: hasMore ? encodeCursor(cursorAfter(sort, page[page.length - 1]!)) : null,
    locations,
    location,
  };
}

/** Whether the business (one the user works at) has any member: the empty state tells "none yet" from "none match". */
export async function hasMembers(userId: string, businessId: string): Promise<boolean> {
  const member = await db.membership.findFirst({
    where: { businessId, business: worksAt(userId) },
    select: { id: true },
  });
  return member !== null;
}
