import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { displayFullName } from "@/components/admin/users-table";
import { Card } from "@/components/ui/card";
import { adminDateTime, adminDay } from "@/components/admin/admin-dates";
import { accountKind } from "@/lib/auth/roles";
import type { AdminUserDetail } from "@/lib/db/admin";
import type { Locale } from "@/lib/i18n/locales";
import { formatPhone } from "@/lib/validation/phone";

/** A titled list of the user's records, or a line saying there are none. */
function ListSection<T>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <Card as="ul" className="divide-y divide-slate-100 rounded-xl text-sm dark:divide-slate-800">
          {items.map(children)}
        </Card>
      )}
    </section>
  );
}

export async function UserProfile({ user, locale }: { user: AdminUserDetail; locale: Locale }) {
  const t = await getTranslations("admin");
  const day = (date: Date) => adminDay(date, locale);
  const rows: [string, ReactNode][] = [
    [t("profile.name"), displayFullName(user)],
    [t("profile.email"), user.email ?? "—"],
    [t("profile.phone"), user.phone ? formatPhone(user.phone) : "—"],
    [t("profile.role"), t(`roles.${accountKind(user, user.businesses.length)}`)],
    [
      t("profile.status"),
      user.disabledAt
        ? t("status.disabledSince", { date: adminDateTime(user.disabledAt, locale) })
        : t("status.active"),
    ],
    [t("profile.joined"), day(user.createdAt)],
    [t("profile.birthday"), user.birthday ? day(user.birthday) : "—"],
    [t("profile.notifications"), user.notificationsEnabled ? t("profile.on") : t("profile.off")],
    [
      t("profile.referredBy"),
      user.referredBy ? (
        <Link href={`/admin/users/${user.referredBy.id}`} className="text-brand hover:underline">
          {user.referredBy.name ?? user.referredBy.email ?? user.referredBy.id}
        </Link>
      ) : (
        "—"
      ),
    ],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export async function UserActivity({ user, locale }: { user: AdminUserDetail; locale: Locale }) {
  const t = await getTranslations("admin.activity");
  const day = (date: Date) => adminDay(date, locale);
  return (
    <>
      <ListSection title={t("businesses")} items={user.businesses} empty={t("noBusinesses")}>
        {(b) => (
          <li key={b.id} className="flex justify-between px-4 py-2">
            <Link href={`/b/${b.slug}`} className="font-medium text-brand hover:underline dark:text-indigo-300">
              {b.name}
            </Link>
            <span className="text-slate-500">{t("since", { date: day(b.createdAt) })}</span>
          </li>
        )}
      </ListSection>
      <ListSection title={t("memberships")} items={user.memberships} empty={t("noMemberships")}>
        {(m) => (
          <li key={m.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span className="font-medium">{m.business.name}</span>
            <span className="text-slate-500">
              {t("membership", { date: day(m.linkedAt), via: m.via, count: m.visitCount })}
            </span>
          </li>
        )}
      </ListSection>
      <ListSection title={t("taps")} items={user.taps} empty={t("noTaps")}>
        {(tap) => (
          <li key={tap.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span className="font-medium">{tap.business.name}</span>
            <span className="text-slate-500">
              {tap.source === "QR"
                ? t("tapQr", { date: adminDateTime(tap.createdAt, locale) })
                : t("tapTag", { date: adminDateTime(tap.createdAt, locale), tagId: tap.tagId ?? "—" })}
            </span>
          </li>
        )}
      </ListSection>
    </>
  );
}
