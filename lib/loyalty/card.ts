// The punch-card mechanic shared by stamps, visits and time-limited programs:
// one mark per visit, a reward when the card is full, then a fresh card.
import type { ProgressState } from "./types";

export type CardStep = { next: ProgressState; rewardsIssued: number };

export function punchCard(progress: ProgressState, required: number): CardStep {
  const count = progress.count + 1;
  const total = progress.total + 1;
  // `>=` rather than `===`: if the owner lowered the target below a card's
  // count, the next visit completes the card instead of never completing it.
  // A full card earns one reward and starts over at 0; marks beyond the target
  // are not carried over (unlike points).
  if (count >= required) return { next: { ...progress, count: 0, total }, rewardsIssued: 1 };
  return { next: { ...progress, count, total }, rewardsIssued: 0 };
}
