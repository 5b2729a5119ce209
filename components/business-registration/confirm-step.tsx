"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useHydrated } from "@/components/ui/client-form";
import { SelectField } from "@/components/ui/field";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import type { BusinessWizardInput } from "@/lib/validation/business-registration";
import { useKeywordName } from "./keyword-names";
import { formatPhone } from "@/lib/validation/phone";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * Every zone this browser knows, with the chosen one (which may be an alias
 * such as "Europe/Kiev"). Only after hydration: the server's list may differ
 * from the browser's, and the zone itself is the browser's until then.
 */
function useTimezoneOptions(current: string | undefined): string[] {
  const hydrated = useHydrated();
  if (!hydrated) return current ? [current] : [];
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  if (current) zones.add(current);
  return [...zones].sort();
}

/** Step 3: a summary of everything that will be registered, with the business's language and time zone to check. */
export function ConfirmStep({ tapId }: { tapId: string | null }) {
  const t = useTranslations("wizard.confirm");
  const text = useMessageText();
  const keywordName = useKeywordName();
  const notProvided = <span className="text-slate-400 dark:text-slate-500">{t("notProvided")}</span>;
  const { control, register, formState } = useFormContext<BusinessWizardInput>();
  const values = useWatch({ control });
  const timezones = useTimezoneOptions(values.timezone);
  const name = [values.firstName, values.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  const website = values.website?.trim();
  return (
    <div className="space-y-6">
      <section aria-labelledby="confirm-account" className="space-y-1">
        <h3 id="confirm-account" className="font-semibold">
          {t("account")}
        </h3>
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          <Row label={t("name")}>{name}</Row>
          <Row label={t("email")}>{values.email?.trim()}</Row>
        </dl>
      </section>
      <section aria-labelledby="confirm-business" className="space-y-1">
        <h3 id="confirm-business" className="font-semibold">
          {t("business")}
        </h3>
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          <Row label={t("businessName")}>{values.businessName?.trim()}</Row>
          <Row label={t("keywords")}>
            <ul className="flex flex-wrap gap-2" aria-label={t("keywords")}>
              {(values.keywords ?? []).map((keyword) => (
                <li key={keyword} className="rounded-full bg-slate-100 px-3 py-0.5 text-sm dark:bg-slate-800">
                  {keywordName(keyword)}
                </li>
              ))}
            </ul>
          </Row>
          <Row label={t("description")}>{values.description?.trim() || notProvided}</Row>
          <Row label={t("website")}>
            {website ? (
              // Only http(s) addresses pass the step-1 validation.
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand underline dark:text-indigo-300"
              >
                {website}
              </a>
            ) : (
              notProvided
            )}
          </Row>
          <Row label={t("phone")}>{formatPhone(values.phone?.trim() ?? "")}</Row>
          <Row label={t("address")}>{values.address?.trim()}</Row>
          {tapId ? <Row label={t("tag")}>{tapId}</Row> : null}
        </dl>
      </section>
      <section aria-labelledby="confirm-settings" className="space-y-4">
        <h3 id="confirm-settings" className="font-semibold">
          {t("settings")}
        </h3>
        <SelectField
          label={t("language")}
          id="language"
          hint={t("languageHint")}
          {...register("language")}
          error={text(formState.errors.language?.message)}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("timezone")}
          id="timezone"
          hint={t("timezoneHint")}
          {...register("timezone")}
          error={text(formState.errors.timezone?.message)}
        >
          {timezones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </SelectField>
      </section>
    </div>
  );
}
