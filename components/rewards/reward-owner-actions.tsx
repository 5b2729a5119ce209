"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { redeemRewardAction, undoRedemptionAction } from "@/lib/actions/redeem-reward";
import { Button } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

// Both refresh after any answer: a refused redemption means the reward changed meanwhile.

export function ConfirmRedemptionButton({ rewardId }: { rewardId: string }) {
  const t = useTranslations("rewards.reward");
  const { disabled, run } = useRefreshAction();
  const confirm = () =>
    run(
      () => redeemRewardAction(rewardId),
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
