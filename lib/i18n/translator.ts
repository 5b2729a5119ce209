import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "./locales";
import type { KeyTranslator } from "./message";
import { catalogKeyTranslator } from "./key-translator";
import { keptPerKey } from "./kept-per-key";
import { loadMessages } from "./messages";

/**
 * A translator for one locale over its whole catalog (keys are full dotted paths:
 * "api.notAuthenticated", "validation.emailInvalid"), for code that runs outside a
 * page render and names its locale itself: route handlers (the client's
 * Accept-Language) and mails (the recipient's setting). It reads the same catalogs
 * as getTranslations({ locale }), but needs no request scope, so it behaves the same
 * in a route handler, a background job and a test that calls a handler directly.
 * One per locale for the life of the process: a translator keeps each message it
 * has compiled (a new one per call compiled every message of every answer again).
 */
const catalogTranslator = keptPerKey(async (locale: Locale) =>
  catalogKeyTranslator(locale, await loadMessages(locale)),
);

/**
 * The server's translator of messages (lib/i18n/message.ts): in `locale` over its
 * whole catalog, or without one in the request's locale (a page, a server action).
 */
export async function getKeyTranslator(locale?: Locale): Promise<KeyTranslator> {
  if (locale) return catalogTranslator(locale);
  // next-intl types `t` against the app's catalog; a KeyTranslator takes any
  // dotted path (a message's key is only known when it arrives).
  return (await getTranslations()) as unknown as KeyTranslator;
}
