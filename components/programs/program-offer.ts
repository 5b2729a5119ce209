import { formatDay } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { chanceToPercent } from "@/lib/validation/program-form";
import type { ProgramRulesInput } from "@/lib/validation/programs";

/** The rules as a form holds them mid-edit: any field may be missing. */
export type OfferRules = Omit<ProgramRulesInput, "tiers"> & { tiers?: { name?: string; minVisits?: number }[] };

/** next-intl's `t` for the `programEditor.offer` namespace (a plain function, so tests pass the English catalog's). */
export type OfferTranslator = (key: string, values?: Record<string, string | number>) => string;

// What a program offers, in one line a customer understands
// ("Collect 10 stamps → Free coffee"). Pure, so the live preview can run it on
// every keystroke, including while a field is half typed.

function finite(value: number | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * "10 stamps", or "? stamps" while the number is half typed. The count is
 * written as typed (String), not grouped, as the line always showed it.
 */
function counted(t: OfferTranslator, unit: "stamps" | "points" | "visits" | "days", value: number | undefined) {
  return finite(value) ? t(`units.${unit}`, { count: value, amount: String(value) }) : t(`unknown.${unit}`);
}

export function programOfferLine(
  t: OfferTranslator,
  type: string,
  rules: OfferRules | undefined,
  rewardName: string | undefined,
): string {
  const r = rules ?? {};
  const reward = rewardName?.trim() || t("rewardPlaceholder");
  switch (type) {
    case "stamps":
      return t("stamps", { stamps: counted(t, "stamps", r.stampsRequired), reward });
    case "time-limited":
      return t("timeLimited", { stamps: counted(t, "stamps", r.stampsRequired), reward });
    case "points":
      return t("points", {
        perVisit: counted(t, "points", r.pointsPerVisit),
        threshold: counted(t, "points", r.threshold),
        reward,
      });
    case "visits":
      return t("visits", { visits: counted(t, "visits", r.visitsRequired), reward });
    case "tier": {
      const upper = (r.tiers ?? [])
        .slice(1)
        .map((tier) => t("tierAt", { tier: tier.name || "?", visits: counted(t, "visits", tier.minVisits) }));
      return upper.length ? t("tier", { tiers: upper.join(", "), reward }) : t("tierJoin", { reward });
    }
    case "referral":
      return t(r.welcomeReward ? "referralBoth" : "referral", { reward });
    case "birthday":
      return r.windowDays === 0
        ? t("birthdayOnTheDay", { reward })
        : t("birthdayWithin", { days: counted(t, "days", r.windowDays), reward });
    case "anniversary":
      return t("anniversary", { reward });
    case "challenge":
      return t("challenge", {
        visits: finite(r.visitsRequired) ? String(r.visitsRequired) : "?",
        days: counted(t, "days", r.withinDays),
        reward,
      });
    case "gamified": {
      const percent = chanceToPercent(r.winChance);
      return t("gamified", { percent: Number.isFinite(percent) ? String(percent) : "?", reward });
    }
    default:
      return t("other");
  }
}

/**
 * A stored date-only value (UTC midnight) or a form's YYYY-MM-DD, the way the
 * locale writes a day (English: 'MMM dd, yyyy').
 */
export function formatProgramDay(day: Date | string | null | undefined, locale: Locale = "en"): string | null {
  if (!day) return null;
  const iso = typeof day === "string" ? day : day.toISOString().slice(0, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // An out-of-range day ("2030-02-30") rolls over as it always did.
  return formatDay(date.toISOString(), locale);
}
