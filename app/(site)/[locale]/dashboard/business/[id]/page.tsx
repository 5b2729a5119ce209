import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { cache } from "react";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { BusinessLifecycleSection } from "@/components/business-lifecycle/lifecycle-section";
import { ProfileEditor } from "@/components/business-profile/profile-editor";
import { BusinessProgramsSection } from "@/components/programs/business-programs-section";
import { RedeemByCodeForm } from "@/components/rewards/redeem-by-code-form";
import { BusinessTagsSection } from "@/components/tags/business-tags-section";
import { buttonClass } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import { businessTab } from "@/lib/business/page-tabs";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { profileFormValues } from "@/lib/validation/business-profile-form";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
};

// Only the owner: anyone else (signed in or not) gets the same 404 as for a
// business that does not exist. `id` may also be the business's slug.
const loadOwnedBusiness = cache(async (id: string) => {
  const user = await requireUser();
  return businessIdSchema.safeParse(id).success ? getOwnedBusiness(user.id, id) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const business = await loadOwnedBusiness((await params).id);
  return { title: business ? business.name : (await getTranslations("dashboard.business"))("notFound") };
}

function timezoneOptions(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(current);
  return [...zones].sort();
}

// The page is long on a phone, so it opens on the programs (the most used)
// and shows one tab at a time; redeeming a code stays above the tabs, at hand
// whichever is open.
async function BusinessPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const business = await loadOwnedBusiness((await params).id);
  if (!business) notFound();
  const tab = businessTab((await searchParams).tab);
  const [language, t] = await Promise.all([
    getTranslations("common.businessLanguage"),
    getTranslations("dashboard.business"),
  ]);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{t("yours")}</p>
          <h1 className="text-2xl font-bold break-words">{business.name}</h1>
        </div>
        <Link href={`/b/${business.slug}`} className={buttonClass("secondary")}>
          {t("viewPublicCard")}
        </Link>
      </header>

      <section aria-labelledby="redeem-heading" className="space-y-3">
        <h2 id="redeem-heading" className="text-lg font-semibold">
          {t("redeem")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("redeemHint")}</p>
        <RedeemByCodeForm />
      </section>

      <BusinessPageTabs businessId={business.id} current={tab} viewer="owner" />

      {tab === "programs" ? <BusinessProgramsSection ownerId={user.id} businessId={business.id} /> : null}
      {tab === "tags" ? <BusinessTagsSection ownerId={user.id} businessId={business.id} /> : null}
      {tab === "card" || tab === "profile" ? (
        <section aria-labelledby="profile-heading" className="space-y-4">
          <div>
            <h2 id="profile-heading" className="text-xl font-semibold">
              {tab === "card" ? t("publicCard") : t("profile")}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t.rich("publicCardHint", {
                path: `/b/${business.slug}`,
                mono: (chunks) => <span className="font-mono break-all">{chunks}</span>,
              })}
            </p>
          </div>
          <ProfileEditor
            key={tab}
            businessId={business.id}
            part={tab}
            defaultValues={profileFormValues(business)}
            timezones={timezoneOptions(business.timezone)}
            languageText={{ label: language("label"), hint: language("hint") }}
          />
        </section>
      ) : null}
      {/* Closed for the season, and deleting the business (docs/business-lifecycle.md). */}
      {tab === "profile" ? (
        <BusinessLifecycleSection ownerId={user.id} businessId={business.id} now={requestNow(await headers())} />
      ) : null}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, BusinessPage);
