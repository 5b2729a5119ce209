"use client";

import { useTranslations } from "next-intl";
import { ConfirmStepButton } from "@/components/ui/confirm-step";
import { revokeStaffAction, revokeStaffInviteAction } from "@/lib/actions/staff";

type Target =
  | { kind: "staff"; businessId: string; userId: string; name: string }
  | { kind: "invite"; businessId: string; inviteId: string; email: string };

/**
 * Revoke with a confirm step: the first press asks (in the row itself, reachable
 * by keyboard and announced), the second revokes; the list refreshes after.
 */
export function RevokeButton({ target }: { target: Target }) {
  const t = useTranslations("staff.revoke");
  return (
    <ConfirmStepButton
      labels={{
        button: t("button"),
        question:
          target.kind === "staff"
            ? t("confirmStaff", { name: target.name })
            : t("confirmInvite", { email: target.email }),
        confirm: t("confirm"),
        cancel: t("cancel"),
      }}
      act={() =>
        target.kind === "staff"
          ? revokeStaffAction({ businessId: target.businessId, userId: target.userId })
          : revokeStaffInviteAction({ businessId: target.businessId, inviteId: target.inviteId })
      }
    />
  );
}
