import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { LocationSelect } from "@/components/locations/location-select";
import type { LocationOption } from "@/lib/db/location-stats";
import { EXPORT_KINDS } from "@/lib/validation/customers";
import { cn } from "@/lib/utils";

/**
 * The owner's CSV download: a plain GET form to the export route (the browser
 * saves the file). `locations` (given only when the business has several) adds
 * the location filter, "All locations" first.
 */
export async function ExportForm({ businessId, locations }: { businessId: string; locations?: LocationOption[] }) {
  const t = await getTranslations("customers.export");
  return (
    <section aria-labelledby="export-heading" className="space-y-3">
      <h2 id="export-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p id="export-hint" className="text-sm text-slate-600 dark:text-slate-300">
        {t("hint")}
      </p>
      <form
        method="get"
        action={`/api/business/${encodeURIComponent(businessId)}/export`}
        aria-describedby="export-hint"
        className={cn(
          "grid gap-3 sm:items-end",
          locations ? "sm:grid-cols-[2fr_1fr_1fr_1fr_auto]" : "sm:grid-cols-[2fr_1fr_1fr_auto]",
        )}
      >
        <div className="space-y-1">
          <label htmlFor="export-kind" className="block text-sm font-medium">
            {t("kind")}
          </label>
          <select id="export-kind" name="kind" defaultValue="customers" className={inputClass}>
            {EXPORT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="export-from" className="block text-sm font-medium">
            {t("from")}
          </label>
          <input id="export-from" name="from" type="date" className={inputClass} />
        </div>
        <div className="space-y-1">
          <label htmlFor="export-to" className="block text-sm font-medium">
            {t("to")}
          </label>
          <input id="export-to" name="to" type="date" className={inputClass} />
        </div>
        {locations ? <LocationSelect id="export-location" options={locations} value={null} /> : null}
        <button type="submit" className={buttonClass("secondary")}>
          {t("submit")}
        </button>
      </form>
    </section>
  );
}
