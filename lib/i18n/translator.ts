import "server-only";
import { createTranslator } from "use-intl/core";
import type { Locale } from "./locales";
import type { KeyTranslator } from "./message-key";
import { loadMessages } from "./messages";

// One translator per locale for the life of the process: the catalogs never change
// at run time, and a translator keeps each message it has compiled (a new one per
// call compiled every message of every answer again).
const translators = new Map<Locale, Promise<KeyTranslator>>();

/**
 * A translator for one locale over its whole catalog (keys are full dotted paths:
 * "api.notAuthenticated", "validation.emailInvalid"), for code that runs outside a
 * page render and names its locale itself: route handlers (the client's
 * Accept-Language) and mails (the recipient's setting). It reads the same catalogs
 * as getTranslations({ locale }), but needs no request scope, so it behaves the same
 * in a route handler, a background job and a test that calls a handler directly.
 */
export function catalogTranslator(locale: Locale): Promise<KeyTranslator> {
  let found = translators.get(locale);
  if (!found) {
    found = loadMessages(locale).then((messages) => createTranslator({ locale, messages }) as unknown as KeyTranslator);
    // A failed read is not kept: the next call reads again.
    found.catch(() => translators.delete(locale));
    translators.set(locale, found);
  }
  return found;
}
