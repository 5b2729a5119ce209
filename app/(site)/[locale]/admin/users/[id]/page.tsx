import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestLocale } from "@/components/admin/admin-locale";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DisableUserButton } from "@/components/admin/disable-user-button";
import { UserActivity, UserProfile } from "@/components/admin/user-detail";
import { displayFullName } from "@/components/admin/users-table";
import { getAdminUserDetail } from "@/lib/db/admin";
import { requireAdmin } from "../../require-admin";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.user"))("title") };
}

export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await requireAdmin();
  const user = await getAdminUserDetail((await params).id);
  if (!user) notFound();
  const [t, locale] = await Promise.all([getTranslations("admin.user"), requestLocale()]);
  return (
    <div className="space-y-8">
      <Link href="/admin/users" className="text-sm text-brand hover:underline dark:text-indigo-300">
        {t("back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-bold">{displayFullName(user)}</h1>
        {user.id === admin.id ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("self")}</p>
        ) : (
          <DisableUserButton userId={user.id} disabled={user.disabledAt !== null} />
        )}
      </div>
      <UserProfile user={user} locale={locale} />
      <UserActivity user={user} locale={locale} />
    </div>
  );
}
