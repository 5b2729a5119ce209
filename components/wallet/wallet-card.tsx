import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ProgramProgress } from "@/components/programs/program-card";
import { programProgressText } from "@/components/programs/program-progress-text";
import { programCardColors, ThemedProgramCard } from "@/components/programs/themed-program-card";
import { deltaText } from "@/components/customer-card/adjustment-text";
import { MarketingConsentSwitch } from "@/components/campaigns/marketing-consent-switch";
import { AppleWalletButton } from "@/components/wallet/apple-wallet-button";
import { GoogleWalletButton } from "@/components/wallet/google-wallet-button";
import type { WalletCard as WalletCardData } from "@/lib/db/wallet";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { displayZone } from "@/lib/time/display-zone";

/**
 * One business in the customer's wallet, in the business's colours: each
 * program's card, with their progress; with Apple Wallet or Google Wallet on,
 * the buttons that add the card to them; and the customer's switch for
 * offers and news from the business (given only, off by default).
 */
export async function WalletCard({
  card,
  appleWallet = false,
  googleWallet = false,
  marketingConsent,
}: {
  card: WalletCardData;
  appleWallet?: boolean;
  googleWallet?: boolean;
  /** The customer's yes to offers and news from this business; undefined shows no switch. */
  marketingConsent?: boolean;
}) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, history, lines] = await Promise.all([
    getTranslations("dashboard.walletCard"),
    getTranslations("customerCard.wallet"),
    getKeyTranslator(),
  ]);
  const { theme } = card;
  const colors = programCardColors(theme);
  const onPrimary = colors.onIcon;
  return (
    <article
      aria-label={card.businessName}
      className="overflow-hidden rounded-2xl border border-black/10 shadow-sm"
      style={{ backgroundColor: theme.backgroundColor, color: theme.textColor }}
    >
      <header
        className="flex items-center justify-between gap-3 px-4 py-3"
        style={{ backgroundColor: theme.primaryColor, color: onPrimary }}
      >
        <h2 className="min-w-0 font-semibold break-words">{card.businessName}</h2>
        {card.availableRewards > 0 ? (
          <Link
            href="/dashboard/rewards"
            className="shrink-0 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-slate-900"
          >
            {t("rewardsReady", { count: card.availableRewards })}
          </Link>
        ) : null}
      </header>
      <div className="space-y-3 p-4">
        {card.programs.length === 0 ? <p className="text-sm opacity-80">{t("noPrograms")}</p> : null}
        {card.programs.length > 0 ? (
          <ul className="space-y-3">
            {card.programs.map((program) => (
              <ThemedProgramCard
                key={program.id}
                program={program}
                lines={lines}
                locale={locale}
                colors={colors}
                progress={
                  <ProgramProgress
                    progress={programProgressText(lines, program.name, program.progress)}
                    barColor={colors.bar}
                  />
                }
              />
            ))}
          </ul>
        ) : null}
        {card.history.length > 0 ? (
          <div className="space-y-1">
            <h3 className="text-xs font-semibold tracking-wide uppercase opacity-80">{history("history")}</h3>
            {/* An owner's adjustment shows its reason: the owner's form says the customer sees it. */}
            <ul className="space-y-0.5 text-xs" data-testid="wallet-history">
              {card.history.map((entry) => (
                <li key={entry.id} className="break-words">
                  {entry.kind === "visit"
                    ? history("visit")
                    : history("adjustment", {
                        change: `${entry.programName} ${deltaText(lines, entry.programType, entry.delta)}`.trim(),
                        reason: entry.reason,
                      })}
                  {" — "}
                  <span className="opacity-80">{formatInstantIn(entry.at, displayZone(card.timeZone), locale)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-xs opacity-70">
          {t("visits", { count: card.visitCount })} ·{" "}
          <Link href={`/b/${card.slug}`} className="underline">
            {t("businessCard")}
          </Link>
        </p>
        {marketingConsent === undefined ? null : (
          <MarketingConsentSwitch
            businessId={card.businessId}
            businessName={card.businessName}
            granted={marketingConsent}
            source="card"
            className="text-sm"
          />
        )}
        {appleWallet || googleWallet ? (
          <div className="flex flex-wrap gap-2">
            {appleWallet ? (
              <AppleWalletButton membershipId={card.membershipId} businessName={card.businessName} />
            ) : null}
            {googleWallet ? (
              <GoogleWalletButton membershipId={card.membershipId} businessName={card.businessName} />
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
