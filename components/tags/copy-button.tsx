"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies `text` to the clipboard (needs a secure context: https or localhost). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("tags.copy");
  return (
    <Button
      type="button"
      variant="secondary"
      aria-label={label}
      onClick={() => {
        if (!navigator.clipboard) {
          toast.error(t("unavailable"));
          return;
        }
        navigator.clipboard.writeText(text).then(
          () => toast.success(t("copied")),
          () => toast.error(t("failed")),
        );
      }}
    >
      {t("copy")}
    </Button>
  );
}
