import "server-only";
import { raw, sql, type Sql } from "@/lib/db/sql";
import type { SegmentDefinition } from "@/lib/campaigns/segment";

// The members of a segment (docs/campaigns.md, "Segments"), as one statement
// the counts and the campaign's recipient list both use.

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
 * `SELECT m."id" AS "membershipId", m."userId" AS "userId", u."language" AS "language"`
 * of every member of the business in the segment (no consent or channel test).
 */
export function segmentMembersPart(ctx: SegmentContext, segment: SegmentDefinition): Sql {
  // Placeholder until every condition is written: the business and the guest switch.
  const guests = segment.guests === "exclude" ? sql` AND NOT u."guest"` : raw("");
  return sql`SELECT m."id" AS "membershipId", m."userId" AS "userId", u."language" AS "language" FROM "Membership" m JOIN "User" u ON u."id" = m."userId" WHERE m."businessId" = ${ctx.businessId}::text${guests}`;
}
