import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message-key";
import type { Locale } from "@/lib/i18n/locales";

/** A locale's real catalog (every messages/<locale>/*.json), as the server loads it. */
export function catalogTranslator(locale: Locale): KeyTranslator {
  const dir = path.join(process.cwd(), "messages", locale);
  const messages = Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [path.basename(file, ".json"), JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))]),
  );
  return createTranslator({ locale, messages }) as unknown as KeyTranslator;
}

/** A message (a catalog key or plain text) as a reader of `locale` sees it. */
export function shownAs(locale: Locale): (message: string) => string {
  const t = catalogTranslator(locale);
  return (message) => translateMessage(t, message);
}
