import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { DataTable, tableCell, TableSection } from "@/components/ui/data-table";
import { EndpointControls } from "@/components/webhooks/endpoint-controls";
import { eventLabelKey } from "@/components/webhooks/event-label";
import { RegisterWebhookForm } from "@/components/webhooks/register-webhook-form";
import { ResendButton } from "@/components/webhooks/resend-button";
import { deliveryLog, listEndpoints } from "@/lib/db/webhooks";
import { formatInstantIn } from "@/lib/i18n/dates";
import { displayZone } from "@/lib/time/display-zone";
import type { Locale } from "@/lib/i18n/locales";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/events";
import { loadOwnedBusiness, ownedPageMetadata } from "../../owned";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// Only the owner (../../owned.ts).

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return ownedPageMetadata((await params).id, "webhooks.page");
}

const td = `${tableCell} break-words align-top`;
const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

async function WebhooksPage({ params }: Props) {
  const business = (await loadOwnedBusiness((await params).id))?.business;
  if (!business) notFound();
  const endpoints = await listEndpoints(business.id);
  const logs = await Promise.all(endpoints.map((endpoint) => deliveryLog(business.id, endpoint.id)));
  const [t, locale] = await Promise.all([getTranslations("webhooks"), getLocale() as Promise<Locale>]);
  // Every time as the business's clock reads it.
  const time = (date: Date | string) => formatInstantIn(new Date(date), displayZone(business.timezone), locale, true);
  const eventName = (type: string) => (isEventType(type) ? t(eventLabelKey(type)) : type);

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
          <Link href={`/dashboard/business/${business.id}`} className="underline">
            {t("page.back")}
          </Link>{" "}
          · {business.name}
        </p>
        <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.docs")}</p>
      </header>

      <Card as="section" aria-labelledby="add-webhook-heading" className="space-y-3 p-4">
        <h2 id="add-webhook-heading" className="text-lg font-semibold">
          {t("form.heading")}
        </h2>
        <RegisterWebhookForm businessId={business.id} />
      </Card>

      <section aria-labelledby="endpoints-heading" className="space-y-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          {t("list.heading")}
        </h2>
        {endpoints.length === 0 ? <p className="text-sm">{t("list.empty")}</p> : null}
        {endpoints.map((endpoint, index) => (
          <Card key={endpoint.id} as="article" className="space-y-3 p-4" data-testid="webhook-endpoint">
            <div className="space-y-1">
              <p className="font-mono text-sm font-semibold break-all">{endpoint.url}</p>
              <p className="text-sm">{t("list.events", { events: endpoint.events.map(eventName).join(", ") })}</p>
              <p className="text-sm font-medium" data-testid="webhook-state">
                {endpoint.enabled
                  ? t("list.on")
                  : endpoint.disabledReason === "failing"
                    ? t("list.offFailing", { time: endpoint.disabledAt ? time(endpoint.disabledAt) : "" })
                    : t("list.offByOwner", { time: endpoint.disabledAt ? time(endpoint.disabledAt) : "" })}
              </p>
            </div>
            <EndpointControls businessId={business.id} endpointId={endpoint.id} enabled={endpoint.enabled} />
            <TableSection
              id={`webhook-log-${index}`}
              heading={t("log.heading")}
              empty={logs[index]!.length === 0 ? t("log.empty") : null}
            >
              <DataTable
                testId="webhook-log"
                className="min-w-[40rem]"
                columns={[t("log.event"), t("log.message"), t("log.status"), t("log.attempts"), t("log.actions")]}
              >
                {logs[index]!.map((message) => (
                  <tr key={message.id}>
                    <th scope="row" className={`${td} font-medium`}>
                      {eventName(message.eventType)}
                      <br />
                      <time className="text-xs font-normal" dateTime={new Date(message.createdAt).toISOString()}>
                        {time(message.createdAt)}
                      </time>
                    </th>
                    <td className={`${td} font-mono text-xs`}>{message.id}</td>
                    <td className={td}>
                      {message.status === "SUCCEEDED"
                        ? t("log.succeeded")
                        : message.status === "FAILED"
                          ? t("log.failed")
                          : t("log.pending")}
                      {message.status === "PENDING" && message.nextAttemptAt ? (
                        <span className="block text-xs">
                          {t("log.nextAttempt", { time: time(message.nextAttemptAt) })}
                        </span>
                      ) : null}
                    </td>
                    <td className={td}>
                      <ul className="space-y-1 text-xs">
                        {message.attempts.map((attempt) => (
                          <li key={attempt.attempt}>
                            {t("log.attempt", {
                              number: attempt.attempt,
                              status: attempt.statusCode ?? t("log.noAnswer"),
                              ms: attempt.latencyMs,
                              time: time(attempt.createdAt),
                            })}
                            {attempt.error ? (
                              <span className="block text-red-700 dark:text-red-300">{attempt.error}</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={td}>
                      {message.status !== "PENDING" && endpoint.enabled ? (
                        <ResendButton businessId={business.id} messageId={message.id} />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableSection>
          </Card>
        ))}
      </section>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, WebhooksPage);
