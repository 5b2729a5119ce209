"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { releaseTagAction, renameTagAction } from "@/app/dashboard/tag/actions";
import { Button } from "@/components/ui/button";

export function TagRowActions({ tagId, label }: { tagId: string; label: string | null }) {
  const router = useRouter();
  const [value, setValue] = useState(label ?? "");
  const [pending, startTransition] = useTransition();
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
          startTransition(async () => {
            const result = await renameTagAction({ tagId, label: value });
            if (result.ok) {
              toast.success("Tag renamed");
              router.refresh();
            } else toast.error(result.error);
          })
        }
      >
        Rename
      </Button>
      <Button
        type="button"
        variant="ghost"
        disabled={pending}
        onClick={() => {
          if (!window.confirm(`Release tag ${tagId}? It will no longer open your business, and anyone can claim it.`)) return;
          startTransition(async () => {
            const result = await releaseTagAction(tagId);
            if (result.ok) {
              toast.success("Tag released");
              router.refresh();
            } else toast.error(result.error);
          });
        }}
      >
        Release
      </Button>
    </div>
  );
}
