import { createTranslator } from "use-intl/core";
import programs from "@/messages/en/programs.json";
import type { LoyaltyLine } from "@/lib/loyalty/lines";
import { renderLine } from "./loyalty-lines";
import type { KeyTranslator } from "./message-key";

// The JSON API's English text of an engine line (`message` of a visit's result,
// `label` of a progress): the same words the English pages show, from the en
// catalog, without a request to read a locale from.
const english = createTranslator({ locale: "en", messages: { programs } }) as unknown as KeyTranslator;

export function englishLine(line: LoyaltyLine): string {
  return renderLine(english, line);
}
