import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { adminDay } from "@/components/admin/admin-dates";
import { Card } from "@/components/ui/card";
import { accountKind } from "@/lib/auth/roles";
import type { AdminUserRow } from "@/lib/db/admin";
import type { Locale } from "@/lib/i18n/locales";
import { cn } from "@/lib/utils";

export function displayFullName(user: { name: string | null; firstName: string | null; lastName: string | null }) {
  return user.name ?? ([user.firstName, user.lastName].filter(Boolean).join(" ") || "—");
}

// Role and status right after the name: on a phone the table shows only these
// three (the email moves under the name), so nothing hides behind a sideways scroll.
const COLUMNS = ["name", "role", "status", "email", "businesses", "joined"] as const;
const WIDE_ONLY = new Set<(typeof COLUMNS)[number]>(["email", "businesses", "joined"]);
const WIDE_CELL = "hidden sm:table-cell";

export async function UsersTable({ users, locale }: { users: AdminUserRow[]; locale: Locale }) {
  const t = await getTranslations("admin");
  if (users.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t("users.empty")}</p>;
  return (
    <Card className="overflow-x-auto rounded-xl">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={cn("px-4 py-2 font-medium", WIDE_ONLY.has(column) && WIDE_CELL)}>
                {t(`users.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link
                  href={`/admin/users/${user.id}`}
                  className="font-medium text-brand hover:underline dark:text-indigo-300"
                >
                  {displayFullName(user)}
                </Link>
                <span className="block text-xs break-all text-slate-500 sm:hidden dark:text-slate-400">
                  {user.email ?? user.phone ?? "—"}
                </span>
              </td>
              <td className="px-4 py-2">{t(`roles.${accountKind(user, user._count.businesses)}`)}</td>
              <td className="px-4 py-2">{user.disabledAt ? t("status.disabled") : t("status.active")}</td>
              <td className={cn("px-4 py-2", WIDE_CELL)}>{user.email ?? user.phone ?? "—"}</td>
              <td className={cn("px-4 py-2", WIDE_CELL)}>{user._count.businesses}</td>
              <td className={cn("px-4 py-2", WIDE_CELL)}>{adminDay(user.createdAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
