import { getTranslations } from "next-intl/server";
import { renderLine } from "@/lib/i18n/loyalty-lines";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message-key";
import type { LoyaltyLine } from "@/lib/loyalty";

/**
 * An engine line (progress, the line after a visit) as text, in `locale` when
 * the page names one (a cached page), else in the request's language.
 */
export async function LoyaltyLineText({ line, locale }: { line: LoyaltyLine; locale?: Locale }) {
  const t = locale ? await getTranslations({ locale }) : await getTranslations();
  return <>{renderLine(t as unknown as KeyTranslator, line)}</>;
}
