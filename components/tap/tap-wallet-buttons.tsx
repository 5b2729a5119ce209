"use client";

import { useTranslations } from "next-intl";
import {
  AppleWalletBadge,
  appleWalletPassHref,
  GoogleWalletBadge,
  googleWalletSaveHref,
} from "@/components/wallet/wallet-badges";

/** The wallets the server offers on the tap result (each only when configured), and the tapped business. */
export type TapWallets = { businessId: string; businessName: string; apple: boolean; google: boolean };

/**
 * "Add to Apple Wallet" and "Add to Google Wallet" under a recorded visit,
 * for the customer's card at the tapped business (named by the business: a
 * first visit made the membership just now). `onPress` tells the result the
 * customer is leaving for a wallet, so it stops its redirect to the dashboard.
 */
export function TapWalletButtons({ wallets, onPress }: { wallets: TapWallets; onPress: () => void }) {
  const apple = useTranslations("appleWallet.button");
  const google = useTranslations("googleWallet.button");
  if (!wallets.apple && !wallets.google) return null;
  const target = { businessId: wallets.businessId };
  return (
    <div className="mt-3 flex flex-wrap gap-2" data-testid="tap-wallet-buttons">
      {wallets.apple ? (
        <AppleWalletBadge
          href={appleWalletPassHref(target)}
          label={apple("add")}
          businessName={wallets.businessName}
          onClick={onPress}
        />
      ) : null}
      {wallets.google ? (
        <GoogleWalletBadge
          href={googleWalletSaveHref(target)}
          label={google("add")}
          businessName={wallets.businessName}
          onClick={onPress}
        />
      ) : null}
    </div>
  );
}
