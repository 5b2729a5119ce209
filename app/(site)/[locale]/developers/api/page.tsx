import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SiteShell } from "@/components/layout/site-shell";
import { openApiDocument } from "@/lib/api/openapi";
import { operations, type Operation } from "@/lib/api/operations";
import { PROBLEMS, PROBLEM_CODES, problemType } from "@/lib/api/problems";
import { storedLocale } from "@/lib/i18n/locales";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/events";

// The API's reference, rendered here from the OpenAPI document's sources
// (no third-party viewer: the CSP allows no script from elsewhere). The
// machine-readable document is /api/v1/openapi.json; the guide is docs/api.md.

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale((await params).locale), namespace: "site.developers" });
  return { title: t("title") };
}

type Json = Record<string, unknown>;

// Addresses, the same in every language.
const API_BASE = "/api/v1";
const OPENAPI_PATH = `${API_BASE}/openapi.json`;

function Schema({ schema }: { schema: unknown }) {
  return (
    <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs dark:bg-slate-900">
      {JSON.stringify(schema, null, 2)}
    </pre>
  );
}

export default async function ApiReferencePage({ params }: Props) {
  const locale = storedLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "site.developers" });
  const document = openApiDocument() as { paths: Record<string, Record<string, Json>>; webhooks: Record<string, Json> };
  const list = Object.values(operations) as Operation[];
  return (
    <SiteShell locale={locale}>
      <article className="space-y-6">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold">{t("heading")}</h1>
          <p>{t("intro")}</p>
          <p>
            {t("document")}{" "}
            <a className="underline" href={OPENAPI_PATH}>
              {OPENAPI_PATH}
            </a>
          </p>
          <p>{t("auth")}</p>
        </header>

        <section aria-labelledby="endpoints" className="space-y-4">
          <h2 id="endpoints" className="text-2xl font-semibold">
            {t("endpoints")}
          </h2>
          {list.map((operation) => {
            const spec = document.paths[operation.path]![operation.method]! as {
              parameters: Json[];
              requestBody?: { content: Record<string, { schema: unknown }> };
              responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
            };
            return (
              <section key={operation.operationId} id={operation.operationId} className="space-y-2">
                <h3 className="font-mono text-lg font-semibold">
                  {`${operation.method.toUpperCase()} ${API_BASE}${operation.path}`}
                </h3>
                <p>
                  {/* The descriptions are CommonMark for OpenAPI viewers; here their code marks are dropped. */}
                  <strong>{operation.summary}.</strong> {operation.description?.replaceAll("`", "")}
                </p>
                <p className="text-sm">
                  {t("scope")} <code>{operation.scope}</code>
                  {operation.body ? ` · ${t("idempotent")}` : ""}
                </p>
                {spec.parameters.length ? <Schema schema={spec.parameters} /> : null}
                {spec.requestBody ? <Schema schema={spec.requestBody.content["application/json"]!.schema} /> : null}
                <details>
                  <summary className="cursor-pointer text-sm">
                    {t("response")} {operation.status}
                  </summary>
                  <Schema schema={spec.responses[String(operation.status)]!.content!["application/json"]!.schema} />
                </details>
              </section>
            );
          })}
        </section>

        <section aria-labelledby="webhooks" className="space-y-3">
          <h2 id="webhooks" className="text-2xl font-semibold">
            {t("webhooks")}
          </h2>
          {WEBHOOK_EVENT_TYPES.map((type) => {
            const post = document.webhooks[type]!.post as {
              requestBody: { content: Record<string, { schema: unknown }> };
            };
            return (
              <details key={type} id={`webhook-${type}`}>
                <summary className="cursor-pointer font-mono">{type}</summary>
                <Schema schema={post.requestBody.content["application/json"]!.schema} />
              </details>
            );
          })}
        </section>

        <section aria-labelledby="problems" className="space-y-3">
          <h2 id="problems" className="text-2xl font-semibold">
            {t("errors")}
          </h2>
          <p>{t("errorsIntro")}</p>
          <ul className="space-y-1">
            {PROBLEM_CODES.map((code) => (
              <li key={code} id={problemType(code).split("#")[1]}>
                <code>{code}</code> · {PROBLEMS[code].status}
              </li>
            ))}
          </ul>
        </section>
      </article>
    </SiteShell>
  );
}
