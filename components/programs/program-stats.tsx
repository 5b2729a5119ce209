import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { ProgramStats } from "@/lib/db/programs";

const items = [
  "members",
  "visits",
  "rewardsIssued",
  "rewardsRedeemed",
] as const satisfies readonly (keyof ProgramStats)[];

/** An adjustment's amount with its sign: "+4", "−2". */
export function signed(amount: number): string {
  return amount > 0 ? `+${amount}` : `−${Math.abs(amount)}`;
}

/** The program's numbers (lib/db/programs programStats says how each is counted). */
export function ProgramStatsGrid({ stats }: { stats: ProgramStats }) {
  const t = useTranslations("programEditor.stats");
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((key) => (
        <Card key={key} className="rounded-xl p-4">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t(key)}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
            {stats[key]}
          </dd>
          {/* Visits are real visits; what the owner's adjustments added is said apart, never counted as visits. */}
          {key === "visits" && stats.adjusted !== 0 ? (
            <dd className="text-sm text-slate-600 dark:text-slate-300" data-testid="stat-adjusted">
              {t("adjusted", { amount: signed(stats.adjusted) })}
            </dd>
          ) : null}
        </Card>
      ))}
    </dl>
  );
}
