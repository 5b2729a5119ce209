"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useState, useTransition } from "react";
import { FormProvider, useForm, type FieldErrors, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { updateBusinessProfileAction } from "@/lib/actions/business-profile";
import { KeywordsField } from "@/components/business-profile/keywords-field";
import { ProfilePreview } from "@/components/business-profile/profile-preview";
import { SocialLinksField } from "@/components/business-profile/social-links-field";
import { ThemeFields } from "@/components/business-profile/theme-fields";
import { Button } from "@/components/ui/button";
import { Field, SelectField, TextAreaField, UrlField } from "@/components/ui/field";
import { WebsiteField } from "@/components/ui/website-field";
import { FormSection } from "@/components/ui/form-section";
import { OWNER_SUMMARY_FREQUENCIES } from "@/lib/business/owner-summary";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { businessProfileUpdateSchema, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { FormAlert } from "@/components/ui/form-alert";
import { ClientForm } from "@/components/ui/client-form";
import {
  MAX_ADDRESS_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
} from "@/lib/validation/business-registration";
import { MAX_PHONE_LENGTH } from "@/lib/validation/phone";
import { cn } from "@/lib/utils";

/** The owner's business page shows the profile in two tabs: how the card looks, and the business's details. */
export type ProfilePart = "card" | "profile";

// The fields each tab shows (the rest of the profile is sent as saved).
const PART_FIELDS: Record<ProfilePart, ReadonlySet<string>> = {
  card: new Set(["theme", "socialLinks"]),
  profile: new Set([
    "name",
    "logoUrl",
    "description",
    "keywords",
    "website",
    "phone",
    "address",
    "dailyTapLimit",
    "guestCards",
    "timezone",
    "language",
    "ownerSummary",
  ]),
};

/** A field's message, or the first one inside it (an item of a list, a colour of the theme). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string") return message;
  for (const [key, inner] of Object.entries(error)) {
    // `ref` is the field's element, not a message.
    if (key === "ref") continue;
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

type Props = {
  businessId: string;
  /** Which fields this tab shows; the others keep their saved values and are sent with them. */
  part: ProfilePart;
  defaultValues: BusinessProfileUpdateInput;
  timezones: string[];
  /** The language select's label and hint, from the catalog (the page picks their locale). */
  languageText: { label: string; hint: string };
};

/** The owner's editor of the public card, one tab's part at a time (its look, or the business's details), with a live preview. */
export function ProfileEditor({ businessId, part, defaultValues, timezones, languageText }: Props) {
  const t = useTranslations("dashboard.profile");
  const text = useMessageText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const form = useForm<BusinessProfileUpdateInput>({
    resolver: useCatalogResolver(businessProfileUpdateSchema),
    defaultValues,
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;

  // A saved value the other tab shows may no longer pass (a rule tightened since):
  // its message is said here, since its field is not on this tab.
  const showHiddenError = (invalid: FieldErrors<BusinessProfileUpdateInput>) => {
    const hidden = Object.keys(invalid).find((name) => !PART_FIELDS[part].has(name));
    if (!hidden) return setServerError(null);
    const error = invalid[hidden as keyof BusinessProfileUpdateInput];
    setServerError(text(firstMessage(error)) ?? t("failed"));
  };

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    startTransition(async () => {
      try {
        const result = await updateBusinessProfileAction(businessId, values);
        if (result.ok) {
          reset(values);
          // The page's server-rendered parts (name, preview) show the saved values.
          router.refresh();
          toast.success(t("saved"), { description: t("savedDescription") });
          return;
        }
        for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
          setError(path as FieldPath<BusinessProfileUpdateInput>, { message });
        }
        setServerError(result.error);
      } catch {
        setServerError(t("failed"));
      }
    });
  }, showHiddenError);

  return (
    <FormProvider {...form}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t("formLabel")}>
          {part === "card" ? (
            <>
              <FormSection legend={t("theme.legend")}>
                <ThemeFields />
              </FormSection>
              <FormSection legend={t("socialLinks")}>
                <SocialLinksField />
              </FormSection>
            </>
          ) : null}
          {part === "profile" ? (
            <>
              <FormSection legend={t("about")}>
                <Field
                  label={t("name")}
                  autoComplete="organization"
                  maxLength={MAX_BUSINESS_NAME_LENGTH}
                  {...register("name")}
                  error={text(errors.name?.message)}
                />
                <UrlField
                  label={t("logoUrl")}
                  hint={t("logoUrlHint")}
                  {...register("logoUrl")}
                  error={text(errors.logoUrl?.message)}
                />
                <TextAreaField
                  label={t("description")}
                  rows={4}
                  maxLength={MAX_DESCRIPTION_LENGTH}
                  {...register("description")}
                  error={text(errors.description?.message)}
                />
                <KeywordsField />
              </FormSection>

              <FormSection legend={t("contact")}>
                <WebsiteField label={t("website")} {...register("website")} error={text(errors.website?.message)} />
                <Field
                  label={t("phone")}
                  type="tel"
                  autoComplete="tel"
                  maxLength={MAX_PHONE_LENGTH}
                  {...register("phone")}
                  error={text(errors.phone?.message)}
                />
                <Field
                  label={t("address")}
                  autoComplete="street-address"
                  maxLength={MAX_ADDRESS_LENGTH}
                  {...register("address")}
                  error={text(errors.address?.message)}
                />
              </FormSection>

              <FormSection legend={t("taps")}>
                <Field
                  label={t("dailyTapLimit")}
                  type="number"
                  min={1}
                  max={10}
                  step={1}
                  hint={t("dailyTapLimitHint")}
                  {...register("dailyTapLimit", { valueAsNumber: true })}
                  error={text(errors.dailyTapLimit?.message)}
                />
                <div className="space-y-1">
                  <label className="flex items-center gap-2 text-sm font-medium">
                    <input type="checkbox" className="h-4 w-4" {...register("guestCards")} />
                    {t("guestCards")}
                  </label>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{t("guestCardsHint")}</p>
                </div>
                <SelectField
                  label={t("timezone")}
                  id="timezone"
                  hint={t("timezoneHint")}
                  {...register("timezone")}
                  error={text(errors.timezone?.message)}
                >
                  {timezones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, " ")}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={languageText.label}
                  id="language"
                  hint={languageText.hint}
                  {...register("language")}
                  error={text(errors.language?.message)}
                >
                  {LOCALES.map((locale) => (
                    // Each language named in itself, so anyone can find their own.
                    <option key={locale} value={locale} lang={locale}>
                      {LOCALE_NAMES[locale]}
                    </option>
                  ))}
                </SelectField>
              </FormSection>

              <FormSection legend={t("summary.legend")}>
                <SelectField
                  label={t("summary.label")}
                  id="ownerSummary"
                  hint={t("summary.hint")}
                  {...register("ownerSummary")}
                  error={text(errors.ownerSummary?.message)}
                >
                  {OWNER_SUMMARY_FREQUENCIES.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {t(`summary.options.${frequency}`)}
                    </option>
                  ))}
                </SelectField>
              </FormSection>
            </>
          ) : null}

          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={pending}>
              {pending ? t("saving") : t("save")}
            </Button>
            {formState.isDirty && !pending ? (
              <span className="text-sm text-slate-500 dark:text-slate-400">{t("unsaved")}</span>
            ) : null}
          </div>
        </ClientForm>

        {/* On a phone the card's look is previewed above its fields; the details' preview waits below them. */}
        <aside
          aria-label={t("preview")}
          className={cn("lg:sticky lg:top-6 lg:order-none lg:self-start", part === "card" && "order-first")}
        >
          <p className="mb-2 text-sm font-medium text-slate-500 dark:text-slate-400">{t("livePreview")}</p>
          <ProfilePreview />
        </aside>
      </div>
    </FormProvider>
  );
}
