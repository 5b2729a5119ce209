"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { acceptStaffInviteAction } from "@/lib/actions/staff-accept";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useHydrated } from "@/components/ui/client-form";

/** "Join as staff": the server checks the link, the account's email and the business again. */
export function AcceptInviteButton({ token }: { token: string }) {
  const t = useTranslations("staff.accept");
  const errors = useTranslations("staff.errors");
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<{ joined: string } | { error: string } | null>(null);
  if (state && "joined" in state)
    return (
      <div role="status" className="space-y-3">
        <p className="font-medium">{t("joined", { business: state.joined })}</p>
        <Link href="/dashboard" className="text-brand underline dark:text-indigo-300">
          {t("toDashboard")}
        </Link>
      </div>
    );
  return (
    <div className="space-y-3">
      {state && "error" in state ? <FormAlert>{state.error}</FormAlert> : null}
      <Button
        type="button"
        className="w-full"
        disabled={pending || !hydrated}
        onClick={() =>
          startTransition(async () => {
            const result = await acceptStaffInviteAction(token).catch(() => null);
            if (!result) setState({ error: errors("failed") });
            else setState(result.ok ? { joined: result.businessName } : { error: result.error });
          })
        }
      >
        {t("button")}
      </Button>
    </div>
  );
}
