"use server";

import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { formatDay } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { message, type MessageOrText } from "@/lib/i18n/message";
import { listWorkplaces } from "@/lib/db/business-access";
import { findRewardToRedeem, isOwnReward, type RedeemFailure, type RedeemResult } from "@/lib/db/rewards";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import {
  COUNTER_CHOOSE_MESSAGE,
  COUNTER_LOCATION_CLOSED_MESSAGE,
  counterPlaces,
  rememberedCounterLocations,
} from "@/lib/staff/counter-location";
import type { CounterPlace } from "@/lib/staff/locations";
import { counterLocationArgSchema, redeemCodeSchema, rewardIdSchema } from "@/lib/validation/rewards";
import { closedMessage } from "@/lib/business/closed-messages";

export type RedeemActionResult = ActionResult<{
  rewardId: string;
  name: string;
  customerName: string | null;
  /** The day of the redemption in the business's time zone, written in the reader's language. */
  redeemedOn: string;
}>;

export type RewardLookupActionResult = ActionResult<{
  rewardId: string;
  name: string;
  customerName: string | null;
  /** The day the customer earned it in the business's time zone, written in the reader's language. */
  earnedOn: string;
  /** Where the counter of the reward's business works: the location the confirmation names. */
  place: CounterPlace;
}>;

// The refusal's catalog key, from its code (lib/db/rewards answers codes).
function refusal(result: RedeemFailure, locale: Locale): MessageOrText {
  if (result.code === "not_found") return "rewards.errors.notFound";
  if (result.code === "own_reward") return OWN_REWARD;
  if (result.code === "expired") return "rewards.errors.expired";
  if (result.code === "business_closed" && result.closed)
    return closedMessage("counter", result.closed.business, { until: result.closed.until });
  if (result.code === "choose_location") return COUNTER_CHOOSE_MESSAGE;
  if (result.code === "location_not_found") return COUNTER_LOCATION_CLOSED_MESSAGE;
  return result.redeemedOn
    ? message("rewards.errors.alreadyRedeemedOn", { date: formatDay(result.redeemedOn, locale) })
    : "rewards.errors.alreadyRedeemed";
}

const NOT_UNDONE = "rewards.errors.tooLateToUndo";
const OWN_REWARD = "rewards.errors.ownReward";
const TOO_LATE = failure(NOT_UNDONE);

/**
 * A reward not found (or not undone) for someone who works at no business at all (a staff
 * member revoked a moment ago, a customer): say why nothing can be redeemed,
 * rather than a bare "not found". It says nothing about any reward.
 */
async function notFoundFor(userId: string, key: MessageOrText): Promise<MessageOrText> {
  if (key !== "rewards.errors.notFound" && key !== NOT_UNDONE) return key;
  return (await listWorkplaces(userId)).length === 0 ? "rewards.errors.noWorkplace" : key;
}

// redeemReward, findRewardToRedeem and undoRedemption match the owner or the
// staff of the reward's business in their own statement (lib/db/business-access.ts).
async function redeemed(userId: string, result: RedeemResult): Promise<RedeemActionResult> {
  const locale = (await getLocale()) as Locale;
  return result.ok
    ? {
        ok: true,
        rewardId: result.rewardId,
        name: result.name,
        customerName: result.customerName,
        redeemedOn: formatDay(result.redeemedOn, locale),
      }
    : failure(await notFoundFor(userId, refusal(result, locale)));
}

/**
 * The owner or a staff member confirms a reward: the QR's page button, or after
 * checking a typed code; the second argument is the counter's location
 * (docs/locations.md, "The counter").
 */
export const redeemRewardAction = action(
  {
    role: "user",
    args: [rewardIdSchema, counterLocationArgSchema],
    invalid: [failure("rewards.errors.notFound"), failure(COUNTER_LOCATION_CLOSED_MESSAGE)],
  },
  async ({ args: [rewardId, locationId], user }) =>
    redeemed(user.id, await redeemReward(user.id, { rewardId, locationId }, requestNow(await headers()))),
);

/**
 * The owner or a staff member types the code the customer shows and sees the
 * reward, whose it is and when it was earned, before confirming with
 * redeemRewardAction. Changes nothing.
 */
export const lookupRewardCodeAction = action(
  { role: "user", args: [redeemCodeSchema] },
  async ({ args: [{ code }], user }): Promise<RewardLookupActionResult> => {
    const [found, locale] = await Promise.all([findRewardToRedeem(user.id, code), getLocale() as Promise<Locale>]);
    if (!found.ok) return failure(await notFoundFor(user.id, refusal(found, locale)));
    const [place] = await counterPlaces(user.id, [found.businessId], await rememberedCounterLocations());
    return {
      ok: true,
      rewardId: found.rewardId,
      name: found.name,
      customerName: found.customerName,
      earnedOn: formatDay(found.earnedOn, locale),
      place: place!,
    };
  },
);

/** Undo within 10 minutes of the redemption (the statement decides, on the request's clock: lib/clock.ts). */
export const undoRedemptionAction = action(
  { role: "user", args: [rewardIdSchema], invalid: [TOO_LATE] },
  async ({ args: [rewardId], user }): Promise<ActionResult> => {
    if (await undoRedemption(user.id, rewardId, requestNow(await headers()))) return { ok: true };
    if (await isOwnReward(user.id, rewardId)) return failure(OWN_REWARD);
    return failure(await notFoundFor(user.id, NOT_UNDONE));
  },
);
