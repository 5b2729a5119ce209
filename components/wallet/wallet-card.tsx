import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { LoyaltyLineText } from "@/components/tap/loyalty-line-text";
import { readableTextOn } from "@/lib/business/theme";
import type { WalletCard as WalletCardData } from "@/lib/db/wallet";

/** One business in the customer's wallet, in the business's colours, with progress per program. */
export async function WalletCard({ card }: { card: WalletCardData }) {
  const [t, types] = await Promise.all([getTranslations("dashboard.walletCard"), getTranslations("programs")]);
  const typeName = (type: string) => (type in PROGRAM_TYPE_LABELS ? types(`types.${type}.name`) : types("unknownType"));
  const { theme } = card;
  const onPrimary = readableTextOn(theme.primaryColor);
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
        {card.programs.map((program) => {
          const { current, target, line } = program.progress;
          const percent = target ? Math.min(100, Math.round((current / target) * 100)) : null;
          return (
            <div key={program.id} className="space-y-1">
              <div className="flex items-center gap-2">
                <ProgramTypeIcon type={program.type} size={18} label={typeName(program.type)} />
                <span className="font-medium">{program.name}</span>
                <span className="ml-auto text-sm" data-testid="progress-label">
                  <LoyaltyLineText line={line} />
                </span>
              </div>
              {percent !== null ? (
                <div
                  role="progressbar"
                  aria-label={t("progress", { program: program.name })}
                  aria-valuemin={0}
                  aria-valuemax={target ?? 0}
                  aria-valuenow={current}
                  className="h-2 overflow-hidden rounded-full bg-black/10"
                >
                  <div
                    className="h-full rounded-full"
                    style={{ width: `${percent}%`, backgroundColor: theme.accentColor }}
                  />
                </div>
              ) : null}
              <p className="text-xs opacity-80">{t("reward", { reward: program.rewardName })}</p>
            </div>
          );
        })}
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
