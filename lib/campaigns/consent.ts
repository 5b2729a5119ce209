import "server-only";
// PLACEHOLDER (composer branch): the `sending` engineer owns this file; dropped at merge.
import { db } from "@/lib/db";

export async function setMarketingConsent(
  userId: string,
  businessId: string,
  granted: boolean,
  source: string,
): Promise<void> {
  await db.marketingConsent.upsert({
    where: { userId_businessId: { userId, businessId } },
    create: { userId, businessId, source, withdrawnAt: granted ? null : new Date() },
    update: granted ? { grantedAt: new Date(), withdrawnAt: null, source } : { withdrawnAt: new Date(), source },
  });
}

export async function getMarketingConsent(userId: string, businessId: string): Promise<boolean> {
  const row = await db.marketingConsent.findUnique({ where: { userId_businessId: { userId, businessId } } });
  return Boolean(row && !row.withdrawnAt);
}

export type OutreachSettingsInput = {
  capMessages: number;
  capDays: number;
  quietStartMinute: number;
  quietEndMinute: number;
};

export async function getOutreachSettings(businessId: string): Promise<OutreachSettingsInput> {
  const row = await db.outreachSettings.findUnique({ where: { businessId } });
  return row ?? { capMessages: 1, capDays: 7, quietStartMinute: 1260, quietEndMinute: 540 };
}

export async function saveOutreachSettings(businessId: string, settings: OutreachSettingsInput): Promise<void> {
  await db.outreachSettings.upsert({ where: { businessId }, create: { businessId, ...settings }, update: settings });
}
