// Referral: when a referred newcomer makes their first visit, the friend who
// invited them earns the reward; the newcomer earns a welcome reward only if
// the owner turned it on. `count` and `total` are the customer's visits;
// state.referrals counts friends this customer brought in.
import type { ReferralRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import { readCount } from "./state";
import type { EngineContext, ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

const CREDITED = "referralCredited";
const REFERRALS = "referrals";

export function applyReferral(rules: ReferralRules, progress: ProgressState, ctx: EngineContext): VisitResult {
  const next: ProgressState = { ...progress, count: progress.count + 1, total: progress.total + 1 };
  // isFirstVisit is the engine's word; the state flag makes "only once" hold
  // even if a visit were ever replayed.
  const qualifies = ctx.isFirstVisit && Boolean(ctx.referrerId) && progress.state[CREDITED] !== true;
  if (!qualifies) {
    return { next, rewardsIssued: 0, referrerRewards: 0, summary: { type: "referral", line: visitLine("recorded") } };
  }
  next.state = { ...progress.state, [CREDITED]: true };
  const rewardsIssued = rules.welcomeReward ? 1 : 0;
  const line = visitLine(rules.welcomeReward ? "referralBoth" : "referralFriend");
  return { next, rewardsIssued, referrerRewards: 1, summary: { type: "referral", line } };
}

/** The referrer's side: one more friend brought in (the engine issues the reward). */
export function creditReferrer(progress: ProgressState): ProgressState {
  return { ...progress, state: { ...progress.state, [REFERRALS]: readCount(progress.state, REFERRALS) + 1 } };
}

export function describeReferral(_rules: ReferralRules, progress: ProgressState): ProgressDescription {
  const referrals = readCount(progress.state, REFERRALS);
  return { current: referrals, target: null, line: progressLine("referral", { count: referrals }) };
}

export const referralProgram: ProgramModule<ReferralRules> = {
  type: "referral",
  apply: (rules, progress, ctx) => applyReferral(rules, progress, ctx),
  describe: describeReferral,
};
