import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { SavePasskeyButton } from "@/components/auth/save-passkey-button";
import { LogoutButton } from "@/components/auth/session-sync";
import { ColorSchemeSetting } from "@/components/settings/color-scheme-setting";
import { DeleteAccountForm } from "@/components/settings/delete-account-form";
import { LanguageSetting } from "@/components/settings/language-setting";
import { NotificationsSetting } from "@/components/settings/notifications-setting";
import { MarketingConsentSwitch } from "@/components/campaigns/marketing-consent-switch";
import { marketingConsentsOf } from "@/lib/campaigns/consent";
import { listCardBusinesses } from "@/lib/db/wallet";
import { PasskeyList } from "@/components/settings/passkey-list";
import { ProfileForm } from "@/components/settings/profile-form";
import { ReauthLinkRequest } from "@/components/settings/reauth-link-request";
import { buttonClass } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { listPasskeys } from "@/lib/db/passkeys";
import { userHasPassword } from "@/lib/db/users";
import { formatInstantIn } from "@/lib/i18n/dates";
import { ACCOUNT_ZONE } from "@/lib/time/display-zone";
import { storedLocale } from "@/lib/i18n/locales";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title") };
}

const sectionClass = "space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800";

async function SettingsPage() {
  const user = await requireUser();
  const t = await getTranslations("settings");
  if (user.guest) return <GuestSettings language={user.language} title={t("title")} />;
  const [hasPassword, passkeys, cards, consentText] = await Promise.all([
    userHasPassword(user.id),
    listPasskeys(user.id),
    listCardBusinesses(user.id),
    getTranslations("campaigns.consent"),
  ]);
  const consent = await marketingConsentsOf(user.id);
  const locale = storedLocale(await getLocale());
  const day = (date: Date) => formatInstantIn(date, ACCOUNT_ZONE, locale);
  // Without a password, the sensitive actions below need a mailed confirmation link first.
  const reauthLink = !hasPassword && user.email ? <ReauthLinkRequest email={user.email} /> : null;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <section className="space-y-3" aria-labelledby="settings-profile">
        <h2 id="settings-profile" className="text-lg font-semibold">
          {t("profile.heading")}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{user.email ?? user.phone}</p>
        <ProfileForm
          defaults={{
            firstName: user.firstName ?? "",
            lastName: user.lastName ?? "",
            birthday: user.birthday ? user.birthday.toISOString().slice(0, 10) : "",
          }}
        />
      </section>
      <section className={sectionClass} aria-labelledby="settings-preferences">
        <h2 id="settings-preferences" className="text-lg font-semibold">
          {t("preferences")}
        </h2>
        <LanguageSetting language={storedLocale(user.language)} />
        <ColorSchemeSetting />
        <NotificationsSetting enabled={user.notificationsEnabled} />
      </section>
      <section className={sectionClass} aria-labelledby="settings-offers">
        <h2 id="settings-offers" className="text-lg font-semibold">
          {consentText("settingsHeading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{consentText("settingsIntro")}</p>
        {cards.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{consentText("settingsEmpty")}</p>
        ) : (
          <ul className="space-y-3" data-testid="offers-consent">
            {cards.map((card) => (
              <li key={card.businessId}>
                <MarketingConsentSwitch
                  businessId={card.businessId}
                  businessName={card.businessName}
                  granted={consent.has(card.businessId)}
                  source="settings"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={sectionClass} aria-labelledby="settings-password">
        <h2 id="settings-password" className="text-lg font-semibold">
          {t("changePassword")}
        </h2>
        {reauthLink}
        <ChangePasswordForm hasPassword={hasPassword} />
      </section>
      <section className={sectionClass} aria-labelledby="settings-passkeys">
        <h2 id="settings-passkeys" className="text-lg font-semibold">
          {t("passkeys.heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("passkeys.explanation")}</p>
        <PasskeyList
          hasPassword={hasPassword}
          passkeys={passkeys.map((passkey) => ({
            id: passkey.id,
            name: passkey.name,
            created: day(passkey.createdAt),
            lastUsed: passkey.lastUsedAt ? day(passkey.lastUsedAt) : null,
          }))}
        />
        {reauthLink}
        <SavePasskeyButton askPassword={hasPassword} />
      </section>
      <section className={sectionClass}>
        <LogoutButton className={buttonClass("secondary")}>{t("signOut")}</LogoutButton>
      </section>
      <section className={sectionClass} aria-labelledby="settings-data">
        <h2 id="settings-data" className="text-lg font-semibold">
          {t("data.heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("data.explanation")}</p>
        <div className="flex flex-wrap items-center gap-4">
          {/* A file download from a route handler, not a page: a plain link, not next/link. */}
          <a href="/api/account/export" download className={buttonClass("secondary")}>
            {t("data.download")}
          </a>
          <Link href="/privacy" className="text-sm text-brand hover:underline dark:text-indigo-300">
            {t("data.privacy")}
          </Link>
        </div>
      </section>
      <section className={sectionClass} aria-labelledby="settings-delete">
        <h2 id="settings-delete" className="text-lg font-semibold text-red-700 dark:text-red-400">
          {t("delete.heading")}
        </h2>
        {reauthLink}
        <DeleteAccountForm hasPassword={hasPassword} />
      </section>
    </div>
  );
}

/**
 * A guest card's settings (docs/authentication.md, "Guests"): its language and
 * deleting it; nothing of an account (no name, email or password to set).
 */
async function GuestSettings({ language, title }: { language: string; title: string }) {
  const t = await getTranslations("settings");
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <section className="space-y-3" aria-labelledby="settings-preferences">
        <h2 id="settings-preferences" className="text-lg font-semibold">
          {t("preferences")}
        </h2>
        <LanguageSetting language={storedLocale(language)} />
      </section>
      <section className={sectionClass} aria-labelledby="settings-delete">
        <h2 id="settings-delete" className="text-lg font-semibold text-red-700 dark:text-red-400">
          {t("deleteCard.heading")}
        </h2>
        <DeleteAccountForm hasPassword={false} guest />
      </section>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, SettingsPage);
