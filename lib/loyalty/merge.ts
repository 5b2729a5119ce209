// Two cards of one customer at one business made one: a guest's card merged
// into the account it signed in to (docs/loyalty-programs.md, "Merging two
// cards"). Pure: lib/db/merge-guest.ts locks both cards' progress, calls this
// per program, stores `next` on the account's card and issues `rewardsIssued`
// rewards through the visit's own code (issueReward), once, in the merge's
// transaction.
//
// The rule per type (whatever was counted adds up; nothing already earned is
// paid twice; nothing is taken back):
// - stamps, visits, time-limited: the guest's marks are added to the account's
//   card one by one, as that many taps would (punchCard): a card that fills
//   issues its reward and starts over, the marks after it carry on the fresh card.
// - points: balances add up; every threshold reached issues a reward, the rest carries.
// - tier: visits add up; the tier is the one the combined visits reach (never
//   lower than the higher of the two); tiers either card had reached stay
//   reached, and a tier only the combined visits reach pays its reward.
// - challenge: a window still open on the merge day keeps its visits; with both
//   open, the earlier one is kept (every visit of both falls inside it) and the
//   visits add up; meeting the goal issues the reward and closes the window.
// - birthday, anniversary: visits add up; the last year paid is the later of
//   the two, so no year is paid twice; the merge itself never pays one.
// - referral: visits and friends brought in add up; "credited" holds if either was.
// - gamified: plays and wins add up; the merge is not a draw.
// - other (and unknown types): visits add up.
// A program that is not running (paused, ended, outside its dates) still adds
// up its counts but issues nothing: its next visit, when it runs, completes a
// full card (the rules' `>=`).
import { punchCard } from "./card";
import { isProgramInDate } from "./dates";
import { isWindowOpen } from "./challenge";
import { programTypeOf, ruleSchemas, type ProgramType } from "./rules";
import {
  normalizeProgress,
  readCount,
  readMarker,
  readString,
  readStringList,
  type StoredProgressInput,
} from "./state";
import { tierFor } from "./tier";
import type { ProgramInput, ProgressState } from "./types";

export type MergeContext = {
  /** The merge day at the business: YYYY-MM-DD in its time zone. */
  localDate: string;
  /** Whether the program runs (active and not ended); its dates are checked here. */
  active: boolean;
};

export type MergedProgress = { next: ProgressState; rewardsIssued: number };

const add = (a: ProgressState, b: ProgressState): ProgressState => ({
  ...a,
  count: a.count + b.count,
  total: a.total + b.total,
});

function addMarks(account: ProgressState, guest: ProgressState, required: number, running: boolean): MergedProgress {
  if (!running) return { next: add(account, guest), rewardsIssued: 0 };
  let next: ProgressState = account;
  let rewardsIssued = 0;
  for (let i = 0; i < guest.count; i++) {
    const step = punchCard(next, required);
    next = step.next;
    rewardsIssued += step.rewardsIssued;
  }
  // punchCard counted the marks in `total` already; the guest's other visits (cards it completed) add too.
  return { next: { ...next, total: account.total + guest.total }, rewardsIssued };
}

/** The later of two markers (a year, a membership year); absent when neither has one. */
function laterMarker(a: ProgressState, b: ProgressState, key: string): Record<string, unknown> {
  const later = Math.max(readMarker(a.state, key), readMarker(b.state, key));
  return Number.isFinite(later) ? { [key]: later } : {};
}

type Combine = (
  rules: never,
  account: ProgressState,
  guest: ProgressState,
  running: boolean,
  ctx: MergeContext,
) => MergedProgress;

