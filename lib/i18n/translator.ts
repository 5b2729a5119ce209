import "server-only";
import { createTranslator } from "use-intl/core";
import type { Locale } from "./locales";
import type { KeyTranslator } from "./message-key";
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
export const catalogTranslator = keptPerKey(
  async (locale: Locale) =>
    createTranslator({ locale, messages: await loadMessages(locale) }) as unknown as KeyTranslator,
);
