import { format } from "date-fns";
import { chanceToPercent } from "@/lib/validation/program-form";
import type { ProgramRulesInput } from "@/lib/validation/programs";

/** The rules as a form holds them mid-edit: any field may be missing. */
export type OfferRules = Omit<ProgramRulesInput, "tiers"> & { tiers?: { name?: string; minVisits?: number }[] };

// What a program offers, in one line a customer understands
// ("Collect 10 stamps → Free coffee"). Pure, so the live preview can run it on
// every keystroke, including while a field is half typed.

const REWARD_PLACEHOLDER = "your reward";

function amount(value: number | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "?";
}

function counted(value: number | undefined, one: string, many: string): string {
  return `${amount(value)} ${value === 1 ? one : many}`;
}

export function programOfferLine(type: string, rules: OfferRules | undefined, rewardName: string | undefined): string {
  const r = rules ?? {};
  const reward = rewardName?.trim() || REWARD_PLACEHOLDER;
  switch (type) {
    case "stamps":
      return `Collect ${counted(r.stampsRequired, "stamp", "stamps")} → ${reward}`;
    case "time-limited":
      return `Collect ${counted(r.stampsRequired, "stamp", "stamps")} before the end date → ${reward}`;
    case "points":
      return `Earn ${counted(r.pointsPerVisit, "point", "points")} per visit; ${counted(r.threshold, "point", "points")} → ${reward}`;
    case "visits":
      return `Every ${counted(r.visitsRequired, "visit", "visits")} → ${reward}`;
    case "tier": {
      const upper = (r.tiers ?? [])
        .slice(1)
        .map((tier) => `${tier.name || "?"} at ${counted(tier.minVisits, "visit", "visits")}`);
      return upper.length ? `Reach ${upper.join(", ")} → ${reward}` : `Join the club → ${reward}`;
    }
    case "referral":
      return `Invite a friend → ${reward} on their first visit${r.welcomeReward ? " (and one for your friend too)" : ""}`;
    case "birthday":
      return r.windowDays === 0
        ? `Visit on your birthday → ${reward}`
        : `Visit within ${counted(r.windowDays, "day", "days")} of your birthday → ${reward}`;
    case "anniversary":
      return `Visit on your membership anniversary → ${reward}`;
    case "challenge":
      return `Visit ${amount(r.visitsRequired)} times within ${counted(r.withinDays, "day", "days")} → ${reward}`;
    case "gamified":
      return `Every visit has a ${amount(chanceToPercent(r.winChance))}% chance to win → ${reward}`;
    default:
      return "Every visit counts";
  }
}

/** A stored date-only value (UTC midnight) or a form's YYYY-MM-DD as 'MMM dd, yyyy'. */
export function formatProgramDay(day: Date | string | null | undefined): string | null {
  if (!day) return null;
  const iso = typeof day === "string" ? day : day.toISOString().slice(0, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  // A local Date on that calendar day, so no time zone can shift it by one.
  return format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), "MMM dd, yyyy");
}
