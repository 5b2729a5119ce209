import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { storedLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

// Any other path of the site (/no/such/page, served as /es/no/such/page): the
// site's not-found page in the reader's language, which the proxy put in the
// path. Without this route such a path matched nothing, and Next.js answered
// with app/global-not-found.tsx, which is English whatever the reader's.
export default async function UnknownSitePage({ params }: Props) {
  setRequestLocale(storedLocale((await params).locale));
  notFound();
}
