import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message-key";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { catalogTranslator } from "@/lib/i18n/translator";

// The JSON API's language (docs/i18n.md, "Server actions, the JSON API and
// emails"): English unless the client's Accept-Language asks for es or ca. Only
// that header counts, never the language cookie: an API client states its
// language on each request, and the same call must answer the same way from a
// browser that happens to carry a cookie.
//
// Every route handler is wrapped in `localized`, the one place an answer's
// human-readable text is translated: its `message` and each value of its field
// `errors`. Machine-readable fields (`status`, `code`, `error`, OAuth's
// `error_description`) are never touched. A message is translated when it is
//  - a catalog key ("api.notAuthenticated", a schema's "validation.…" key, with
//    values from messageKey): in every locale, English included, so code and
//    schemas can hand keys to the API and English clients still read English;
//  - the English text of an `api.*` message: shared code that still answers in
//    English (lib/auth, lib/tap) is translated on request without knowing about
//    languages. Once such code returns keys, its entry here is simply unused.
// Anything else (zod's own English messages, a business's or reward's name) is
// left as it is.

/** The language a route handler answers in: the request's Accept-Language, else English. */
export function apiLocale(request: Request): Locale {
  return negotiateLocale(request.headers.get("accept-language"));
}

type Leaf = { key: string; text: string };

function leaves(tree: unknown, prefix: string): Leaf[] {
  if (typeof tree === "string") return [{ key: prefix, text: tree }];
  if (!tree || typeof tree !== "object") return [];
  return Object.entries(tree).flatMap(([name, value]) => leaves(value, `${prefix}.${name}`));
}

// English text → key, for the api messages without ICU arguments (those come as keys).
let englishIndex: Promise<Map<string, string>> | null = null;

function englishKeys(): Promise<Map<string, string>> {
  englishIndex ??= loadMessages(DEFAULT_LOCALE).then(
    (messages) =>
      new Map(leaves(messages.api, "api").flatMap(({ key, text }) => (/[{}]/.test(text) ? [] : [[text, key]]))),
  );
  return englishIndex;
}

/** One message in `locale`: a key's text, an English api message's translation, or the message itself. */
export async function localizeApiMessage(t: KeyTranslator, locale: Locale, message: string): Promise<string> {
  const translated = translateMessage(t, message);
  if (translated !== message || locale === DEFAULT_LOCALE) return translated;
  const key = (await englishKeys()).get(message);
  return key ? t(key) : message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON answer's body with its `message` and field `errors` in `locale`; any other body comes back unchanged. */
export async function localizeApiBody(body: unknown, locale: Locale): Promise<unknown> {
  if (!isRecord(body)) return body;
  const t = await catalogTranslator(locale);
  const localized: Record<string, unknown> = { ...body };
  if (typeof body.message === "string") localized.message = await localizeApiMessage(t, locale, body.message);
  if (isRecord(body.errors)) {
    const errors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(body.errors)) {
      errors[field] = typeof message === "string" ? await localizeApiMessage(t, locale, message) : message;
    }
    localized.errors = errors;
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
