import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { RewardStatusBadge } from "@/components/rewards/status-badge";
import { cardClass } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { listCustomerRewards, type RewardListItem } from "@/lib/db/rewards";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { displayZone } from "@/lib/time/display-zone";
import { cn } from "@/lib/utils";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("rewards"))("title") };
}

type ListProps = { id: string; title: string; items: RewardListItem[]; empty: string };

async function RewardList({ id: name, title, items, empty }: ListProps) {
  const t = await getTranslations("rewards.list");
  const locale = (await getLocale()) as Locale;
  const id = `rewards-${name}`;
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
                      ? ` · ${t("validUntil", { date: formatInstantIn(reward.expiresAt, displayZone(reward.timeZone), locale) })}`
                      : ""}
                    {reward.status === "REDEEMED" && reward.redeemedAt
                      ? ` · ${t("redeemedOn", { date: formatInstantIn(reward.redeemedAt, displayZone(reward.timeZone), locale) })}`
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
  const [rewards, t] = await Promise.all([listCustomerRewards(user.id), getTranslations("rewards")]);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <RewardList
        id="available"
        title={t("list.available")}
        items={rewards.available}
        empty={t("list.noneAvailable")}
      />
      <RewardList id="redeemed" title={t("list.redeemed")} items={rewards.redeemed} empty={t("list.noneRedeemed")} />
      <RewardList id="expired" title={t("list.expired")} items={rewards.expired} empty={t("list.noneExpired")} />
    </div>
  );
}
