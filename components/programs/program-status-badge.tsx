import { useTranslations } from "next-intl";
import type { ProgramStatus } from "@/lib/loyalty/program-status";
import { cn } from "@/lib/utils";

const styles: Record<ProgramStatus, string> = {
  Active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  Paused: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  Ended: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export function ProgramStatusBadge({ status }: { status: ProgramStatus }) {
  const t = useTranslations("programEditor.status");
  return (
    <span
      data-testid="program-status"
      className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", styles[status])}
    >
      {t(status)}
    </span>
  );
}
