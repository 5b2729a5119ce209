import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CampaignComposer } from "@/components/campaigns/campaign-composer";
import { suggestedLapsedDays } from "@/lib/campaigns/typical-gap";
import { DEFAULT_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import { listBusinessPrograms } from "@/lib/db/programs";
import { loadOwnedBusiness } from "../owned";
import { displayZone } from "@/lib/time/display-zone";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const owned = await loadOwnedBusiness((await params).id);
  const t = await getTranslations("campaigns");
  return {
    title: owned
      ? `${t("composer.newTitle")} · ${owned.business.name}`
      : (await getTranslations("dashboard.business"))("notFound"),
  };
}

async function NewCampaignPage({ params }: Props) {
  const owned = await loadOwnedBusiness((await params).id);
  if (!owned) notFound();
  const { user, business } = owned;
  const [programs, t] = await Promise.all([
    listBusinessPrograms(user.id, business.id),
    getTranslations("campaigns.composer"),
  ]);
  return (
    <div className="space-y-6">
      <Link
        href={`/dashboard/business/${encodeURIComponent(business.id)}/campaigns`}
        className="text-sm text-brand underline dark:text-indigo-300"
      >
        ← {t("back")}
      </Link>
      <header>
        <p className="text-sm font-medium break-words text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("newTitle")}</h1>
      </header>
      <CampaignComposer
        suggestedLapsedDays={await suggestedLapsedDays(business.id)}
        businessId={business.id}
        campaignId={null}
        timeZone={displayZone(business.timezone)}
        programs={programs.filter((p) => !p.endedAt).map(({ id, name, type }) => ({ id, name, type }))}
        defaults={{
          name: "",
          message: "",
          segment: undefined,
          offerKind: "",
          programId: "",
          amount: "",
          rewardName: "",
          validDays: "14",
          holdoutPercent: String(DEFAULT_HOLDOUT_PERCENT),
        }}
        initialPreview={null}
      />
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, NewCampaignPage);
