import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { GoogleButton } from "@/components/auth/google-button";
import { Card } from "@/components/ui/card";
import { AppleWalletButton } from "@/components/wallet/apple-wallet-button";
import { GoogleWalletButton } from "@/components/wallet/google-wallet-button";
import { googleEnabled } from "@/lib/auth";

/** The guest's cards, for their wallet buttons. */
export type KeepCardTarget = { membershipId: string; businessName: string };

/**
 * "Keep your card": a guest's card lives on this device only (its session
 * cookie), so the wallet and dashboard offer the ways to keep it
 * (docs/authentication.md, "Guests"): the wallet passes (each only when
 * configured), Google sign-in (when configured), and the two slots
 * `emailLink` ("Email me a link") and `passkey` ("Save with a passkey"),
 * filled by whoever renders the banner.
 */
export async function KeepCardBanner({
  cards,
  appleWallet,
  googleWallet,
  emailLink,
  passkey,
}: {
  cards: KeepCardTarget[];
  appleWallet: boolean;
  googleWallet: boolean;
  /** "Email me a link": signs the guest in by a mailed link and keeps the card on that account. */
  emailLink?: ReactNode;
  /** "Save with a passkey": keeps the card on a passkey of this device. */
  passkey?: ReactNode;
}) {
  const [t, auth] = await Promise.all([getTranslations("dashboard.keepCard"), getTranslations("auth.login")]);
  const wallets = appleWallet || googleWallet ? cards : [];
  return (
    <Card as="section" aria-labelledby="keep-card" className="space-y-3 p-4" data-testid="keep-card">
      <h2 id="keep-card" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("text")}</p>
      {wallets.length ? (
        <ul className="space-y-2">
          {wallets.map((card) => (
            <li key={card.membershipId} className="flex flex-wrap gap-2">
              {appleWallet ? (
                <AppleWalletButton membershipId={card.membershipId} businessName={card.businessName} />
              ) : null}
              {googleWallet ? (
                <GoogleWalletButton membershipId={card.membershipId} businessName={card.businessName} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="space-y-2">
        {googleEnabled ? <GoogleButton redirect="/dashboard/wallet" label={auth("google")} /> : null}
        {emailLink}
        {passkey}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("unused")}</p>
    </Card>
  );
}
