import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AutomationForm } from "@/components/campaigns/automation-form";
import { Card } from "@/components/ui/card";
import { KIND_RULES } from "@/lib/campaigns/automations/kinds";
import { listAutomations } from "@/lib/campaigns/automations/manage";
import { offerPrograms } from "@/lib/db/automations";
import type { Locale } from "@/lib/i18n/locales";
import { ownedPageMetadata } from "../../owned";
import { loadOwnedBusiness } from "../owned";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// Only the owner, as every campaigns page (../owned.ts).

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return ownedPageMetadata((await params).id, "automations.page");
}

async function AutomationsPage({ params }: Props) {
  const business = (await loadOwnedBusiness((await params).id))?.business;
  if (!business) notFound();
  const locale = (await getLocale()) as Locale;
  const [t, automations, programs] = await Promise.all([
    getTranslations("automations"),
    listAutomations(business.id, locale),
    offerPrograms(business.id),
  ]);

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
      </header>

      {automations.map((automation) => {
        const rules = KIND_RULES[automation.kind];
        const headingId = `automation-${automation.kind}-heading`;
        return (
          <Card as="section" key={automation.kind} aria-labelledby={headingId} className="space-y-3 p-4">
            <div>
              <h2 id={headingId} className="text-lg font-semibold">
                {t(`kinds.${automation.kind}.name`)}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`kinds.${automation.kind}.description`)}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400" data-testid="automation-stats">
                {t("stats.enrolled", { count: automation.recipients })}
                {rules.service ? null : ` · ${t("stats.heldOut", { count: automation.heldOut })}`}
              </p>
            </div>
            <AutomationForm
              businessId={business.id}
              automation={{
                kind: automation.kind,
                enabled: automation.enabled,
                message: automation.message,
                days: automation.days,
                holdoutPercent: automation.holdoutPercent,
                offer: automation.offer,
              }}
              daysBounds={rules.days ? { min: rules.days.min, max: rules.days.max } : null}
              service={rules.service}
              programs={programs}
            />
          </Card>
        );
      })}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, AutomationsPage);
