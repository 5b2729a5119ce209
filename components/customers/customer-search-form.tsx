import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { LocationSelect } from "@/components/locations/location-select";
import type { LocationOption } from "@/lib/db/location-stats";
import { CUSTOMER_FILTERS, CUSTOMER_SORTS, type CustomerListParams } from "@/lib/validation/customers";
import { cn } from "@/lib/utils";

/**
 * Search, sort and filter as a plain GET form: it works before and without
 * JavaScript, and every result is an address of its own. Applying it starts
 * at the first page (no cursor is sent). `locations` (given only when the
 * business has several) adds the location filter, "All locations" first.
 */
export async function CustomerSearchForm({
  action,
  params,
  locations,
}: {
  action: string;
  params: CustomerListParams;
  locations?: LocationOption[];
}) {
  const t = await getTranslations("customers");
  return (
    <form
      method="get"
      action={action}
      role="search"
      className={cn(
        "grid gap-3 sm:items-end",
        locations ? "sm:grid-cols-[2fr_1fr_1fr_1fr_auto]" : "sm:grid-cols-[2fr_1fr_1fr_auto]",
      )}
    >
      <div className="space-y-1">
        <label htmlFor="customers-q" className="block text-sm font-medium">
          {t("search.label")}
        </label>
        <input
          id="customers-q"
          name="q"
          type="search"
          defaultValue={params.q ?? ""}
          placeholder={t("search.placeholder")}
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="customers-sort" className="block text-sm font-medium">
          {t("search.sort")}
        </label>
        <select id="customers-sort" name="sort" defaultValue={params.sort} className={inputClass}>
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="customers-filter" className="block text-sm font-medium">
          {t("search.filter")}
        </label>
        <select id="customers-filter" name="filter" defaultValue={params.filter} className={inputClass}>
          {CUSTOMER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`filters.${filter}`)}
            </option>
          ))}
        </select>
      </div>
      {locations ? <LocationSelect id="customers-location" options={locations} value={params.location} /> : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")}>
          {t("search.submit")}
        </button>
        {params.q ? (
          <Link href={action} className={buttonClass("secondary")}>
            {t("search.clear")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
