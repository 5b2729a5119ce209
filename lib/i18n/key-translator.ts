import { createTranslator } from "use-intl/core";
import type { KeyTranslator } from "./message";

/**
 * A KeyTranslator over a catalog in hand (a locale's whole catalog, or a part of
 * it), for code without a request to read one from: the server's catalog
 * translators, the JSON API's English lines, scripts and tests.
 */
export function catalogKeyTranslator(locale: string, messages: Record<string, unknown>): KeyTranslator {
  // next-intl types `t` against the app's catalog (its keys and each message's
  // arguments); a KeyTranslator takes any dotted path, as a message's key is
  // only known when it arrives, so the typed translator is seen as the plain one.
  return createTranslator({ locale, messages }) as unknown as KeyTranslator;
}
