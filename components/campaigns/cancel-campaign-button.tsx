"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { cancelCampaignAction } from "@/lib/actions/campaigns";

/** Cancels a draft or scheduled campaign, after the owner confirms. */
export function CancelCampaignButton({ businessId, campaignId }: { businessId: string; campaignId: string }) {
  const t = useTranslations("campaigns.composer");
  const { disabled, run } = useRefreshAction();
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    if (!window.confirm(t("cancelConfirm"))) return;
    run(
      () => cancelCampaignAction({ businessId, campaignId }),
      (result) => {
        if (result.ok) toast.success(t("cancelled"));
        setError(result.ok ? null : result.error);
      },
    );
  };
  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" disabled={disabled} onClick={cancel}>
        {t("cancel")}
      </Button>
      {error ? <ActionError>{error}</ActionError> : null}
    </div>
  );
}
