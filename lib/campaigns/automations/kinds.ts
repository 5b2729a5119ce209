import { MAX_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import type { AutomationKind } from "@/lib/generated/prisma/enums";

// Each automation's kind and what its number means (docs/campaigns.md,
// "Automations"). Pure data: the form, the schema and the sweep read it.

export type { AutomationKind };

export const AUTOMATION_KINDS = [
  "WIN_BACK",
  "BIRTHDAY",
  "ONE_STAMP_AWAY",
  "WELCOME",
  "REWARD_EXPIRING",
] as const satisfies readonly AutomationKind[];

export type KindRules = {
  /** The kind's number (days away, days before the birthday), or null when it has none. */
  days: { min: number; max: number; default: number } | null;
  /** On for a business that never saved it: only the reminder, which has always been sent. */
  enabledByDefault: boolean;
  /** A service message (not marketing): never held out and no offer attached. */
  service: boolean;
  maxHoldoutPercent: number;
};

export const KIND_RULES: Record<AutomationKind, KindRules> = {
  WIN_BACK: {
    days: { min: 7, max: 365, default: 30 },
    enabledByDefault: false,
    service: false,
    maxHoldoutPercent: MAX_HOLDOUT_PERCENT,
  },
  BIRTHDAY: {
    days: { min: 0, max: 30, default: 0 },
    enabledByDefault: false,
    service: false,
    maxHoldoutPercent: MAX_HOLDOUT_PERCENT,
  },
  ONE_STAMP_AWAY: { days: null, enabledByDefault: false, service: false, maxHoldoutPercent: MAX_HOLDOUT_PERCENT },
  WELCOME: { days: null, enabledByDefault: false, service: false, maxHoldoutPercent: MAX_HOLDOUT_PERCENT },
  REWARD_EXPIRING: { days: null, enabledByDefault: true, service: true, maxHoldoutPercent: 0 },
};

export function isAutomationKind(value: string): value is AutomationKind {
  return (AUTOMATION_KINDS as readonly string[]).includes(value);
}
