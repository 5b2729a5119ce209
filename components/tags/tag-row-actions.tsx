"use client";

import { useState } from "react";
import { toast } from "sonner";
import { releaseTagAction, renameTagAction } from "@/app/(site)/[locale]/dashboard/tag/actions";
import { Button } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

export function TagRowActions({ tagId, label }: { tagId: string; label: string | null }) {
  const [value, setValue] = useState(label ?? "");
  const { pending, run } = useRefreshAction();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="sr-only">Label for tag {tagId}</span>
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={60}
          placeholder="Label (e.g. Counter)"
          aria-label={`Label for tag ${tagId}`}
          className="rounded-lg border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <Button
        type="button"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          run(
            () => renameTagAction({ tagId, label: value }),
            (result) => (result.ok ? toast.success("Tag renamed") : toast.error(result.error)),
          )
        }
      >
        Rename
      </Button>
      <Button
        type="button"
        variant="ghost"
        disabled={pending}
        onClick={() => {
          if (!window.confirm(`Release tag ${tagId}? It will no longer open your business, and anyone can claim it.`))
            return;
          run(
            () => releaseTagAction(tagId),
            (result) => (result.ok ? toast.success("Tag released") : toast.error(result.error)),
          );
        }}
      >
        Release
      </Button>
    </div>
  );
}
