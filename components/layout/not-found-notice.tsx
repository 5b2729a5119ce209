import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

/** The body of a 404 page: what happened and the way home. `heading` and `body` override the generic words. */
export async function NotFoundNotice({ locale, heading, body }: { locale: Locale; heading?: string; body?: string }) {
  const t = await getTranslations({ locale, namespace: "common.notFound" });
  return (
    <section className="space-y-4 text-center">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="text-3xl font-bold">{heading ?? t("heading")}</h1>
      <p className="text-slate-600 dark:text-slate-400">{body ?? t("body")}</p>
      <Link
        href="/"
        className="inline-block rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-strong"
      >
        {t("home")}
      </Link>
    </section>
  );
}
