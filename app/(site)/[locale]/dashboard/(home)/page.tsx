import type { Metadata } from "next";
import Link from "next/link";
import { RedeemByCodeForm } from "@/components/rewards/redeem-by-code-form";
import { buttonClass } from "@/components/ui/button";
import { WalletCard } from "@/components/wallet/wallet-card";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { listOwnerDashboard, listWallet } from "@/lib/db/wallet";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await requireUser();
  const [cards, businesses] = await Promise.all([listWallet(user.id), listOwnerDashboard(user.id)]);
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-bold">Welcome, {user.firstName ?? user.name ?? "there"}</h1>

      {businesses.length > 0 ? (
        <section aria-labelledby="my-businesses" className="space-y-4">
          <h2 id="my-businesses" className="text-xl font-semibold">
            Your businesses
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {businesses.map((b) => (
              <Card as="li" key={b.id} className="space-y-3 p-4">
                <h3 className="text-lg font-semibold">{b.name}</h3>
                <dl className="grid grid-cols-3 gap-2 text-center">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Taps today</dt>
                    <dd className="text-xl font-bold" data-testid="taps-today">
                      {b.tapsToday}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Active programs</dt>
                    <dd className="text-xl font-bold">{b.activePrograms}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Members</dt>
                    <dd className="text-xl font-bold">{b.members}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap gap-2 text-sm">
                  <Link href={`/dashboard/business/${b.id}`} className={buttonClass("secondary")}>
                    Edit card
                  </Link>
                  <Link href={`/dashboard/business/${b.id}#programs-heading`} className={buttonClass("secondary")}>
                    Programs
                  </Link>
                  <Link href={`/dashboard/business/${b.id}#tags-heading`} className={buttonClass("secondary")}>
                    Tags
                  </Link>
                </div>
              </Card>
            ))}
          </ul>
          <Card className="space-y-2 p-4">
            <h3 className="font-semibold">Redeem a reward by code</h3>
            <RedeemByCodeForm />
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="my-cards" className="space-y-4">
        <h2 id="my-cards" className="text-xl font-semibold">
          {businesses.length > 0 ? "Your loyalty cards" : "Your places"}
        </h2>
        {cards.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">
            Tap a Loyaltap tag at a shop or café to start collecting stamps, points and rewards.
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {cards.map((card) => (
              <WalletCard key={card.businessId} card={card} />
            ))}
          </div>
        )}
        <Link href="/dashboard/rewards" className="text-sm text-brand underline dark:text-indigo-300">
          See all your rewards
        </Link>
      </section>
    </div>
  );
}
