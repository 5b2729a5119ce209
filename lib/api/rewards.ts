import "server-only";
import type { z } from "zod";
import { problemAnswer, type ApiAnswer } from "@/lib/api/problem";
import { ok, type ApiContext } from "@/lib/api/route";
import { locationProblem } from "@/lib/api/locations";
import type { redeemBody, rewardListQuery } from "@/lib/api/schemas";
import { apiKeyActor } from "@/lib/api/visits";
import { findApiReward, listApiPrograms, listApiRewards } from "@/lib/db/api-reads";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import { closedMessage } from "@/lib/business/closed-messages";

// Rewards and programs of /api/v1 (docs/api.md): redeeming and undoing go
// through lib/rewards/redeem.ts, as at the counter, with the API key as the
// actor (one conditional UPDATE decides; the audit entry commits with it).

export async function listRewards(
  context: ApiContext<unknown, z.output<typeof rewardListQuery>, unknown>,
): Promise<ApiAnswer> {
  const { customerId, status, limit } = context.query;
  return ok({ data: await listApiRewards(context.caller.businessId, { customerId, status }, limit, context.now) });
}

export async function redeemApiReward(
  context: ApiContext<{ id: string }, unknown, z.output<typeof redeemBody>>,
): Promise<ApiAnswer> {
  const { caller, params, body, now, locale } = context;
  const result = await redeemReward(
    apiKeyActor(caller),
    { rewardId: params.id, locationId: body.location ?? null },
    now,
  );
  if (!result.ok) {
    if (result.code === "location_not_found") return locationProblem(locale);
    if (result.code === "already_redeemed") return problemAnswer(locale, "already-redeemed");
    if (result.code === "expired") return problemAnswer(locale, "reward-expired");
    if (result.code === "business_closed" && result.closed)
      return problemAnswer(locale, "business-closed", {
        detail: closedMessage("counter", result.closed.business, { until: result.closed.until }),
      });
    return problemAnswer(locale, "not-found");
  }
  return ok(await findApiReward(caller.businessId, params.id, now));
}

export async function undoApiRedemption(context: ApiContext<{ id: string }, unknown, unknown>): Promise<ApiAnswer> {
  const { caller, params, now, locale } = context;
  if (await undoRedemption(apiKeyActor(caller), params.id, now))
    return ok(await findApiReward(caller.businessId, params.id, now));
  // Not undone: say why for a reward of this business, else it is not found.
  return (await findApiReward(caller.businessId, params.id, now))
    ? problemAnswer(locale, "undo-not-possible")
    : problemAnswer(locale, "not-found");
}

export async function listPrograms(context: ApiContext<unknown, unknown, unknown>): Promise<ApiAnswer> {
  return ok({ data: await listApiPrograms(context.caller.businessId) });
}
