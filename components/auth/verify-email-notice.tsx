import { getLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { storedLocale } from "@/lib/i18n/locales";
import { AUTH_CLIENT_NAMESPACES } from "./client-namespaces";
import { VerifyEmailNoticeClient } from "./verify-email-notice-client";

/**
 * Shown across the dashboard while the account's email is not confirmed, with
 * its own messages so it works under any layout's provider (or none).
 */
export async function VerifyEmailNotice({ email }: { email: string }) {
  return (
    <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
      <VerifyEmailNoticeClient email={email} />
    </ClientMessages>
  );
}
