import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message-key";

// A locale's catalog read straight from messages/, for tests of code that
// answers catalog keys: `text("en", key)` is what a reader of that language sees.

function catalog(locale: Locale): Record<string, Record<string, unknown>> {
  const dir = path.join(process.cwd(), "messages", locale);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [path.basename(file, ".json"), JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))]),
  );
}

export function translator(locale: Locale): KeyTranslator {
  return createTranslator({ locale, messages: catalog(locale) }) as unknown as KeyTranslator;
}

/** A message (a key with its values, or plain text) as `locale` reads it. */
export function text(locale: Locale, message: string): string {
  return translateMessage(translator(locale), message);
}

/** Every value of a field → message record, as `locale` reads it. */
export function texts(locale: Locale, messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, text(locale, message)]));
}
