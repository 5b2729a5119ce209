"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { revokeApiKeyAction } from "@/lib/actions/api-keys";

/** Revoke with a confirm step in the row; the list refreshes after. */
export function RevokeApiKeyButton({ businessId, keyId, name }: { businessId: string; keyId: string; name: string }) {
  const t = useTranslations("apiKeys.revoke");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  const revoke = () =>
    run(
      () => revokeApiKeyAction({ businessId, keyId }),
      (result) => {
        setAsking(false);
        setError(result.ok ? null : result.error);
      },
      { refresh: "always" },
    );
  if (!asking)
    return (
      <div className="space-y-2">
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking(true)}>
          {t("button")}
        </Button>
        {error ? <FormAlert>{error}</FormAlert> : null}
      </div>
    );
  return (
    <div role="group" aria-live="polite" className="space-y-2">
      <p className="text-sm">{t("question", { name })}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={disabled} onClick={revoke}>
          {t("confirm")}
        </Button>
        <Button type="button" variant="ghost" disabled={disabled} onClick={() => setAsking(false)}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}
