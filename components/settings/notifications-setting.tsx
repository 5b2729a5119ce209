"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { setNotificationsAction } from "@/lib/actions/settings";

export function NotificationsSetting({ enabled }: { enabled: boolean }) {
  const t = useTranslations("settings.notifications");
  const [checked, setChecked] = useState(enabled);
  const [pending, startTransition] = useTransition();
  const change = (next: boolean) => {
    // Shown at once (outside the transition); put back if saving fails.
    setChecked(next);
    startTransition(async () => {
      const result = await setNotificationsAction({ enabled: next }).catch(() => ({
        ok: false as const,
        error: t("tryAgain"),
      }));
      if (result.ok) {
        toast.success(next ? t("turnedOn") : t("turnedOff"));
      } else {
        setChecked(!next);
        toast.error(t("failed"), { description: result.error });
      }
    });
  };
  return (
    <label className="flex max-w-sm items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        disabled={pending}
        onChange={(event) => change(event.target.checked)}
        className="mt-1 h-4 w-4 accent-brand"
      />
      <span>
        <span className="block font-medium">{t("label")}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-300">{t("hint")}</span>
      </span>
    </label>
  );
}
