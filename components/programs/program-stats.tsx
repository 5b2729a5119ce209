import { Card } from "@/components/ui/card";
import type { ProgramStats } from "@/lib/db/programs";

const items: { key: keyof ProgramStats; label: string }[] = [
  { key: "members", label: "Members" },
  { key: "visits", label: "Visits" },
  { key: "rewardsIssued", label: "Rewards issued" },
  { key: "rewardsRedeemed", label: "Rewards redeemed" },
];

/** The program's numbers (lib/db/programs programStats says how each is counted). */
export function ProgramStatsGrid({ stats }: { stats: ProgramStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(({ key, label }) => (
        <Card key={key} className="rounded-xl p-4">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
            {stats[key]}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
