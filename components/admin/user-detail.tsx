import { format } from "date-fns";
import Link from "next/link";
import type { ReactNode } from "react";
import { displayFullName } from "@/components/admin/users-table";
import { Card } from "@/components/ui/card";
import type { AdminUserDetail } from "@/lib/db/admin";

const day = (date: Date) => format(date, "MMM dd, yyyy");
const dateTime = (date: Date) => format(date, "MMM dd, yyyy HH:mm");

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

export function UserProfile({ user }: { user: AdminUserDetail }) {
  const rows: [string, ReactNode][] = [
    ["Name", displayFullName(user)],
    ["Email", user.email ?? "—"],
    ["Phone", user.phone ?? "—"],
    ["Role", user.role === "ADMIN" ? "Admin" : "Customer"],
    ["Status", user.disabledAt ? `Disabled since ${dateTime(user.disabledAt)}` : "Active"],
    ["Joined", day(user.createdAt)],
    ["Birthday", user.birthday ? day(user.birthday) : "—"],
    ["Notifications", user.notificationsEnabled ? "On" : "Off"],
    [
      "Referred by",
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

export function UserActivity({ user }: { user: AdminUserDetail }) {
  return (
    <>
      <ListSection title="Businesses" items={user.businesses} empty="No businesses.">
        {(b) => (
          <li key={b.id} className="flex justify-between px-4 py-2">
            <Link href={`/b/${b.slug}`} className="font-medium text-brand hover:underline dark:text-indigo-300">
              {b.name}
            </Link>
            <span className="text-slate-500">since {day(b.createdAt)}</span>
          </li>
        )}
      </ListSection>
      <ListSection title="Memberships" items={user.memberships} empty="No memberships.">
        {(m) => (
          <li key={m.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span className="font-medium">{m.business.name}</span>
            <span className="text-slate-500">
              linked {day(m.linkedAt)} via {m.via.toLowerCase()} · {m.visitCount}{" "}
              {m.visitCount === 1 ? "visit" : "visits"}
            </span>
          </li>
        )}
      </ListSection>
      <ListSection title="Recent taps" items={user.taps} empty="No taps yet.">
        {(t) => (
          <li key={t.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span className="font-medium">{t.business.name}</span>
            <span className="text-slate-500">
              {dateTime(t.createdAt)} · {t.source === "QR" ? "QR" : `tag ${t.tagId ?? "—"}`}
            </span>
          </li>
        )}
      </ListSection>
    </>
  );
}
