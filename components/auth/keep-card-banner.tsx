import { getLocale, getTranslations } from "next-intl/server";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { EmailLinkForm } from "@/components/auth/email-link-form";
import { GoogleButton } from "@/components/auth/google-button";
import { SavePasskeyButton } from "@/components/auth/save-passkey-button";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card } from "@/components/ui/card";
import { AppleWalletButton } from "@/components/wallet/apple-wallet-button";
import { GoogleWalletButton } from "@/components/wallet/google-wallet-button";
import { googleEnabled } from "@/lib/auth";
import { storedLocale } from "@/lib/i18n/locales";

/** The guest's cards, for their wallet buttons. */
export type KeepCardTarget = { membershipId: string; businessName: string };

/**
 * "Keep your card": a guest's card lives on this device only (its session
 * cookie), so the wallet and dashboard offer the ways to keep it
 * (docs/authentication.md, "Guests"): the wallet passes (each only when
 * configured), Google sign-in (when configured), "Email me a link" (the
 * link's sign-in merges the card into the address's account, new or not) and
 * "Save with a passkey" (the guest itself becomes an account).
 */
export async function KeepCardBanner({
  cards,
  appleWallet,
  googleWallet,
}: {
  cards: KeepCardTarget[];
  appleWallet: boolean;
  googleWallet: boolean;
}) {
  const [t, auth, locale] = await Promise.all([
    getTranslations("dashboard.keepCard"),
    getTranslations("auth.login"),
    getLocale(),
  ]);
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
        <ClientMessages locale={storedLocale(locale)} namespaces={AUTH_CLIENT_NAMESPACES}>
          <SavePasskeyButton />
          <EmailLinkForm redirect="/dashboard/wallet" compact />
        </ClientMessages>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("unused")}</p>
    </Card>
  );
}
