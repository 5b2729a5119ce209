"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { redeemCardRewardAction } from "@/lib/actions/customer-card";
import { useCounterLocation } from "@/components/counter/counter-location";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/** A ready reward as the counter shows it, its text already in the reader's language. */
export type ReadyRewardItem = { id: string; name: string; code: string; detail: string };

/**
 * The customer's ready rewards, each redeemed in one tap (the database lets a
 * reward be redeemed once). The answer stays above the list, which the
 * refreshed page redraws without the redeemed reward.
 */
export function ReadyRewards({
  businessId,
  customerId,
  rewards,
}: {
  businessId: string;
  customerId: string;
  rewards: ReadyRewardItem[];
}) {
  const t = useTranslations("customerCard.rewards");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { disabled, run } = useRefreshAction();
  const locationId = useCounterLocation(businessId);
  const redeem = (rewardId: string) =>
    run(
      () => redeemCardRewardAction({ businessId, customerId, rewardId, locationId }),
      (result) =>
        setMessage(
          result.ok
            ? { ok: true, text: t("redeemedNow", { reward: result.name, date: result.redeemedOn }) }
            : { ok: false, text: result.error },
        ),
      // Redeemed a moment ago elsewhere: the refreshed card shows where it now is.
      { refresh: "always" },
    );
  return (
    <div className="space-y-3">
      {message?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message.text}
        </p>
      ) : null}
      {message && !message.ok ? <ActionError>{message.text}</ActionError> : null}
      {rewards.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("noneReady")}</p>
      ) : (
        <ul className="space-y-2" aria-label={t("ready")}>
          {rewards.map((reward) => (
            <li
              key={reward.id}
              data-testid="ready-reward"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{reward.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t("code", { code: reward.code })} · {reward.detail}
                </p>
              </div>
              <Button type="button" disabled={disabled} onClick={() => redeem(reward.id)}>
                {t("redeem", { reward: reward.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
