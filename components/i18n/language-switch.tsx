import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { useSecureCookies } from "@/lib/auth/cookies";
import { localeCookieString } from "@/lib/i18n/locale-cookie";
import { LanguageLink } from "./language-link";

type Props = {
  current: Locale;
  /** Where each language of this page lives. */
  hrefs: Readonly<Record<Locale, string>>;
  /** The switch's name for screen readers ("Language"), in the current language. */
  label: string;
};

/**
 * The other languages of a public page (the visitor's tap page, the card), as links:
 * each language is a page of its own in the cache, and a full page load because each
 * page's <html lang> is its own. A click also remembers the choice in the locale
 * cookie (docs/i18n.md, "The visitor's tap page and its language switch").
 */
export function LanguageSwitch({ current, hrefs, label }: Props) {
  return (
    <nav aria-label={label} className="mt-6 text-sm">
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span aria-current="page" className="font-semibold">
                {LOCALE_NAMES[locale]}
              </span>
            ) : (
              <LanguageLink
                locale={locale}
                href={hrefs[locale]}
                cookie={localeCookieString(locale, useSecureCookies)}
                className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
              >
                {LOCALE_NAMES[locale]}
              </LanguageLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
