import type { PublicBusiness } from "@/lib/business/public-business";
import { reopensAt } from "@/lib/business/season-pause";
import type { ProgramSummary } from "@/lib/db/tap-landing";
import type { IssuedReward, ProgramOutcome } from "@/lib/db/visit-types";
import { englishLine } from "@/lib/i18n/english-lines";
import { message } from "@/lib/i18n/message";
import { nextVisitAtCooldownEnd } from "@/lib/tap/next-visit";
import type { TapState } from "@/lib/tap/state";

// The JSON a tap answers (docs/tap-api.md), built from the domain results.

/** A business closed for the season, as the tap's answers carry it (docs/tap-api.md, "Closed for the season"). */
export type ClosedJson = {
  business: string;
  /** The local day it reopens on the morning of (YYYY-MM-DD); null: when its owner reopens it. */
  until: string | null;
  /** That morning as an instant (ISO 8601, UTC); null with `until`. */
  reopens_at: string | null;
  time_zone: string;
};

export function closedJson(business: string, until: string | null, timeZone: string): ClosedJson {
  return { business, until, reopens_at: reopensAt(until, timeZone)?.toISOString() ?? null, time_zone: timeZone };
}

export function businessJson(business: PublicBusiness, programs: ProgramSummary[]) {
  return {
    id: business.id,
    slug: business.slug,
    name: business.name,
    profile: {
      logo_url: business.logoUrl,
      description: business.description,
      keywords: business.keywords,
      website: business.website,
      phone: business.phone,
      address: business.address,
      social_media: business.socialMedia,
      theme: business.theme,
    },
    programs: programs.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      start_date: p.startDate,
      end_date: p.endDate,
    })),
  };
}

export function tapCheckJson(state: TapState) {
  const tag_id = state.tagId;
  if (state.kind === "not_found") {
    return { status: "success", tag_id, exists: false, ...(state.redirectToClaim ? { redirect_to_claim: true } : {}) };
  }
  if (state.kind === "available") {
    return {
      status: "success",
      tag_id,
      exists: true,
      business: null,
      ...(state.redirectToClaim ? { redirect_to_claim: true } : {}),
    };
  }
  return {
    status: "success",
    tag_id,
    exists: true,
    business: businessJson(state.business, state.programs),
    ...(state.closed ? { closed: closedJson(state.business.name, state.closed.until, state.closed.timeZone) } : {}),
    ...(state.redirectToDashboard ? { redirect_to_dashboard: true, message: message("api.tap.belongsToYou") } : {}),
    ...(state.linked === null
      ? {}
      : {
          linked: state.linked,
          progress: Object.entries(state.progress).map(([program_id, p]) => ({
            program_id,
            current: p.current,
            target: p.target,
            label: englishLine(p.line),
          })),
        }),
  };
}

/**
 * active_programs items: type stamps / points / reward_earned (or the program type), with the nested result.
 * The result's `message` is English; its `line` (the engine's catalog key and values) lets the tap
 * page show the same line in the reader's language.
 */
export function visitJson(
  tagId: string,
  outcome: {
    newlyLinked: boolean;
    programs: ProgramOutcome[];
    rewards: IssuedReward[];
    timeZone?: string;
    localDate?: string;
  },
) {
  const active_programs = outcome.programs.map((p) => ({
    type: p.rewardsIssued > 0 ? "reward_earned" : p.programType,
    program_id: p.programId,
    name: p.programName,
    result: { ...p.summary, message: englishLine(p.summary.line) },
    // The card's progress after this visit: the page shows it under the result, from this same answer.
    progress: {
      current: p.progress.current,
      target: p.progress.target,
      line: p.progress.line,
      label: englishLine(p.progress.line),
    },
    // The program's cooldown kept this visit's stamp: when the next may be earned (docs/loyalty-programs.md).
    ...(p.cooldownUntil
      ? { next_visit: nextVisitAtCooldownEnd(p.cooldownUntil, outcome.timeZone ?? "UTC", outcome.localDate ?? "") }
      : {}),
  }));
  const rewards_earned = outcome.rewards.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    program_id: r.programId,
    expires_at: r.expiresAt?.toISOString() ?? null,
  }));
  const noPrograms = outcome.programs.length === 0;
  return {
    status: "success" as const,
    tag_id: tagId,
    progress_updated: !noPrograms,
    linked: true,
    newly_linked: outcome.newlyLinked,
    rewards_earned,
    active_programs,
    type: (noPrograms ? "no_programs" : "progress") as "no_programs" | "progress",
    // A reward's name comes out exactly as the owner wrote it (a string value is never formatted).
    message: noPrograms
      ? message("api.tap.visitRecordedNoPrograms")
      : rewards_earned.length
        ? message("api.tap.rewardsEarned", { rewards: rewards_earned.map((r) => r.name).join(", ") })
        : message("api.tap.visitRecorded"),
  };
}
