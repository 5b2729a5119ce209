import type { Metadata } from "next";
import { AdminPagination } from "@/components/admin/admin-pagination";
import { UserSearchForm } from "@/components/admin/user-search-form";
import { UsersTable } from "@/components/admin/users-table";
import { listUsers } from "@/lib/db/admin";
import { adminUserSearchSchema } from "@/lib/validation/admin";
import { requireAdmin } from "../require-admin";

export const metadata: Metadata = { title: "Users" };

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[] }>;

export default async function AdminUsersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin();
  const params = await searchParams;
  const search = adminUserSearchSchema.parse({ q: params.q, page: params.page });
  const { users, total, page, pageCount } = await listUsers(search);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">Users</h1>
        <UserSearchForm query={search.q} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {search.q ? ` matching “${search.q}”` : ""}
      </p>
      <UsersTable users={users} />
      <AdminPagination query={search.q} page={page} pageCount={pageCount} />
    </div>
  );
}
