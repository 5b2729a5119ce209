import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

type Props = {
  current: Locale;
  /** Where each language of this page lives. */
  hrefs: Readonly<Record<Locale, string>>;
  /** The switch's name for screen readers ("Language"), in the current language. */
  label: string;
};

/**
 * The other languages of a public page (the visitor's tap page, the card), as plain
 * links: each language is a page of its own in the cache, so the switch needs no
 * script and no cookie, and it is a full page load because each page's <html lang>
 * is its own (docs/i18n.md, "The visitor's tap page and its language switch").
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
              <a
                href={hrefs[locale]}
                hrefLang={locale}
                lang={locale}
                className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
              >
                {LOCALE_NAMES[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
