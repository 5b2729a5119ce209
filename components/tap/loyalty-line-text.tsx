import type { Locale } from "@/lib/i18n/locales";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import type { LoyaltyLine } from "@/lib/loyalty";

/**
 * An engine line (progress, the line after a visit) as text, in `locale` when
 * the page names one (a cached page), else in the request's language.
 */
export async function LoyaltyLineText({ line, locale }: { line: LoyaltyLine; locale?: Locale }) {
  return <>{translateMessage(await getKeyTranslator(locale), line)}</>;
}
