import { format } from "date-fns";
import Link from "next/link";
import type { ReactNode } from "react";
import { displayFullName } from "@/components/admin/users-table";
import type { AdminUserDetail } from "@/lib/db/admin";

const day = (date: Date) => format(date, "MMM dd, yyyy");
const dateTime = (date: Date) => format(date, "MMM dd, yyyy HH:mm");

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const listClass = "divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900";

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
    ["Referred by", user.referredBy ? <Link href={`/admin/users/${user.referredBy.id}`} className="text-brand hover:underline">{user.referredBy.name ?? user.referredBy.email ?? user.referredBy.id}</Link> : "—"],
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
      <Section title="Businesses">
        {user.businesses.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No businesses.</p>
        ) : (
          <ul className={listClass}>
            {user.businesses.map((b) => (
              <li key={b.id} className="flex justify-between px-4 py-2">
                <Link href={`/b/${b.slug}`} className="font-medium text-brand hover:underline dark:text-indigo-300">
                  {b.name}
                </Link>
                <span className="text-slate-500">since {day(b.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Memberships">
        {user.memberships.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No memberships.</p>
        ) : (
          <ul className={listClass}>
            {user.memberships.map((m) => (
              <li key={m.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="font-medium">{m.business.name}</span>
                <span className="text-slate-500">
                  linked {day(m.linkedAt)} via {m.via.toLowerCase()} · {m.visitCount} {m.visitCount === 1 ? "visit" : "visits"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Recent taps">
        {user.taps.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No taps yet.</p>
        ) : (
          <ul className={listClass}>
            {user.taps.map((t) => (
              <li key={t.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="font-medium">{t.business.name}</span>
                <span className="text-slate-500">
                  {dateTime(t.createdAt)} · {t.source === "QR" ? "QR" : `tag ${t.tagId ?? "—"}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
