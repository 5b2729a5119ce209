import { useTranslations } from "next-intl";
import type { CampaignStatus } from "@/lib/generated/prisma/enums";
import { cn } from "@/lib/utils";

const tone: Record<CampaignStatus, string> = {
  DRAFT: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  SCHEDULED: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  SENDING: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  SENT: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  CANCELLED: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/** A campaign's status as a small pill. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const t = useTranslations("campaigns.status");
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", tone[status])}>
      {t(status)}
    </span>
  );
}
