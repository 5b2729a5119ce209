import type { Metadata } from "next";
import { WalletCard } from "@/components/wallet/wallet-card";
import { requireUser } from "@/lib/auth/current-user";
import { listWallet } from "@/lib/db/wallet";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage() {
  const user = await requireUser();
  const cards = await listWallet(user.id);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Wallet</h1>
      {cards.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          Tap a Loyaltap tag at a shop or café to start collecting. Your cards appear here.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {cards.map((card) => (
            <WalletCard key={card.businessId} card={card} />
          ))}
        </div>
      )}
    </div>
  );
}
