"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { releaseTagAction, renameTagAction } from "@/lib/actions/tags";
import { Button } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

export function TagRowActions({ tagId, label }: { tagId: string; label: string | null }) {
  const t = useTranslations("tags.row");
  const [value, setValue] = useState(label ?? "");
  const { disabled, run } = useRefreshAction();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="sr-only">{t("labelFor", { tag: tagId })}</span>
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={60}
          placeholder={t("placeholder")}
          aria-label={t("labelFor", { tag: tagId })}
          className="rounded-lg border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <Button
        type="button"
        variant="secondary"
        disabled={disabled}
        onClick={() =>
          run(
            () => renameTagAction({ tagId, label: value }),
            (result) => (result.ok ? toast.success(t("renamed")) : toast.error(result.error)),
          )
        }
      >
        {t("rename")}
      </Button>
      <Button
        type="button"
        variant="ghost"
        disabled={disabled}
        onClick={() => {
          if (!window.confirm(t("releaseConfirm", { tag: tagId }))) return;
          run(
            () => releaseTagAction(tagId),
            (result) => (result.ok ? toast.success(t("released")) : toast.error(result.error)),
          );
        }}
      >
        {t("release")}
      </Button>
    </div>
  );
}
