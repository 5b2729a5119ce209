import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { CustomerPages } from "@/components/customers/customer-pages";
import { CustomerSearchForm } from "@/components/customers/customer-search-form";
import { CustomerTable } from "@/components/customers/customer-table";
import { ExportForm } from "@/components/customers/export-form";
import { requireUser } from "@/lib/auth/current-user";
import { loadCounterBusiness } from "@/lib/staff/counter-business";
import { hasMembers, listCustomers } from "@/lib/db/customers";
import { offersLocationFilter } from "@/lib/db/location-stats";
import type { Locale } from "@/lib/i18n/locales";
import { customerListParamsSchema } from "@/lib/validation/customers";
import { displayZone } from "@/lib/time/display-zone";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// The owner and their staff; anyone else gets the 404 of a business that does not exist.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const business = await loadCounterBusiness((await params).id);
  return {
    title: business
      ? `${(await getTranslations("customers"))("title")} · ${business.name}`
      : (await getTranslations("dashboard.business"))("notFound"),
  };
}

export default async function CustomersPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const business = await loadCounterBusiness((await params).id);
  if (!business) notFound();
  const parsed = customerListParamsSchema.parse(await searchParams);
  const page = await listCustomers(user.id, business.id, parsed);
  if (!page) notFound();
  // A location that is not the business's reads as all of them, in the form and the links too.
  const query = { ...parsed, location: page.location ?? undefined };
  const locations = offersLocationFilter(page.locations) ? page.locations : undefined;
  const [t, locale] = await Promise.all([getTranslations("customers"), getLocale()]);
  const base = `/dashboard/business/${encodeURIComponent(business.id)}/customers`;
  const filtered = Boolean(query.q) || query.filter !== "all" || Boolean(query.cursor) || Boolean(query.location);
  const anyMember = page.rows.length > 0 || (filtered && (await hasMembers(user.id, business.id)));

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("intro", { business: business.name })}</p>
      </header>

      <BusinessPageTabs businessId={business.id} current="customers" viewer={business.access} />

      {anyMember ? <CustomerSearchForm action={base} params={query} locations={locations} /> : null}

      {page.rows.length > 0 ? (
        <>
          <CustomerTable
            businessId={business.id}
            businessName={business.name}
            rows={page.rows}
            contact={business.access === "owner"}
            timeZone={displayZone(business.timezone)}
            locale={locale as Locale}
          />
          <CustomerPages base={base} params={query} nextCursor={page.nextCursor} />
        </>
      ) : anyMember ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("empty.noMatch")}{" "}
          <Link href={base} className="font-medium text-brand underline dark:text-indigo-300">
            {t("search.clear")}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("empty.noMembers")}</p>
      )}

      {business.access === "owner" ? <ExportForm businessId={business.id} locations={locations} /> : null}
    </div>
  );
}
