import { format } from "date-fns";
import type { Metadata } from "next";
import Link from "next/link";
import { RewardStatusBadge } from "@/components/rewards/status-badge";
import { cardClass } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { listCustomerRewards, type RewardListItem } from "@/lib/db/rewards";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Rewards" };

function RewardList({ title, items, empty }: { title: string; items: RewardListItem[]; empty: string }) {
  const id = `rewards-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-500">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((reward) => (
            <li key={reward.id}>
              <Link
                href={`/dashboard/redeem-reward/${reward.id}`}
                className={cn(cardClass, "flex items-center justify-between gap-3 rounded-xl p-4 hover:border-brand")}
              >
                <span>
                  <span className="block font-medium">{reward.name}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {reward.businessName}
                    {reward.status === "AVAILABLE" && reward.expiresAt
                      ? ` · valid until ${format(reward.expiresAt, "MMM dd, yyyy")}`
                      : ""}
                    {reward.status === "REDEEMED" && reward.redeemedAt
                      ? ` · redeemed ${format(reward.redeemedAt, "MMM dd, yyyy")}`
                      : ""}
                  </span>
                </span>
                <RewardStatusBadge status={reward.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default async function RewardsPage() {
  const user = await requireUser();
  const rewards = await listCustomerRewards(user.id);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Rewards</h1>
      <RewardList title="Available" items={rewards.available} empty="No rewards to use yet: keep tapping!" />
      <RewardList title="Redeemed" items={rewards.redeemed} empty="Nothing redeemed yet." />
      <RewardList title="Expired" items={rewards.expired} empty="No expired rewards." />
    </div>
  );
}
