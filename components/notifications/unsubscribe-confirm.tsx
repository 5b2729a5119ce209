"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { resubscribeAction, unsubscribeAction } from "@/lib/actions/unsubscribe";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/client-form";
import { FormAlert } from "@/components/ui/form-alert";

type Props = {
  token: string;
  /** The business the link is about; null for every mail of the account. */
  business: string | null;
  site: string;
  /** Mails are off already (a second visit). */
  stopped: boolean;
};

/** One click stops the mails the link names; a second one brings them back. */
export function UnsubscribeConfirm({ token, business, site, stopped: initiallyStopped }: Props) {
  const t = useTranslations("unsubscribe");
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<{ stopped: boolean; resumed: boolean; error: string | null }>({
    stopped: initiallyStopped,
    resumed: false,
    error: null,
  });
  const run = (resume: boolean) =>
    startTransition(async () => {
      const result = await (resume ? resubscribeAction(token) : unsubscribeAction(token)).catch(() => null);
      if (!result) setState((s) => ({ ...s, error: t("failed") }));
      else if (!result.ok) setState((s) => ({ ...s, error: result.error }));
      else setState({ stopped: result.stopped, resumed: resume, error: null });
    });
  const settings = (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {t("settingsHint")}{" "}
      <Link href="/dashboard/settings" className="text-brand underline dark:text-indigo-300">
        {t("settings")}
      </Link>
    </p>
  );
  if (state.stopped)
    return (
      <div className="space-y-4">
        <p role="status" className="font-medium">
          {business ? t("businessDone", { business }) : t("allDone", { site })}
        </p>
        {state.error ? <FormAlert>{state.error}</FormAlert> : null}
        <Button type="button" variant="secondary" disabled={pending || !hydrated} onClick={() => run(true)}>
          {t("undo")}
        </Button>
        {settings}
      </div>
    );
  return (
    <div className="space-y-4">
      {state.resumed ? (
        <p role="status" className="font-medium">
          {business ? t("resumedBusiness", { business }) : t("resumedAll")}
        </p>
      ) : null}
      {state.error ? <FormAlert>{state.error}</FormAlert> : null}
      <Button type="button" disabled={pending || !hydrated} onClick={() => run(false)}>
        {t("confirm")}
      </Button>
      {settings}
    </div>
  );
}
