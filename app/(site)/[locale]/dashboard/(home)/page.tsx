import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RedeemByCodeForm } from "@/components/rewards/redeem-by-code-form";
import { buttonClass } from "@/components/ui/button";
import { WalletCard } from "@/components/wallet/wallet-card";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { listOwnerDashboard, listWallet } from "@/lib/db/wallet";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard.home"))("title") };
}

export default async function DashboardPage() {
  const user = await requireUser();
  const [cards, businesses, t] = await Promise.all([
    listWallet(user.id),
    listOwnerDashboard(user.id),
    getTranslations("dashboard.home"),
  ]);
  const name = user.firstName ?? user.name;
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-bold break-words">{name ? t("welcome", { name }) : t("welcomeNoName")}</h1>

      {businesses.length > 0 ? (
        <section aria-labelledby="my-businesses" className="space-y-4">
          <h2 id="my-businesses" className="text-xl font-semibold">
            {t("yourBusinesses")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {businesses.map((b) => (
              <Card as="li" key={b.id} className="space-y-3 p-4">
                <h3 className="text-lg font-semibold break-words">{b.name}</h3>
                <dl className="grid grid-cols-3 gap-2 text-center">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t("tapsToday")}</dt>
                    <dd className="text-xl font-bold" data-testid="taps-today">
                      {b.tapsToday}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t("activePrograms")}</dt>
                    <dd className="text-xl font-bold">{b.activePrograms}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t("members")}</dt>
                    <dd className="text-xl font-bold">{b.members}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap gap-2 text-sm">
                  <Link href={`/dashboard/business/${b.id}`} className={buttonClass("secondary")}>
                    {t("editCard")}
                  </Link>
                  <Link href={`/dashboard/business/${b.id}#programs-heading`} className={buttonClass("secondary")}>
                    {t("programs")}
                  </Link>
                  <Link href={`/dashboard/business/${b.id}#tags-heading`} className={buttonClass("secondary")}>
                    {t("tags")}
                  </Link>
                </div>
              </Card>
            ))}
          </ul>
          <Card className="space-y-2 p-4">
            <h3 className="font-semibold">{t("redeemByCode")}</h3>
            <RedeemByCodeForm />
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="my-cards" className="space-y-4">
        <h2 id="my-cards" className="text-xl font-semibold">
          {businesses.length > 0 ? t("yourCards") : t("yourPlaces")}
        </h2>
        {cards.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t("noCards")}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {cards.map((card) => (
              <WalletCard key={card.businessId} card={card} />
            ))}
          </div>
        )}
        <Link href="/dashboard/rewards" className="text-sm text-brand underline dark:text-indigo-300">
          {t("allRewards")}
        </Link>
      </section>
    </div>
  );
}
