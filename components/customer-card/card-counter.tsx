import { getLocale, getTranslations } from "next-intl/server";
import { ProgramCard, ProgramProgress } from "@/components/programs/program-card";
import { programCardText } from "@/components/programs/program-card-text";
import { programProgressText } from "@/components/programs/program-progress-text";
import { signed } from "@/components/programs/program-stats";
import { ReadyRewards } from "@/components/customer-card/ready-rewards";
import type { CustomerCard } from "@/lib/db/customer-card";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { displayZone } from "@/lib/time/display-zone";

/**
 * What the counter needs first, on the card and on the customer's scanned QR:
 * progress in every running program and the rewards ready to redeem (one tap).
 * The program cards are the ones customers see (components/programs).
 */
export async function CardCounter({ card, headingLevel = 2 }: { card: CustomerCard; headingLevel?: 2 | 3 }) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, lines] = await Promise.all([getTranslations("customerCard"), getKeyTranslator()]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const zone = displayZone(card.business.timeZone);
  return (
    <div className="space-y-6">
      <section aria-labelledby="card-progress-heading" className="space-y-3">
        <Heading id="card-progress-heading" className="text-lg font-semibold">
          {t("programs.heading")}
        </Heading>
        {card.programs.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("programs.none")}</p>
        ) : (
          <ul className="space-y-3">
            {card.programs.map((program) => (
              <ProgramCard
                key={program.id}
                type={program.type}
                text={programCardText(lines, locale, program)}
                headingLevel={headingLevel === 2 ? 3 : 2}
                progress={
                  <>
                    <ProgramProgress progress={programProgressText(lines, program.name, program.progress)} />
                    {/* The owner's adjustments are part of this progress: said so, apart from the visits. */}
                    {program.adjusted !== 0 ? (
                      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="progress-adjusted">
                        {t("adjustedProgress", { amount: signed(program.adjusted) })}
                      </p>
                    ) : null}
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="card-ready-heading" className="space-y-3">
        <Heading id="card-ready-heading" className="text-lg font-semibold">
          {t("rewards.ready")}
        </Heading>
        <ReadyRewards
          businessId={card.business.id}
          customerId={card.customer.id}
          rewards={card.rewards.ready.map((r) => ({
            id: r.id,
            name: r.name,
            code: r.code,
            detail: t("rewards.earnedOn", { date: formatInstantIn(r.issuedAt, zone, locale) }),
          }))}
        />
      </section>
    </div>
  );
}
