import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { isMessage, translateMessage } from "@/lib/i18n/message";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { getKeyTranslator } from "@/lib/i18n/translator";

// The JSON API's language (docs/i18n.md, "Server actions, the JSON API and
// emails"): English unless the client's Accept-Language asks for es or ca. Only
// that header counts, never the language cookie: an API client states its
// language on each request, and the same call must answer the same way from a
// browser that happens to carry a cookie.
//
// Every route handler is wrapped in `localized`, the one place an answer's
// human-readable text is translated: its `message` and each value of its field
// `errors`, which are messages (lib/i18n/message.ts: `{ key, values }`, or a
// plain catalog key), in every locale, English included, so handlers hand
// messages to the API and English clients read the catalog's English.
// Machine-readable fields (`status`, `code`, `error`, OAuth's
// `error_description`) are never touched, and any other text (a business's or
// reward's name) is left as it is.

/** The language a route handler answers in: the request's Accept-Language, else English. */
export function apiLocale(request: Request): Locale {
  return negotiateLocale(request.headers.get("accept-language"));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON answer's body with its `message` and field `errors` in `locale`; any other body comes back unchanged. */
export async function localizeApiBody(body: unknown, locale: Locale): Promise<unknown> {
  if (!isRecord(body)) return body;
  const t = await getKeyTranslator(locale);
  const text = (shown: unknown) => (typeof shown === "string" || isMessage(shown) ? translateMessage(t, shown) : shown);
  const localized: Record<string, unknown> = { ...body };
  if ("message" in body) localized.message = text(body.message);
  if (isRecord(body.errors)) {
    localized.errors = Object.fromEntries(Object.entries(body.errors).map(([field, shown]) => [field, text(shown)]));
  }
  return localized;
}

function isJson(response: Response): boolean {
  const type = response.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

/** The answer with its JSON body localized (status and every header, cookies included, kept). */
export async function localizeApiResponse(response: Response, locale: Locale): Promise<Response> {
  if (!isJson(response) || response.body === null) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("Content-Language", locale);
  return new Response(JSON.stringify(await localizeApiBody(body, locale)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const wrapped = new WeakSet<object>();

/** True for a handler made by `localized` (a test checks every route handler under app/api is one). */
export function isLocalizedHandler(value: unknown): boolean {
  return typeof value === "function" && wrapped.has(value);
}

/**
 * A route handler whose JSON answers are in the client's language (apiLocale):
 * `export const POST = localized(async (request) => …)`.
 */
export function localized<Args extends [Request, ...unknown[]]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  const run = async (...args: Args) => localizeApiResponse(await handler(...args), apiLocale(args[0]));
  wrapped.add(run);
  return run;
}
