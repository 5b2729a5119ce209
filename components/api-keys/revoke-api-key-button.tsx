"use client";

import { useTranslations } from "next-intl";
import { ConfirmStepButton } from "@/components/ui/confirm-step";
import { revokeApiKeyAction } from "@/lib/actions/api-keys";

/** Revoke with a confirm step in the row; the list refreshes after. */
export function RevokeApiKeyButton({ businessId, keyId, name }: { businessId: string; keyId: string; name: string }) {
  const t = useTranslations("apiKeys.revoke");
  return (
    <ConfirmStepButton
      labels={{ button: t("button"), question: t("question", { name }), confirm: t("confirm"), cancel: t("cancel") }}
      act={() => revokeApiKeyAction({ businessId, keyId })}
    />
  );
}
