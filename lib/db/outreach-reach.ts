import "server-only";
import { raw, sql, type Sql } from "@/lib/db/sql";

// Who can be reached, and how (docs/campaigns.md, "Channels" and "Consent"):
// each test is a part of an sql`…` statement over a membership `m`, its user
// `u` and business id, so the segment counts, the reachability report and the
// sender all ask the same question. Marketing always needs the customer's yes
// for that business and the account-wide notifications switch on.

/** The customer said yes to this business's marketing and has not withdrawn it. */
export function consentPart(m: string, u: string): Sql {
  return sql`(${raw(u)}."notificationsEnabled" AND ${raw(u)}."disabledAt" IS NULL AND EXISTS (SELECT 1 FROM "MarketingConsent" mc WHERE mc."userId" = ${raw(m)}."userId" AND mc."businessId" = ${raw(m)}."businessId" AND mc."withdrawnAt" IS NULL))`;
}

/** The card is in a wallet that takes messages: a Google Wallet object, or an Apple pass on a device. */
export function walletPart(m: string): Sql {
  return sql`(EXISTS (SELECT 1 FROM "GoogleWalletObject" g WHERE g."membershipId" = ${raw(m)}."id" AND g."state" = 'ACTIVE') OR EXISTS (SELECT 1 FROM "ApplePass" p JOIN "AppleDeviceRegistration" r ON r."passId" = p."id" WHERE p."membershipId" = ${raw(m)}."id" AND p."voidedAt" IS NULL))`;
}

/** A browser of the customer takes web push. */
export function pushPart(m: string): Sql {
  return sql`EXISTS (SELECT 1 FROM "PushSubscription" ps WHERE ps."userId" = ${raw(m)}."userId")`;
}

/**
 * The customer has an address we may mail: not unsubscribed from the business,
 * and confirmed where the site asks for confirmed addresses.
 */
export function emailPart(m: string, u: string, requireVerifiedEmail: boolean): Sql {
  const verified = requireVerifiedEmail ? sql` AND ${raw(u)}."emailVerified" IS NOT NULL` : sql``;
  return sql`(${raw(u)}."email" IS NOT NULL${verified} AND NOT EXISTS (SELECT 1 FROM "MailOptOut" o WHERE o."userId" = ${raw(m)}."userId" AND o."businessId" = ${raw(m)}."businessId"))`;
}

/** Any channel at all. */
export function anyChannelPart(m: string, u: string, requireVerifiedEmail: boolean): Sql {
  return sql`(${walletPart(m)} OR ${pushPart(m)} OR ${emailPart(m, u, requireVerifiedEmail)})`;
}

// ---- The same tests over many members of one business at once (segment counts) ----
// Each row part above is a correlated EXISTS, which PostgreSQL runs as a
// subplan per member: on 50,000 members that took 6–8 times as long as
// joining each table once. These joins ask the same questions of the
// business's rows and let the planner hash them; the tests are columns of the
// joined rows. tests/integration/segments.test.ts holds them to the row parts above.

export type ReachJoins = {
  /**
   * LEFT JOINs to append after the FROM that has membership `m` and user `u`,
   * where `members` names a relation of the memberships asked about ("id", "userId").
   */
  joins: Sql;
  consent: Sql;
  wallet: Sql;
  push: Sql;
  email: Sql;
};

export function reachJoinsPart(m: string, u: string, members: string, requireVerifiedEmail: boolean): ReachJoins {
  const [M, U, S] = [raw(m), raw(u), raw(members)];
  const verified = requireVerifiedEmail ? sql` AND ${U}."emailVerified" IS NOT NULL` : sql``;
  return {
    joins: sql` LEFT JOIN "MarketingConsent" reach_mc ON reach_mc."userId" = ${M}."userId" AND reach_mc."businessId" = ${M}."businessId" AND reach_mc."withdrawnAt" IS NULL
      LEFT JOIN "GoogleWalletObject" reach_g ON reach_g."membershipId" = ${M}."id" AND reach_g."state" = 'ACTIVE'
      LEFT JOIN (SELECT DISTINCT p."membershipId" FROM "ApplePass" p JOIN "AppleDeviceRegistration" r ON r."passId" = p."id" WHERE p."membershipId" IN (SELECT "id" FROM ${S}) AND p."voidedAt" IS NULL) reach_a ON reach_a."membershipId" = ${M}."id"
      LEFT JOIN (SELECT DISTINCT ps."userId" FROM "PushSubscription" ps WHERE ps."userId" IN (SELECT "userId" FROM ${S})) reach_p ON reach_p."userId" = ${M}."userId"
      LEFT JOIN "MailOptOut" reach_o ON reach_o."userId" = ${M}."userId" AND reach_o."businessId" = ${M}."businessId"`,
    consent: sql`(${U}."notificationsEnabled" AND ${U}."disabledAt" IS NULL AND reach_mc."userId" IS NOT NULL)`,
    wallet: sql`(reach_g."membershipId" IS NOT NULL OR reach_a."membershipId" IS NOT NULL)`,
    push: sql`(reach_p."userId" IS NOT NULL)`,
    email: sql`(${U}."email" IS NOT NULL${verified} AND reach_o."userId" IS NULL)`,
  };
}
