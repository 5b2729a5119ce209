import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { ProgramStats } from "@/lib/db/programs";

const items: readonly (keyof ProgramStats)[] = ["members", "visits", "rewardsIssued", "rewardsRedeemed"];

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
        </Card>
      ))}
    </dl>
  );
}
