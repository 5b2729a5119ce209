"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { setUserDisabledAction } from "@/lib/actions/admin-users";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

export function DisableUserButton({ userId, disabled }: { userId: string; disabled: boolean }) {
  const t = useTranslations("admin.user");
  const [error, setError] = useState<string | null>(null);
  const { disabled: busy, run } = useRefreshAction();
  const toggle = () => {
    setError(null);
    run(
      () => setUserDisabledAction({ userId, disabled: !disabled }),
      (result) => {
        if (!result.ok) return setError(result.error);
        toast.success(result.disabled ? t("disabledToast") : t("enabledToast"));
      },
    );
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant={disabled ? "primary" : "secondary"} disabled={busy} onClick={toggle}>
        {disabled ? t("enable") : t("disable")}
      </Button>
      {error ? <ActionError>{error}</ActionError> : null}
    </div>
  );
}
