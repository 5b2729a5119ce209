import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** A plain GET form: the search lives in the URL, so it works without JavaScript and can be shared. */
export async function UserSearchForm({ query }: { query: string }) {
  const t = await getTranslations("admin.users");
  return (
    <form method="get" action="/admin/users" role="search" className="flex gap-2">
      <label htmlFor="admin-user-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <input
        id="admin-user-search"
        name="q"
        type="search"
        defaultValue={query}
        placeholder={t("searchLabel")}
        maxLength={200}
        className="w-64 rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
      />
      <button type="submit" className={buttonClass("primary")}>
        {t("search")}
      </button>
    </form>
  );
}
