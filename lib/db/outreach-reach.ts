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
