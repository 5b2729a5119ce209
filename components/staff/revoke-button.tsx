"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { revokeStaffAction, revokeStaffInviteAction } from "@/lib/actions/staff";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

type Target =
  | { kind: "staff"; businessId: string; userId: string; name: string }
  | { kind: "invite"; businessId: string; inviteId: string; email: string };

/**
 * Revoke with a confirm step: the first press asks (in the row itself, reachable
 * by keyboard and announced), the second revokes; the list refreshes after.
 */
export function RevokeButton({ target }: { target: Target }) {
  const t = useTranslations("staff.revoke");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  const revoke = () =>
    run(
      () =>
        target.kind === "staff"
          ? revokeStaffAction({ businessId: target.businessId, userId: target.userId })
          : revokeStaffInviteAction({ businessId: target.businessId, inviteId: target.inviteId }),
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
      <p className="text-sm">
        {target.kind === "staff"
          ? t("confirmStaff", { name: target.name })
          : t("confirmInvite", { email: target.email })}
      </p>
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
