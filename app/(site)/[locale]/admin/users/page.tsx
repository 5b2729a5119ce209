import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestLocale } from "@/components/admin/admin-locale";
import { AdminPagination } from "@/components/admin/admin-pagination";
import { UserSearchForm } from "@/components/admin/user-search-form";
import { UsersTable } from "@/components/admin/users-table";
import { listUsers } from "@/lib/db/admin";
import { adminUserSearchSchema } from "@/lib/validation/admin";
import { requireAdmin } from "../require-admin";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.users"))("title") };
}

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[] }>;

export default async function AdminUsersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin();
  const params = await searchParams;
  const search = adminUserSearchSchema.parse({ q: params.q, page: params.page });
  const { users, total, page, pageCount } = await listUsers(search);
  const t = await getTranslations("admin.users");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <UserSearchForm query={search.q} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {search.q ? t("countMatching", { count: total, query: search.q }) : t("count", { count: total })}
      </p>
      <UsersTable users={users} locale={await requestLocale()} />
      <AdminPagination query={search.q} page={page} pageCount={pageCount} />
    </div>
  );
}
