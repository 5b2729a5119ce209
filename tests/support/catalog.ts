// A locale's catalog read straight from messages/ and rendered through
// next-intl's own formatter (use-intl/core), for tests of code that answers
// catalog keys or the engine's lines: `text("en", key)` is what a reader of that
// language sees. The one place tests build a translator from the real catalogs.
import fs from "node:fs";
import path from "node:path";
import type { Locale } from "@/lib/i18n/locales";
import { catalogKeyTranslator } from "@/lib/i18n/key-translator";
import { translateMessage, type KeyTranslator, type MessageOrText } from "@/lib/i18n/message";
import type { LoyaltyLine, ProgressDescription, VisitSummary } from "@/lib/loyalty";

/** A namespace's messages: strings, or nested groups of them. */
export type CatalogTree = { [key: string]: string | CatalogTree };

/** A locale's real catalog (every messages/<locale>/*.json, one namespace per file), as the server loads it. */
export function catalog(locale: Locale): Record<string, CatalogTree> {
  const dir = path.join(process.cwd(), "messages", locale);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [path.basename(file, ".json"), JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))]),
  );
}

const translators = new Map<Locale, KeyTranslator>();

/** next-intl's translator for `locale`, at the catalog's root. */
export function translator(locale: Locale): KeyTranslator {
  let t = translators.get(locale);
  if (!t) {
    t = catalogKeyTranslator(locale, catalog(locale));
    translators.set(locale, t);
  }
  return t;
}

/** A message (a key with its values, or plain text) as `locale` reads it. */
export function text(locale: Locale, message: MessageOrText): string {
  return translateMessage(translator(locale), message);
}

/** `text` for one locale, for tests that read many messages in it. */
export function shownAs(locale: Locale): (message: MessageOrText) => string {
  return (message) => text(locale, message);
}

/** Every value of a field → message record, as `locale` reads it. */
export function texts(locale: Locale, messages: Record<string, MessageOrText>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, text(locale, message)]));
}

/** The engine's line in `locale` (English by default). */
export function lineText(line: LoyaltyLine, locale: Locale = "en"): string {
  return translateMessage(translator(locale), line);
}

/** A visit's summary with its line read in English, as the tests compare it. */
export function readSummary({ line, ...rest }: VisitSummary): Omit<VisitSummary, "line"> & { message: string } {
  return { ...rest, message: lineText(line) };
}

/** A progress description with its line read in English. */
export function readProgress({ line, ...rest }: ProgressDescription): Omit<ProgressDescription, "line"> & {
  label: string;
} {
  return { ...rest, label: lineText(line) };
}

/**
 * next-intl's server functions for a page rendered directly in a test (outside
 * React Server Components, where next-intl/server refuses to run): English from
 * the real catalog. Use as `jest.mock("next-intl/server", () => englishServerIntl())`.
 */
export function englishServerIntl() {
  const t = translator("en") as unknown as (key: string, values?: Record<string, string | number>) => string;
  const scoped = (namespace?: string) => {
    const scopedT = (key: string, values?: Record<string, string | number>) =>
      t(namespace ? `${namespace}.${key}` : key, values);
    return Object.assign(scopedT, {
      has: (key: string) => translator("en").has(namespace ? `${namespace}.${key}` : key),
    });
  };
  return {
    getLocale: async () => "en",
    getTranslations: async (arg?: string | { namespace?: string }) =>
      scoped(typeof arg === "string" ? arg : arg?.namespace),
  };
}
