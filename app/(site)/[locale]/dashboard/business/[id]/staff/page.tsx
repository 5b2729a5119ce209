import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache } from "react";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { InviteStaffForm } from "@/components/staff/invite-staff-form";
import { RevokeButton } from "@/components/staff/revoke-button";
import { StaffLocationsForm, type StaffLocationOption } from "@/components/staff/staff-locations";
import { Card } from "@/components/ui/card";
import { DataTable, tableCell, TableSection } from "@/components/ui/data-table";
import { requireUser } from "@/lib/auth/current-user";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { listBusinessLocations } from "@/lib/db/locations";
import { listStaff } from "@/lib/db/staff";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { displayZone } from "@/lib/time/display-zone";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// Only the owner: a staff member, like anyone else, gets the 404 of a business
// that does not exist. `id` may also be the business's slug.
const loadOwnedBusiness = cache(async (id: string) => {
  const user = await requireUser();
  return businessIdSchema.safeParse(id).success ? getOwnedBusiness(user.id, id) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const business = await loadOwnedBusiness((await params).id);
  const t = await getTranslations("staff.page");
  return {
    title: business ? `${t("title")} · ${business.name}` : (await getTranslations("dashboard.business"))("notFound"),
  };
}

const td = `${tableCell} break-words`;

async function StaffPage({ params }: Props) {
  const user = await requireUser();
  const business = await loadOwnedBusiness((await params).id);
  if (!business) notFound();
  const [people, rows] = await Promise.all([listStaff(user.id, business.id), listBusinessLocations(business.id)]);
  if (!people) notFound();
  const [t, where, locale] = await Promise.all([
    getTranslations("staff"),
    getTranslations("workLocations.staff"),
    getLocale() as Promise<Locale>,
  ]);
  // Where each member works, only when there is more than one location (docs/locations.md, "Staff").
  const locations: StaffLocationOption[] = rows.map((l) => ({ id: l.id, name: l.name, closed: l.closedAt !== null }));
  const byLocation = locations.length > 1;
  const day = (date: Date) => formatInstantIn(date, displayZone(business.timezone), locale);

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
      </header>

      <BusinessPageTabs businessId={business.id} current="staff" viewer="owner" />

      <Card as="section" aria-labelledby="invite-heading" className="space-y-3 p-4">
        <h2 id="invite-heading" className="text-lg font-semibold">
          {t("invite.heading")}
        </h2>
        <InviteStaffForm businessId={business.id} locations={byLocation ? locations : []} />
      </Card>

      <TableSection
        id="staff-heading"
        heading={t("list.heading")}
        empty={people.staff.length === 0 ? t("list.empty") : null}
      >
        <DataTable
          testId="staff-table"
          className="min-w-[36rem]"
          columns={[
            t("list.name"),
            t("list.email"),
            t("list.since"),
            t("list.invitedBy"),
            ...(byLocation ? [where("worksAt")] : []),
            t("list.actions"),
          ]}
        >
          {people.staff.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className={`${td} font-medium`}>
                {member.name}
              </th>
              <td className={td}>{member.email ?? t("list.noEmail")}</td>
              <td className={td}>
                <time dateTime={member.since.toISOString()}>{day(member.since)}</time>
              </td>
              <td className={td}>{member.invitedBy ?? t("list.unknownInviter")}</td>
              {byLocation ? (
                <td className={td}>
                  <StaffLocationsForm businessId={business.id} member={member} locations={locations} />
                </td>
              ) : null}
              <td className={td}>
                <RevokeButton
                  target={{ kind: "staff", businessId: business.id, userId: member.userId, name: member.name }}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </TableSection>

      <TableSection
        id="invites-heading"
        heading={t("invites.heading")}
        empty={people.invites.length === 0 ? t("invites.empty") : null}
      >
        <DataTable
          testId="invites-table"
          className="min-w-[28rem]"
          columns={[t("invites.email"), t("invites.expires"), t("invites.actions")]}
        >
          {people.invites.map((invite) => (
            <tr key={invite.id}>
              <th scope="row" className={`${td} font-medium`}>
                {invite.email}
              </th>
              <td className={td}>
                <time dateTime={invite.expiresAt.toISOString()}>
                  {formatInstantIn(invite.expiresAt, displayZone(business.timezone), locale, true)}
                </time>
              </td>
              <td className={td}>
                <RevokeButton
                  target={{ kind: "invite", businessId: business.id, inviteId: invite.id, email: invite.email }}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </TableSection>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, StaffPage);
