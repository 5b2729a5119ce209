import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The line at the foot of every page: the terms, the privacy policy and the
 * about page. The language is passed in, never read from the request, so the
 * cached pages (the visitor's tap page, the public card) stay cached. On the
 * dashboard it stays above the fixed bottom navigation (--bottom-bar-height).
 * No prefetch: these pages are rarely opened, and the footer is on every page.
 */
export async function SiteFooter({ locale }: { locale: Locale }) {
  const [t, nav] = await Promise.all([
    getTranslations({ locale, namespace: "common.footer" }),
    getTranslations({ locale, namespace: "common.nav" }),
  ]);
  const link = "hover:text-slate-900 hover:underline dark:hover:text-slate-100";
  return (
    <footer className="border-t border-slate-200 px-4 pt-4 pb-[calc(1rem+var(--bottom-bar-height,0px))] text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <nav aria-label={t("label")} className="mx-auto flex max-w-4xl flex-wrap justify-center gap-x-6 gap-y-2">
        <Link prefetch={false} href="/terms" className={link}>
          {t("terms")}
        </Link>
        <Link prefetch={false} href="/privacy" className={link}>
          {t("privacy")}
        </Link>
        <Link prefetch={false} href="/about" className={link}>
          {nav("about")}
        </Link>
      </nav>
    </footer>
  );
}
