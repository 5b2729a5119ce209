import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KeepCardBanner } from "@/components/auth/keep-card-banner";
import { PushOptIn } from "@/components/push/push-opt-in";
import { BirthdayAskForm } from "@/components/settings/birthday-ask-form";
import { Card } from "@/components/ui/card";
import { WalletCard } from "@/components/wallet/wallet-card";
import { requireUser } from "@/lib/auth/current-user";
import { hasHadReward, pushEndpointDigests } from "@/lib/db/push";
import { listWallet } from "@/lib/db/wallet";
import { marketingConsentsOf } from "@/lib/campaigns/consent";
import { pushConfig } from "@/lib/push/config";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { asksBirthday } from "@/lib/tap/programs";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard.wallet"))("title") };
}

async function WalletPage() {
  const user = await requireUser();
  const push = pushConfig();
  // Apple Wallet and Google Wallet are optional channels: without its configuration no card offers one.
  const appleWallet = appleWalletConfig() !== null;
  const googleWallet = googleWalletConfig() !== null;
  const [cards, t, offerPush, subscribed] = await Promise.all([
    listWallet(user.id),
    getTranslations("dashboard.wallet"),
    // Reward notifications are offered once there is a reward to be told about (and web push is on).
    push ? hasHadReward(user.id) : false,
    push ? pushEndpointDigests(user.id) : [],
  ]);
  // Each card carries the customer's offers-and-news switch for its business.
  const consent = await marketingConsentsOf(user.id);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {user.guest ? <KeepCardBanner cards={cards} appleWallet={appleWallet} googleWallet={googleWallet} /> : null}
      {push && offerPush ? <PushOptIn publicKey={push.publicKey} subscribed={subscribed} /> : null}
      {asksBirthday(
        user,
        cards.flatMap((card) => card.programs),
      ) ? (
        <Card as="section" className="p-4" data-testid="birthday-ask">
          <BirthdayAskForm />
        </Card>
      ) : null}
      {cards.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t("empty")}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {cards.map((card) => (
            <WalletCard
              key={card.businessId}
              card={card}
              appleWallet={appleWallet}
              googleWallet={googleWallet}
              marketingConsent={consent.has(card.businessId)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, WalletPage);
