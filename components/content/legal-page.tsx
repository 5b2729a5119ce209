import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { MarkdownContent } from "@/components/content/markdown-content";
import { SiteShell } from "@/components/layout/site-shell";
import { readLegalPage, type LegalPage } from "@/lib/content/legal-pages";
import type { Locale } from "@/lib/i18n/locales";

/** /terms and /privacy: the operator's Markdown file in the reader's language, else in English. */
export async function LegalPageView({ page, locale }: { page: LegalPage; locale: Locale }) {
  const [content, t] = await Promise.all([
    readLegalPage(page, locale),
    getTranslations({ locale, namespace: "site.legal" }),
  ]);
  if (!content) notFound();
  const fallback = content.locale !== locale;
  return (
    <SiteShell locale={locale}>
      {fallback ? (
        <p className="mb-6 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t("englishOnly")}
        </p>
      ) : null}
      <article className="space-y-4 leading-relaxed" lang={fallback ? content.locale : undefined}>
        <MarkdownContent blocks={content.blocks} />
      </article>
    </SiteShell>
  );
}
