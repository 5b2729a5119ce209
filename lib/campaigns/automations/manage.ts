import "server-only";
import { KIND_RULES, AUTOMATION_KINDS, type AutomationKind } from "@/lib/campaigns/automations/kinds";
import { automationSettingsSchema, type AutomationOffer } from "@/lib/campaigns/automations/input";
import { DEFAULT_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import { automationRows, businessProgramType, upsertAutomation, type AutomationRow } from "@/lib/db/automations";
import { message, type Message } from "@/lib/i18n/message";
import type { Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { fieldErrorsOf, firstIssue } from "@/lib/validation/errors";

// An owner's automations (docs/campaigns.md, "Automations"): each kind with
// its saved settings, or the defaults until it is saved.

export type AutomationView = {
  kind: AutomationKind;
  saved: boolean;
  enabled: boolean;
  message: string;
  days: number | null;
  offer: AutomationOffer | null;
  holdoutPercent: number;
  recipients: number;
  heldOut: number;
};

/** The default wording of each kind in `locale` (messages/<locale>/automations.json, "defaults"). */
export async function defaultWording(locale: Locale): Promise<Record<AutomationKind, string>> {
  const catalog = (await loadMessages(locale)).automations as { defaults: Record<AutomationKind, string> };
  return catalog.defaults;
}

function offerOf(row: AutomationRow): AutomationOffer | null {
  if (row.offerKind === "REWARD")
    return { kind: "REWARD", rewardName: row.offerRewardName ?? "", validDays: row.offerValidDays ?? 1 };
  if (row.offerKind) return { kind: row.offerKind, programId: row.offerProgramId ?? "", amount: row.offerAmount ?? 1 };
  return null;
}

/** Every kind, in order: the saved one, or its defaults (the default wording in `locale`). */
export async function listAutomations(businessId: string, locale: Locale = "en"): Promise<AutomationView[]> {
  const [rows, wording] = await Promise.all([automationRows(businessId), defaultWording(locale)]);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return AUTOMATION_KINDS.map((kind) => {
    const row = byKind.get(kind);
    const rules = KIND_RULES[kind];
    if (!row)
      return {
        kind,
        saved: false,
        enabled: rules.enabledByDefault,
        message: wording[kind],
        days: rules.days?.default ?? null,
        offer: null,
        holdoutPercent: Math.min(DEFAULT_HOLDOUT_PERCENT, rules.maxHoldoutPercent),
        recipients: 0,
        heldOut: 0,
      };
    return {
      kind,
      saved: true,
      enabled: row.enabled,
      message: row.message,
      days: row.days,
      offer: offerOf(row),
      holdoutPercent: row.holdoutPercent,
      recipients: row.recipients,
      heldOut: row.heldOut,
    };
  });
}

export type SaveAutomationOutcome =
  { ok: true; id: string; campaignId: string } | { ok: false; error: Message; fieldErrors: Record<string, Message> };

const OFFER_PROGRAM_TYPES = { STAMPS: ["stamps"], POINTS: ["points"] } as const;

/**
 * Saves one automation of the business: validated against its kind's bounds,
 * an offer's program must be the business's and of the offer's type. Bad
 * input changes nothing.
 */
export async function saveAutomation(
  businessId: string,
  kind: AutomationKind,
  input: unknown,
): Promise<SaveAutomationOutcome> {
  const parsed = automationSettingsSchema.safeParse({ ...(input as object), kind });
  if (!parsed.success)
    return { ok: false, error: firstIssue(parsed.error, "errors.checkForm"), fieldErrors: fieldErrorsOf(parsed.error) };
  const settings = parsed.data;
  const offer = settings.offer;
  if (offer && offer.kind !== "REWARD") {
    const type = await businessProgramType(businessId, offer.programId);
    if (!type || !(OFFER_PROGRAM_TYPES[offer.kind] as readonly string[]).includes(type)) {
      const error = message("automations.errors.program");
      return { ok: false, error, fieldErrors: { "offer.programId": error } };
    }
  }
  const saved = await upsertAutomation(businessId, kind, {
    enabled: settings.enabled,
    message: settings.message,
    days: KIND_RULES[kind].days ? settings.days : null,
    holdoutPercent: settings.holdoutPercent,
    offer: offer
      ? offer.kind === "REWARD"
        ? { kind: "REWARD", programId: null, amount: null, rewardName: offer.rewardName, validDays: offer.validDays }
        : { kind: offer.kind, programId: offer.programId, amount: offer.amount, rewardName: null, validDays: null }
      : null,
  });
  return { ok: true, ...saved };
}
