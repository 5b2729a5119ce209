"use client";

import { toast } from "sonner";
import { dismissFirstStepsAction } from "@/lib/actions/dashboard";
import { markTagPreparedAction } from "@/lib/actions/tags";
import { buttonClass } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/**
 * The first steps' two marks (docs/owner-tools.md, "First steps"): hide the
 * checklist of a business, or say a tag is printed or written. The page
 * refreshes after either, so the checklist follows.
 */
export function FirstStepButton({
  kind,
  id,
  label,
  done,
}: {
  kind: "dismiss" | "prepared";
  /** The business (dismiss) or the tag (prepared). */
  id: string;
  label: string;
  /** Said once the mark is stored (the QR page stays where it is). */
  done?: string;
}) {
  const { disabled, run } = useRefreshAction();
  return (
    <button
      type="button"
      disabled={disabled}
      className={
        kind === "dismiss"
          ? "text-sm text-slate-600 underline disabled:opacity-50 dark:text-slate-300"
          : buttonClass("secondary", "w-full")
      }
      onClick={() =>
        run(
          () => (kind === "dismiss" ? dismissFirstStepsAction(id) : markTagPreparedAction(id)),
          (result) => (result.ok ? (done ? toast.success(done) : undefined) : toast.error(result.error)),
        )
      }
    >
      {label}
    </button>
  );
}
