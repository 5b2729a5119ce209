import { getLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { storedLocale } from "@/lib/i18n/locales";
import { AUTH_CLIENT_NAMESPACES } from "./client-namespaces";
import { ChangePasswordFormClient } from "./change-password-form-client";

/**
 * The settings page's password form with the messages it shows, so it works
 * under any page or layout: nested providers do not merge, and this one lists
 * everything the form reads.
 */
export async function ChangePasswordForm({ hasPassword = true }: { hasPassword?: boolean }) {
  return (
    <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
      <ChangePasswordFormClient hasPassword={hasPassword} />
    </ClientMessages>
  );
}
