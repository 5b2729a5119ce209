"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies `text` to the clipboard (needs a secure context: https or localhost). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      type="button"
      variant="secondary"
      aria-label={label}
      onClick={() => {
        if (!navigator.clipboard) {
          toast.error("Copying is not available here: select the text and copy it.");
          return;
        }
        navigator.clipboard.writeText(text).then(
          () => toast.success("Copied"),
          () => toast.error("Could not copy: select the text and copy it."),
        );
      }}
    >
      Copy
    </Button>
  );
}
