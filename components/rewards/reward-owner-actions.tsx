"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { redeemRewardAction, undoRedemptionAction } from "@/lib/actions/redeem-reward";
import { Button } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { useCounterLocation } from "@/components/counter/counter-location";

// Both refresh after any answer: a refused redemption means the reward changed meanwhile.

/** Confirms at the counter's location of the reward's business (docs/locations.md, "The counter"). */
export function ConfirmRedemptionButton({ rewardId, businessId }: { rewardId: string; businessId: string }) {
  const t = useTranslations("rewards.reward");
  const { disabled, run } = useRefreshAction();
  const locationId = useCounterLocation(businessId);
  const confirm = () =>
    run(
      () => redeemRewardAction(rewardId, locationId),
      (result) =>
        result.ok ? toast.success(t("redeemedToast"), { description: result.name }) : toast.error(result.error),
      { refresh: "always" },
    );
  return (
    <Button type="button" className="w-full" disabled={disabled} onClick={confirm}>
      {t("confirm")}
    </Button>
  );
}

export function UndoRedemptionButton({ rewardId }: { rewardId: string }) {
  const t = useTranslations("rewards.reward");
  const { disabled, run } = useRefreshAction();
  const undo = () =>
    run(
      () => undoRedemptionAction(rewardId),
      (result) => (result.ok ? toast.success(t("undoneToast")) : toast.error(result.error)),
      { refresh: "always" },
    );
  return (
    <Button type="button" variant="secondary" className="w-full" disabled={disabled} onClick={undo}>
      {t("undo")}
    </Button>
  );
}
