"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { addReferrerAction } from "@/lib/actions/qr";

/** 'Add <name> as your referrer': once, within 30 days of signing up (checked again on the server). */
export function ReferrerAction({ referrerId, referrerName }: { referrerId: string; referrerName: string }) {
  const t = useTranslations("qr.referrer");
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  const add = () =>
    run(
      () => addReferrerAction({ referrerId }),
      (result) => {
        if (!result.ok) return setError(result.error);
        toast.success(t("added", { name: referrerName }));
      },
    );
  return (
    <div className="space-y-3">
      <Button type="button" disabled={disabled} onClick={add}>
        {t("add", { name: referrerName })}
      </Button>
      {error ? <ActionError>{error}</ActionError> : null}
    </div>
  );
}
