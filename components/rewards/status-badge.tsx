import { useTranslations } from "next-intl";
import type { RewardStatusName } from "@/lib/rewards/status";
import { cn } from "@/lib/utils";

const styles: Record<RewardStatusName, string> = {
  AVAILABLE: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  REDEEMED: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  EXPIRED: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
};

// useTranslations in a server component too (the pages that show it render on the server).
export function RewardStatusBadge({ status }: { status: RewardStatusName }) {
  const t = useTranslations("rewards.status");
  return <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", styles[status])}>{t(status)}</span>;
}
