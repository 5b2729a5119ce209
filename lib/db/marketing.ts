import "server-only";
import { db } from "@/lib/db";
import { queryRows, sql } from "@/lib/db/sql";

// A customer's yes to a business's marketing, the business's outreach rules,
// and the frequency cap's count (docs/campaigns.md, "Consent" and "Per
// recipient, at send time"). The cap is one conditional statement per message, so two senders
// racing for the same customer can never both pass it.

export type ConsentState = {
  granted: boolean;
  grantedAt: Date | null;
  withdrawnAt: Date | null;
  source: string | null;
};

/** Records a yes (granted) or a no for one customer and business; the latest answer stands. */
export async function writeMarketingConsent(
  userId: string,
  businessId: string,
  granted: boolean,
  source: string,
  now: Date = new Date(),
): Promise<void> {
  await db.marketingConsent.upsert({
    where: { userId_businessId: { userId, businessId } },
    create: { userId, businessId, source, grantedAt: now, withdrawnAt: granted ? null : now },
    update: granted ? { grantedAt: now, withdrawnAt: null, source } : { withdrawnAt: now, source },
  });
}

export async function readMarketingConsent(userId: string, businessId: string): Promise<ConsentState> {
  const row = await db.marketingConsent.findUnique({ where: { userId_businessId: { userId, businessId } } });
  if (!row) return { granted: false, grantedAt: null, withdrawnAt: null, source: null };
  return {
    granted: row.withdrawnAt === null,
    grantedAt: row.grantedAt,
    withdrawnAt: row.withdrawnAt,
    source: row.source,
  };
}

/** The businesses whose marketing the customer said yes to, in one read for a page that lists their cards. */
export async function grantedBusinessIds(userId: string): Promise<Set<string>> {
  const rows = await db.marketingConsent.findMany({
    where: { userId, withdrawnAt: null },
    select: { businessId: true },
  });
  return new Set(rows.map((row) => row.businessId));
}

export type OutreachSettingsRow = {
  capMessages: number;
  capDays: number;
  quietStartMinute: number;
  quietEndMinute: number;
};

/** The schema's defaults: one message per 7 days, quiet from 21:00 to 09:00. */
export const DEFAULT_OUTREACH: OutreachSettingsRow = {
  capMessages: 1,
  capDays: 7,
  quietStartMinute: 21 * 60,
  quietEndMinute: 9 * 60,
};

export async function readOutreachSettings(businessId: string): Promise<OutreachSettingsRow> {
  const row = await db.outreachSettings.findUnique({
    where: { businessId },
    select: { capMessages: true, capDays: true, quietStartMinute: true, quietEndMinute: true },
  });
  return row ?? DEFAULT_OUTREACH;
}

/** Writes the rules; the table's CHECKs hold the bounds whatever the caller checked. */
export async function writeOutreachSettings(businessId: string, settings: OutreachSettingsRow): Promise<void> {
  await db.outreachSettings.upsert({ where: { businessId }, create: { businessId, ...settings }, update: settings });
}

/**
 * Takes one message of the customer's allowance from the business for one
 * campaign recipient: true when it fits (a new window starts when the last
 * began `capDays` or more ago), false when the cap is reached. One statement:
 * INSERT … ON CONFLICT DO UPDATE … WHERE on MarketingContact, whose row lock
 * makes concurrent takers wait and re-check, and the recipient marked
 * (capTakenAt) by the same statement, so a recipient whose claim is taken
 * over after a crash keeps the slot it took instead of taking another.
 */
export async function takeCapSlot(
  recipientId: string,
  businessId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const expired = sql`mc."windowStart" <= ${now}::timestamp - make_interval(days => (SELECT days FROM s))`;
  const rows = await queryRows<{ taken: number }>(sql`
    WITH s AS (
      SELECT COALESCE((SELECT "capMessages" FROM "OutreachSettings" WHERE "businessId" = ${businessId}::text), 1) AS cap,
             COALESCE((SELECT "capDays" FROM "OutreachSettings" WHERE "businessId" = ${businessId}::text), 7) AS days
    ),
    had AS (SELECT "capTakenAt" FROM "CampaignRecipient" WHERE "id" = ${recipientId}::text),
    took AS (
      INSERT INTO "MarketingContact" AS mc ("businessId", "userId", "windowStart", "sentInWindow", "lastSentAt")
      SELECT ${businessId}::text, ${userId}::text, ${now}::timestamp, 1, ${now}::timestamp
      WHERE NOT EXISTS (SELECT 1 FROM had WHERE "capTakenAt" IS NOT NULL)
      ON CONFLICT ("businessId", "userId") DO UPDATE SET
        "windowStart" = CASE WHEN ${expired} THEN ${now}::timestamp ELSE mc."windowStart" END,
        "sentInWindow" = CASE WHEN ${expired} THEN 1 ELSE mc."sentInWindow" + 1 END,
        "lastSentAt" = ${now}::timestamp
      WHERE ${expired} OR mc."sentInWindow" < (SELECT cap FROM s)
      RETURNING 1
    )
    UPDATE "CampaignRecipient" SET "capTakenAt" = COALESCE("capTakenAt", ${now}::timestamp)
    WHERE "id" = ${recipientId}::text AND ("capTakenAt" IS NOT NULL OR EXISTS (SELECT 1 FROM took))
    RETURNING 1 AS taken`);
  return rows.length === 1;
}

/** The names an unsubscribe page shows: the customer's language and the business's name; null when either is gone. */
export async function consentLinkFacts(
  userId: string,
  businessId: string,
): Promise<{ language: string; businessName: string } | null> {
  const [user, business] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { language: true } }),
    db.business.findUnique({ where: { id: businessId }, select: { name: true } }),
  ]);
  return user && business ? { language: user.language, businessName: business.name } : null;
}
