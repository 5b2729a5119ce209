import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { SessionMark } from "@/components/auth/session-sync";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { AcceptInviteButton } from "@/components/staff/accept-invite-button";
import { VerifyInviteEmailForm } from "@/components/staff/verify-invite-email-form";
import { buttonClass } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/current-user";
import { loginRedirectPath, safeRedirectPath } from "@/lib/auth/redirects";
import { pendingInviteEmail, viewInvite } from "@/lib/staff/invite-links";
import { storedLocale } from "@/lib/i18n/locales";
import { inviteTokenSchema } from "@/lib/validation/staff";

export async function generateMetadata(): Promise<Metadata> {
  // A personal link: never in search results.
  return { title: (await getTranslations("staff.accept"))("title"), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The staff invitation link. A signed-out reader logs in or signs up and comes
 * back here (the link is a same-origin path, lib/auth/redirects.ts); a signed-in
 * reader sees whose staff they would join and accepts, or why they cannot; a
 * reader whose email is not confirmed yet is first sent a confirmation link.
 */
export default async function AcceptStaffInvitePage({ searchParams }: Props) {
  const token = inviteTokenSchema.parse((await searchParams).token);
  const t = await getTranslations("staff.accept");
  const user = await getCurrentUser();
  const back = safeRedirectPath(`/staff/accept?token=${encodeURIComponent(token)}`) ?? "/staff/accept";

  if (!user) {
    // The sign-up starts from the invited address (the invitation is for it).
    const email = await pendingInviteEmail(token);
    const signUp = `/register?redirect=${encodeURIComponent(back)}${email ? `&email=${encodeURIComponent(email)}` : ""}`;
    return (
      <SiteShell>
        <div className="mx-auto max-w-md space-y-6">
          <h1 className="text-2xl font-bold">{t("signedOutHeading")}</h1>
          <p className="text-slate-600 dark:text-slate-300">{t("signedOut")}</p>
          <div className="flex flex-wrap gap-3">
            <Link
              href={loginRedirectPath("/staff/accept", `?token=${encodeURIComponent(token)}`)}
              className={buttonClass("primary")}
            >
              {t("logIn")}
            </Link>
            <Link href={signUp} className={buttonClass("secondary")}>
              {t("register")}
            </Link>
          </div>
        </div>
      </SiteShell>
    );
  }

  const invite = await viewInvite(token, user);
  const refusal = invite ? invite.refusal : "unknown";
  // The right account, its email not confirmed yet: a confirmation link to
  // that address first (holding the invitation link proves nothing about the
  // mailbox), then back here.
  // Signed in here, maybe straight from the sign-up: the header (and every
  // cached page's) then offers the dashboard, not "Log in" (SessionMark).
  const mark = <SessionMark userId={user.id} />;
  if (invite && refusal === "email_unverified")
    return (
      <SiteShell>
        {mark}
        <div className="mx-auto max-w-md space-y-6">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold break-words">{t("verify.heading", { business: invite.businessName })}</h1>
            <p className="text-slate-600 dark:text-slate-300">{t("verify.body", { email: user.email ?? "" })}</p>
          </div>
          <ClientMessages locale={storedLocale(await getLocale())} namespaces={["staff", "errors"]}>
            <VerifyInviteEmailForm token={token} />
          </ClientMessages>
        </div>
      </SiteShell>
    );
  return (
    <SiteShell>
      {mark}
      <div className="mx-auto max-w-md space-y-6">
        {refusal || !invite ? (
          <>
            <h1 className="text-2xl font-bold">{t("invalidHeading")}</h1>
            <p role="alert" className="text-slate-700 dark:text-slate-200">
              {t(`refusals.${refusal ?? "unknown"}`)}
            </p>
            <Link href="/dashboard" className="text-brand underline dark:text-indigo-300">
              {t("toDashboard")}
            </Link>
          </>
        ) : (
          <>
            <div className="space-y-1">
              <h1 className="text-2xl font-bold break-words">{t("heading", { business: invite.businessName })}</h1>
              <p className="text-slate-600 dark:text-slate-300">{t("intro", { business: invite.businessName })}</p>
            </div>
            <ClientMessages locale={storedLocale(await getLocale())} namespaces={["staff", "errors"]}>
              <AcceptInviteButton token={token} />
            </ClientMessages>
          </>
        )}
      </div>
    </SiteShell>
  );
}
