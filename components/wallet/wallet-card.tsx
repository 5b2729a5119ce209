import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ProgramProgress } from "@/components/programs/program-card";
import { programProgressText } from "@/components/programs/program-card-text";
import { programCardColors, ThemedProgramCard } from "@/components/programs/themed-program-card";
import type { WalletCard as WalletCardData } from "@/lib/db/wallet";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message-key";

/** One business in the customer's wallet, in the business's colours: each program's card, with their progress. */
export async function WalletCard({ card }: { card: WalletCardData }) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, root] = await Promise.all([getTranslations("dashboard.walletCard"), getTranslations()]);
  const lines = root as unknown as KeyTranslator;
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
        <p className="text-xs opacity-70">
          {t("visits", { count: card.visitCount })} ·{" "}
          <Link href={`/b/${card.slug}`} className="underline">
            {t("businessCard")}
          </Link>
        </p>
      </div>
    </article>
  );
}
