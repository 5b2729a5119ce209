import { getTranslations } from "next-intl/server";
import { inputClass } from "@/components/ui/field";
import type { LocationOption } from "@/lib/db/location-stats";

/**
 * The location filter of a GET form (`name="location"`): "All locations" (an
 * empty value, which the form's reader takes as none) and each location, the
 * closed ones said so (docs/locations.md, "What owners and customers see").
 */
export async function LocationSelect({
  id,
  options,
  value,
  name = "location",
}: {
  id: string;
  options: LocationOption[];
  value: string | null | undefined;
  name?: string;
}) {
  const t = await getTranslations("locationViews.filter");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("label")}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t("all")}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.closed ? t("closed", { name: option.name }) : option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