const combiners: Record<ProgramType, Combine> = {
  stamps: (rules: { stampsRequired: number }, account, guest, running) =>
    addMarks(account, guest, rules.stampsRequired, running),
  "time-limited": (rules: { stampsRequired: number }, account, guest, running) =>
    addMarks(account, guest, rules.stampsRequired, running),
  visits: (rules: { visitsRequired: number }, account, guest, running) =>
    addMarks(account, guest, rules.visitsRequired, running),
  points: (rules: { threshold: number }, account, guest, running) => {
    const balance = account.count + guest.count;
    const rewardsIssued = running ? Math.floor(balance / rules.threshold) : 0;
    const next = { ...account, count: balance - rewardsIssued * rules.threshold, total: account.total + guest.total };
    return { next, rewardsIssued };
  },
  tier: (rules: { tiers: { name: string; minVisits: number }[] }, account, guest, running) => {
    const total = account.total + guest.total;
    const reached = new Set([
      ...readStringList(account.state, "reachedTiers"),
      ...readStringList(guest.state, "reachedTiers"),
    ]);
    for (const tier of [account.tier, guest.tier]) if (tier) reached.add(tier);
    const newly = running ? rules.tiers.filter((tier) => tier.minVisits <= total && !reached.has(tier.name)) : [];
    for (const tier of newly) reached.add(tier.name);
    const current = tierFor(rules.tiers, total).current?.name ?? account.tier ?? guest.tier;
    return {
      next: {
        count: total,
        total,
        tier: current,
        state: { ...guest.state, ...account.state, reachedTiers: [...reached] },
      },
      rewardsIssued: newly.filter((tier) => tier.minVisits > 0).length,
    };
  },
  challenge: (rules: { visitsRequired: number; withinDays: number }, account, guest, running, ctx) => {
    const open = [account, guest]
      .map((card) => ({ card, start: readString(card.state, "windowStart") }))
      .filter(({ start }) => isWindowOpen(start, ctx.localDate, rules.withinDays));
    const count = open.reduce((sum, { card }) => sum + card.count, 0);
    const starts = open.map(({ start }) => start!).sort();
    const total = account.total + guest.total;
    const state = { ...guest.state, ...account.state };
    if (running && count >= rules.visitsRequired) {
      return { next: { ...account, count: 0, total, state: { ...state, windowStart: null } }, rewardsIssued: 1 };
    }
    return {
      next: { ...account, count, total, state: { ...state, windowStart: starts[0] ?? null } },
      rewardsIssued: 0,
    };
  },
  birthday: (_rules, account, guest) => ({
    next: {
      ...add(account, guest),
      state: { ...guest.state, ...account.state, ...laterMarker(account, guest, "lastBirthdayYear") },
    },
    rewardsIssued: 0,
  }),
  anniversary: (_rules, account, guest) => ({
    next: {
      ...add(account, guest),
      state: { ...guest.state, ...account.state, ...laterMarker(account, guest, "lastAnniversary") },
    },
    rewardsIssued: 0,
  }),
  referral: (_rules, account, guest) => {
    const credited = account.state.referralCredited === true || guest.state.referralCredited === true;
    const referrals = readCount(account.state, "referrals") + readCount(guest.state, "referrals");
    const state: Record<string, unknown> = { ...guest.state, ...account.state, referrals };
    if (credited) state.referralCredited = true;
    return { next: { ...add(account, guest), state }, rewardsIssued: 0 };
  },
  gamified: (_rules, account, guest) => ({
    next: {
      ...add(account, guest),
      state: {
        ...guest.state,
        ...account.state,
        wins: readCount(account.state, "wins") + readCount(guest.state, "wins"),
      },
    },
    rewardsIssued: 0,
  }),
  other: (_rules, account, guest) => ({ next: add(account, guest), rewardsIssued: 0 }),
};

/**
 * The account's card in `program` after the guest's is merged into it. Either
 * side may be missing (no progress yet). Rules that no longer validate add
 * the counts up and issue nothing, rather than guess.
 */
export function mergeProgress(
  program: ProgramInput,
  account: StoredProgressInput | null | undefined,
  guest: StoredProgressInput | null | undefined,
  ctx: MergeContext,
): MergedProgress {
  const mine = normalizeProgress(account);
  const theirs = normalizeProgress(guest);
  const type = programTypeOf(program.type);
  const parsed = ruleSchemas[type].safeParse(program.rules ?? {});
  if (!parsed.success) return { next: add(mine, theirs), rewardsIssued: 0 };
  const running = ctx.active && isProgramInDate(program, ctx.localDate);
  return combiners[type](parsed.data as never, mine, theirs, running, ctx);
}
