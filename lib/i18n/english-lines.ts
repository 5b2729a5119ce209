import programs from "@/messages/en/programs.json";
import type { LoyaltyLine } from "@/lib/loyalty/lines";
import { catalogKeyTranslator } from "./key-translator";
import { translateMessage } from "./message";

// The JSON API's English text of an engine line (`message` of a visit's result,
// `label` of a progress): the same words the English pages show, from the en
// catalog, without a request to read a locale from.
const english = catalogKeyTranslator("en", { programs });

export function englishLine(line: LoyaltyLine): string {
  return translateMessage(english, line);
}
