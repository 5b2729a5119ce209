// Catalog text as a reader sees it (the engine's lines, message keys): rendered through next-intl's own
// formatter (use-intl/core) from the real catalogs, so the loyalty tests assert
// the words a page shows, in each language.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import { renderLine } from "@/lib/i18n/loyalty-lines";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message-key";
import type { LoyaltyLine, ProgressDescription, VisitSummary } from "@/lib/loyalty";

type Locale = "en" | "es" | "ca";

function catalog(locale: Locale): Record<string, Record<string, unknown>> {
  const dir = path.join(process.cwd(), "messages", locale);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [path.basename(file, ".json"), JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))]),
  );
}

const translators = new Map<Locale, KeyTranslator>();

function translator(locale: Locale): KeyTranslator {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: catalog(locale) }) as unknown as KeyTranslator;
    translators.set(locale, t);
  }
  return t;
}

/** A message that may be a catalog key (with values, messageKey) in `locale`, as a page shows it. */
export function messageText(message: string, locale: Locale = "en"): string {
  return translateMessage(translator(locale), message);
}

/** The line's text in `locale` (English by default). */
export function lineText(line: LoyaltyLine, locale: Locale = "en"): string {
  return renderLine(translator(locale), line);
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
