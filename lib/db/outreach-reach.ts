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
// asking each table once. Here the questions are asked once per business:
// its consenting users, its mail opt-outs and, of its consenting users, those
// with a browser are each read once by the business's index into a hash that
// every member probes (an uncorrelated IN, a "hashed SubPlan"); the wallet
// cards are joined on their unique membership id, so no member is counted twice.
// tests/integration/segments.test.ts holds them to the row parts above.

export type BusinessReach = {
  /** LEFT JOINs to append after the FROM that has membership `m` (one row per membership stays one row). */
  joins: Sql;
  consent: Sql;
  wallet: Sql;
  push: Sql;
  email: Sql;
};

export function businessReachPart(
  m: string,
  u: string,
  businessId: string,
  requireVerifiedEmail: boolean,
): BusinessReach {
  const [M, U] = [raw(m), raw(u)];
  const verified = requireVerifiedEmail ? sql` AND ${U}."emailVerified" IS NOT NULL` : sql``;
  const consenting = sql`SELECT mc."userId" FROM "MarketingConsent" mc WHERE mc."businessId" = ${businessId}::text AND mc."withdrawnAt" IS NULL`;
  return {
    // ApplePass and GoogleWalletObject hold one row per membership (unique), and
    // the device test is a semi-join, so these joins never repeat a member.
    joins: sql` LEFT JOIN "GoogleWalletObject" reach_g ON reach_g."membershipId" = ${M}."id" AND reach_g."state" = 'ACTIVE'
      LEFT JOIN (SELECT p."membershipId" FROM "ApplePass" p WHERE p."voidedAt" IS NULL
        AND EXISTS (SELECT 1 FROM "AppleDeviceRegistration" r WHERE r."passId" = p."id")) reach_a ON reach_a."membershipId" = ${M}."id"`,
    consent: sql`(${U}."notificationsEnabled" AND ${U}."disabledAt" IS NULL AND ${M}."userId" IN (${consenting}))`,
    wallet: sql`(reach_g."membershipId" IS NOT NULL OR reach_a."membershipId" IS NOT NULL)`,
    // Push only matters once consent is given, so only the consenting users' browsers are read.
    push: sql`(${M}."userId" IN (SELECT ps."userId" FROM "PushSubscription" ps WHERE ps."userId" IN (${consenting})))`,
    email: sql`(${U}."email" IS NOT NULL${verified} AND NOT ${M}."userId" IN (SELECT o."userId" FROM "MailOptOut" o WHERE o."businessId" = ${businessId}::text))`,
  };
}
