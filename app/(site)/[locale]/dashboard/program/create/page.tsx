import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ProgramForm } from "@/components/programs/program-form";
import { buttonClass } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { locationChoicesByBusiness } from "@/lib/db/locations";
import { listOwnerBusinesses } from "@/lib/db/tags";
import { defaultRules } from "@/lib/loyalty";
import type { ProgramInput } from "@/lib/validation/programs";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("programEditor.create"))("title") };
}

type Props = { searchParams: Promise<{ businessId?: string | string[] }> };

// /dashboard/program/create, `?businessId=` (id or slug) preselects one of the owner's businesses.
async function CreateProgramPage({ searchParams }: Props) {
  const user = await requireUser();
  const [businesses, query] = await Promise.all([listOwnerBusinesses(user.id), searchParams]);
  const wanted = typeof query.businessId === "string" ? query.businessId : null;
  const preselected = businesses.find((b) => b.id === wanted || b.slug === wanted);
  const business = preselected ?? businesses[0];
  const [t, locations] = await Promise.all([
    getTranslations("programEditor"),
    locationChoicesByBusiness(businesses.map((b) => b.id)),
  ]);

  if (!business) {
    return (
      <div className="mx-auto max-w-md space-y-4">
        <h1 className="text-2xl font-bold">{t("create.title")}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t("create.noBusiness")}</p>
        <Link href="/register/business" className={buttonClass()}>
          {t("create.register")}
        </Link>
      </div>
    );
  }

  const defaultValues: ProgramInput = {
    businessId: business.id,
    type: "stamps",
    name: "",
    description: "",
    startDate: "",
    endDate: "",
    rules: defaultRules("stamps"),
    rewardName: "",
    rewardDescription: "",
    rewardExpiryDays: null,
    cooldownHours: null,
  };
  return (
    <div className="space-y-6">
      {preselected ? (
        <Link
          href={`/dashboard/business/${preselected.id}`}
          className="text-sm text-brand underline dark:text-indigo-300"
        >
          ← {t("backTo", { name: preselected.name })}
        </Link>
      ) : null}
      <header>
        <h1 className="text-2xl font-bold">{t("create.title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("create.intro")}</p>
      </header>
      <ProgramForm
        mode="create"
        businesses={businesses.map(({ id, name }) => ({ id, name }))}
        defaultValues={defaultValues}
        locations={locations}
      />
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, CreateProgramPage);
