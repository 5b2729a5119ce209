import Link from "next/link";
import { getTranslations } from "next-intl/server";

function pageHref(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/users?${search}` : "/admin/users";
}

export async function AdminPagination({ query, page, pageCount }: { query: string; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const t = await getTranslations("admin.pagination");
  const linkClass =
    "rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <nav aria-label={t("label")} className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link href={pageHref(query, Math.min(page - 1, pageCount))} className={linkClass}>
          {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("page", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Link href={pageHref(query, page + 1)} className={linkClass}>
          {t("next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
