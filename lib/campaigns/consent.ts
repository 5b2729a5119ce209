import "server-only";
import { z } from "zod";
import {
  readMarketingConsent,
  readOutreachSettings,
  writeMarketingConsent,
  writeOutreachSettings,
  grantedBusinessIds,
  type ConsentState,
  type OutreachSettingsRow,
} from "@/lib/db/marketing";

// A customer's yes to a business's marketing, and the business's outreach
// rules (docs/campaigns.md, "Consent" and "Per recipient, at send time"). The
// bounds below are the table's CHECKs too.

export const CONSENT_SOURCES = ["card", "settings", "unsubscribe", "sign-up", "owner-import"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export async function setMarketingConsent(
  userId: string,
  businessId: string,
  granted: boolean,
  source: ConsentSource,
): Promise<void> {
  await writeMarketingConsent(userId, businessId, granted, source);
}

/** The businesses a customer takes offers from (their wallet and Settings list every card's switch). */
export function marketingConsentsOf(userId: string): Promise<Set<string>> {
  return grantedBusinessIds(userId);
}

export function getMarketingConsent(userId: string, businessId: string): Promise<ConsentState> {
  return readMarketingConsent(userId, businessId);
}

const minuteOfDay = z.number().int().min(0).max(1439);
export const outreachSettingsSchema = z
  .object({
    capMessages: z.number().int().min(1).max(3),
    capDays: z.number().int().min(3).max(30),
    quietStartMinute: minuteOfDay,
    quietEndMinute: minuteOfDay,
  })
  .strict();

export type OutreachSettings = OutreachSettingsRow;

export function getOutreachSettings(businessId: string): Promise<OutreachSettings> {
  return readOutreachSettings(businessId);
}

/** Saves the rules; input outside the bounds is refused (`invalid`) and changes nothing. */
export async function saveOutreachSettings(
  businessId: string,
  input: unknown,
): Promise<{ ok: true } | { ok: false; code: "invalid" }> {
  const parsed = outreachSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid" };
  await writeOutreachSettings(businessId, parsed.data);
  return { ok: true };
}
