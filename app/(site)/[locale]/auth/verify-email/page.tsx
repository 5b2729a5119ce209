import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SiteShell } from "@/components/layout/site-shell";
import { buttonClass } from "@/components/ui/button";
import { verifyEmailWithToken } from "@/lib/auth/email-verification";
import { safeRedirectPath } from "@/lib/auth/redirects";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("verifyEmail") };
}

/** The link of the confirmation mail: spends the one-time token and marks the account's email as confirmed. */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; next?: string | string[] }>;
}) {
  const { token, next: rawNext } = await searchParams;
  // Where the reader was going when they asked for the link (a staff
  // invitation): only a same-origin path, never another site.
  const next = safeRedirectPath(rawNext);
  const valid = typeof token === "string" && token.length >= 10 && token.length <= 200;
  const confirmed = valid ? await verifyEmailWithToken(token) : false;
  const t = await getTranslations("auth.verifyEmail");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{confirmed ? t("confirmedHeading") : t("failedHeading")}</h1>
        <p role="status" className="text-slate-600 dark:text-slate-300">
          {confirmed ? t("confirmed") : t("failed")}
        </p>
        {confirmed && next ? (
          <Link href={next} className={buttonClass("primary")}>
            {t("continue")}
          </Link>
        ) : (
          <Link href="/dashboard" className={buttonClass("primary")}>
            {t("dashboard")}
          </Link>
        )}
      </div>
    </SiteShell>
  );
}
