import "server-only";
import { readOfferCounts, readWindowSums, type WindowGroupSums } from "@/lib/db/campaign-results";
import {
  differenceOfMeans,
  isEnoughData,
  meanOf,
  scaleInterval,
  twoProportionDifference,
  type Interval,
} from "@/lib/campaigns/lift";

// A campaign's results (docs/campaigns.md, "The extra visits it caused"): for
// 7, 14 and 30 days after each recipient entered it, the members it was for
// against the held-out control group. "Messaged" is intention-to-treat: every
// recipient not held out, sent or not (skipped for consent or channel, failed,
// still queued). Only that comparison keeps the random draw's balance: keeping
// just those actually reached would compare reachable, consenting customers
// (who visit more anyway) against everyone, and credit the campaign for it.
// The price is a smaller, diluted effect — an honest one.

export const RESULT_WINDOWS = [7, 14, 30] as const;
export type ResultWindow = (typeof RESULT_WINDOWS)[number];

export type GroupCounts = { members: number; returned: number; visits: number };

export type WindowResult = {
  days: ResultWindow;
  /** Some member's window is still open: the numbers will still grow. */
  partial: boolean;
  messaged: GroupCounts;
  heldOut: GroupCounts;
  /** Shares who came back at least once; the difference with Newcombe's 95% interval (null: a group is empty). */
  returnRate: { messaged: number | null; heldOut: number | null; difference: Interval | null };
  /** Visits per member; the difference with Welch's 95% interval (null: a group has fewer than two members). */
  visitsPerMember: { messaged: number | null; heldOut: number | null; difference: Interval | null };
  /** The extra visits the campaign caused among the members messaged, with its interval. */
  extraVisits: Interval | null;
  /** Both groups big enough and the extra visits' interval leaves out zero (lib/campaigns/lift.ts, isEnoughData). */
  enoughData: boolean;
};

export type CampaignResults = {
  /** The windows that have started (a recipient entered before `now`), shortest first. */
  windows: WindowResult[];
  /** Offers given to recipients. */
  offersApplied: number;
  /** Rewards issued by the campaign's offer and redeemed: counted apart from visits. */
  offerRedemptions: number;
};

const EMPTY = { members: 0, returned: 0, visits: 0, visitsSquared: 0, open: false };

function windowResult(days: ResultWindow, rows: WindowGroupSums[]): WindowResult {
  const messaged = rows.find((row) => row.days === days && !row.heldOut) ?? { ...EMPTY, days, heldOut: false };
  const heldOut = rows.find((row) => row.days === days && row.heldOut) ?? { ...EMPTY, days, heldOut: true };
  const summary = (group: WindowGroupSums) => ({
    n: group.members,
    sum: group.visits,
    sumOfSquares: group.visitsSquared,
  });
  const rate = (group: WindowGroupSums) => (group.members > 0 ? group.returned / group.members : null);
  const perMember = differenceOfMeans(summary(messaged), summary(heldOut));
  const extraVisits = perMember && scaleInterval(perMember, messaged.members);
  const counts = ({ members, returned, visits }: WindowGroupSums): GroupCounts => ({ members, returned, visits });
  return {
    days,
    partial: messaged.open || heldOut.open,
    messaged: counts(messaged),
    heldOut: counts(heldOut),
    returnRate: {
      messaged: rate(messaged),
      heldOut: rate(heldOut),
      difference: twoProportionDifference(messaged.returned, messaged.members, heldOut.returned, heldOut.members),
    },
    visitsPerMember: {
      messaged: meanOf(summary(messaged)),
      heldOut: meanOf(summary(heldOut)),
      difference: perMember,
    },
    extraVisits,
    enoughData: isEnoughData(extraVisits, messaged.members, heldOut.members),
  };
}

/** The campaign's lift per window, and its offers' redemptions; `now` cuts the windows still open. */
export async function campaignResults(campaignId: string, now: Date = new Date()): Promise<CampaignResults> {
  const [rows, offers] = await Promise.all([
    readWindowSums(campaignId, RESULT_WINDOWS, now),
    readOfferCounts(campaignId),
  ]);
  const windows = RESULT_WINDOWS.filter((days) => rows.some((row) => row.days === days)).map((days) =>
    windowResult(days, rows),
  );
  return { windows, offersApplied: offers.applied, offerRedemptions: offers.redeemed };
}
