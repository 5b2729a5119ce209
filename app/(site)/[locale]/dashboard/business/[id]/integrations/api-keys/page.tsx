import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";
import { RevokeApiKeyButton } from "@/components/api-keys/revoke-api-key-button";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { DataTable, tableCell, TableSection } from "@/components/ui/data-table";
import { listApiKeys } from "@/lib/db/api-keys";
import { formatInstantIn } from "@/lib/i18n/dates";
import { displayZone } from "@/lib/time/display-zone";
import type { Locale } from "@/lib/i18n/locales";
import { loadOwnedBusiness, ownedPageMetadata } from "../../owned";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// Only the owner (../../owned.ts).

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return ownedPageMetadata((await params).id, "apiKeys.page");
}

const td = `${tableCell} break-words`;

async function ApiKeysPage({ params }: Props) {
  const owned = await loadOwnedBusiness((await params).id);
  if (!owned) notFound();
  const { user, business } = owned;
  const keys = await listApiKeys(user.id, business.id);
  if (!keys) notFound();
  const [t, locale] = await Promise.all([getTranslations("apiKeys"), getLocale() as Promise<Locale>]);
  // Times in the business's zone, whatever the server's.
  const at = (date: Date) => (
    <time dateTime={date.toISOString()}>{formatInstantIn(date, displayZone(business.timezone), locale, true)}</time>
  );

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
        <p className="mt-1 text-sm">
          <Link href="/developers/api" className="underline">
            {t("page.docs")}
          </Link>
        </p>
      </header>

      <Card as="section" aria-labelledby="create-key-heading" className="space-y-3 p-4">
        <h2 id="create-key-heading" className="text-lg font-semibold">
          {t("create.heading")}
        </h2>
        <CreateApiKeyForm businessId={business.id} />
      </Card>

      <TableSection id="keys-heading" heading={t("list.heading")} empty={keys.length === 0 ? t("list.empty") : null}>
        <DataTable
          testId="api-keys-table"
          className="min-w-[44rem]"
          columns={[
            t("list.name"),
            t("list.prefix"),
            t("list.scopes"),
            t("list.created"),
            t("list.lastUsed"),
            t("list.status"),
            t("list.actions"),
          ]}
        >
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className={`${td} font-medium`}>
                {key.name}
              </th>
              <td className={td}>
                <code>{key.prefix}…</code>
              </td>
              <td className={td}>{key.scopes.join(", ")}</td>
              <td className={td}>{at(key.createdAt)}</td>
              <td className={td}>{key.lastUsedAt ? at(key.lastUsedAt) : t("list.never")}</td>
              <td className={td}>
                {key.revokedAt
                  ? t("list.revoked", { date: formatInstantIn(key.revokedAt, business.timezone, locale, true) })
                  : t("list.active")}
              </td>
              <td className={td}>
                {key.revokedAt ? null : <RevokeApiKeyButton businessId={business.id} keyId={key.id} name={key.name} />}
              </td>
            </tr>
          ))}
        </DataTable>
      </TableSection>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, ApiKeysPage);
