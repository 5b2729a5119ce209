import type { LoyaltyLine } from "@/lib/loyalty/lines";
import type { KeyTranslator } from "./message-key";

// The engine's lines (lib/loyalty/lines.ts) in a reader's language. No server-only
// or next-intl import: server pages pass getTranslations(), client components
// useTranslations(), tests a translator made from the catalog.

/** The line's text; a key the catalog does not have (a newer engine, an old stored answer) shows as the key. */
export function renderLine(t: KeyTranslator, line: LoyaltyLine): string {
  return t.has(line.key) ? t(line.key, line.values) : line.key;
}
