"use server";

import { closedMessage } from "@/lib/business/closed-messages";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { ADJUSTMENTS_PER_WINDOW, MAX_REWARDS_PER_ADJUSTMENT } from "@/lib/loyalty/adjust";
import { recordVisitFromCard } from "@/lib/qr/counter-visit";
import type { QrVisitSummary } from "@/lib/db/qr";
import { redeemRewardAtCounter } from "@/lib/rewards/redeem";
import { COUNTER_CHOOSE_MESSAGE, COUNTER_LOCATION_CLOSED_MESSAGE } from "@/lib/staff/counter-location";
import { formatDay } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { message } from "@/lib/i18n/message";
import { displayName } from "@/lib/users/display-name";
import { adjustmentSchema, cardRedeemSchema, cardVisitSchema } from "@/lib/validation/customer-card";

// The customer's card's actions (docs/owner-tools.md). Recording a visit and
// redeeming are the counter's work (role staff: the owner or a staff member);
// adjusting progress is the owner's alone. Someone who does not work at the
// business gets the same answer as for a business that does not exist.

const NOT_FOUND = failure("customerCard.errors.notFound");

export const recordCardVisitAction = action(
  {
    role: "staff",
    args: [cardVisitSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult<{ visit: QrVisitSummary }>> =>
    recordVisitFromCard(user.id, business, input.customerId, requestNow(await headers()), input.locationId),
);

export type CardRedeemResult = ActionResult<{ name: string; code: string; redeemedOn: string }>;

export const redeemCardRewardAction = action(
  {
    role: "staff",
    args: [cardRedeemSchema],
    invalid: [failure("rewards.errors.notFound")],
    business: { of: ([input]) => input.businessId, notFound: failure("rewards.errors.notFound") },
  },
  async ({ args: [input], user, business }): Promise<CardRedeemResult> => {
    const result = await redeemRewardAtCounter(
      { id: user.id, name: displayName(user) },
      { businessId: business.id, customerId: input.customerId, rewardId: input.rewardId, locationId: input.locationId },
      requestNow(await headers()),
    );
    const locale = (await getLocale()) as Locale;
    if (result.ok)
      return { ok: true, name: result.name, code: result.code, redeemedOn: formatDay(result.redeemedOn, locale) };
    if (result.code === "expired") return failure("rewards.errors.expired");
    if (result.code === "business_closed" && result.closed)
      return failure(closedMessage("counter", result.closed.business, { until: result.closed.until }));
    if (result.code === "own_reward") return failure("rewards.errors.ownReward");
    if (result.code === "choose_location") return failure(COUNTER_CHOOSE_MESSAGE);
    if (result.code === "location_not_found") return failure(COUNTER_LOCATION_CLOSED_MESSAGE);
    if (result.code === "already_redeemed")
      return failure(
        result.redeemedOn
          ? message("rewards.errors.alreadyRedeemedOn", { date: formatDay(result.redeemedOn, locale) })
          : "rewards.errors.alreadyRedeemed",
      );
    return failure("rewards.errors.notFound");
  },
);

export type AdjustActionResult = ActionResult<{ rewards: { name: string; code: string }[] }>;

const ADJUST_REFUSALS = {
  not_found: "customerCard.errors.notFound",
  program_not_found: "customerCard.errors.programNotFound",
  not_adjustable: "customerCard.errors.notAdjustable",
  bad_delta: "customerCard.validation.delta",
  invalid_rules: "customerCard.errors.invalidRules",
  nothing_to_remove: "customerCard.errors.nothingToRemove",
  too_many_rewards: message("customerCard.errors.tooManyRewards", { max: MAX_REWARDS_PER_ADJUSTMENT }),
  rate_limited: message("customerCard.errors.tooManyAdjustments", { max: ADJUSTMENTS_PER_WINDOW }),
} as const;

export const adjustProgressAction = action(
  {
    role: "owner",
    args: [adjustmentSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user }): Promise<AdjustActionResult> => {
    const outcome = await adjustProgress(user.id, input, requestNow(await headers()));
    if (!outcome.ok) return failure(ADJUST_REFUSALS[outcome.reason]);
    return { ok: true, rewards: outcome.rewards.map((r) => ({ name: r.name, code: r.code })) };
  },
);
