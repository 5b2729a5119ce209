import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { UnsubscribeConfirm } from "@/components/notifications/unsubscribe-confirm";
import { viewUnsubscribe } from "@/lib/db/notification-mail";
import { storedLocale } from "@/lib/i18n/locales";
import { readToken } from "@/lib/notifications/unsubscribe";
import { siteName } from "@/lib/site";
import { unsubscribeTokenSchema } from "@/lib/validation/unsubscribe";

export async function generateMetadata(): Promise<Metadata> {
  // A personal link: never in search results.
  return { title: (await getTranslations("unsubscribe"))("title"), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The unsubscribe link of a notification mail (docs/notifications.md). Opening
 * it changes nothing (mail scanners open every link): it says which mails would
 * stop, and one click on its button stops them. No log-in needed.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const parsed = unsubscribeTokenSchema.safeParse((await searchParams).token);
  const scope = parsed.success ? readToken(parsed.data) : null;
  const view = scope ? await viewUnsubscribe(scope.userId, scope.businessId) : null;
  const t = await getTranslations("unsubscribe");
  if (!parsed.success || !scope || !view)
    return (
      <SiteShell>
        <div className="mx-auto max-w-md space-y-6">
          <h1 className="text-2xl font-bold">{t("invalidHeading")}</h1>
          <p role="alert" className="text-slate-700 dark:text-slate-200">
            {scope ? t("gone") : t("invalid")}
          </p>
          <Link href="/dashboard/settings" className="text-brand underline dark:text-indigo-300">
            {t("settings")}
          </Link>
        </div>
      </SiteShell>
    );
  const business = view.businessName;
  return (
    <SiteShell>
      <div className="mx-auto max-w-md space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold break-words">
            {business ? t("businessHeading", { business }) : t("allHeading", { site: siteName })}
          </h1>
          <p className="text-slate-600 dark:text-slate-300">
            {business ? t("businessIntro", { business }) : t("allIntro", { site: siteName })}
          </p>
        </div>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={["unsubscribe"]}>
          <UnsubscribeConfirm token={parsed.data} business={business} site={siteName} stopped={view.stopped} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
