"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useState, useTransition } from "react";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { updateBusinessProfileAction } from "@/app/(site)/[locale]/dashboard/business/[id]/actions";
import { KeywordsField } from "@/components/business-profile/keywords-field";
import { ProfilePreview } from "@/components/business-profile/profile-preview";
import { SocialLinksField } from "@/components/business-profile/social-links-field";
import { ThemeFields } from "@/components/business-profile/theme-fields";
import { Button } from "@/components/ui/button";
import { Field, SelectField, TextAreaField } from "@/components/ui/field";
import { FormSection } from "@/components/ui/form-section";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { businessProfileUpdateSchema, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { FormAlert } from "@/components/ui/form-alert";
import { ClientForm } from "@/components/ui/client-form";

type Props = {
  businessId: string;
  defaultValues: BusinessProfileUpdateInput;
  timezones: string[];
  /** The language select's label and hint, from the catalog (the page picks their locale). */
  languageText: { label: string; hint: string };
};

/** The owner's editor for the public card, with a live preview beside it. */
export function ProfileEditor({ businessId, defaultValues, timezones, languageText }: Props) {
  const t = useTranslations("dashboard.profile");
  const text = useMessageText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const form = useForm<BusinessProfileUpdateInput>({
    resolver: zodResolver(businessProfileUpdateSchema),
    defaultValues,
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;

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
  });

  return (
    <FormProvider {...form}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t("formLabel")}>
          <FormSection legend={t("about")}>
            <Field
              label={t("name")}
              autoComplete="organization"
              {...register("name")}
              error={text(errors.name?.message)}
            />
            <Field
              label={t("logoUrl")}
              type="url"
              inputMode="url"
              // i18n-ignore: the start of a web address, the same in every language
              placeholder="https://…"
              hint={t("logoUrlHint")}
              {...register("logoUrl")}
              error={text(errors.logoUrl?.message)}
            />
            <TextAreaField
              label={t("description")}
              rows={4}
              {...register("description")}
              error={text(errors.description?.message)}
            />
            <KeywordsField />
          </FormSection>

          <FormSection legend={t("contact")}>
            <Field
              label={t("website")}
              type="url"
              inputMode="url"
              // i18n-ignore: the start of a web address, the same in every language
              placeholder="https://…"
              {...register("website")}
              error={text(errors.website?.message)}
            />
            <Field
              label={t("phone")}
              type="tel"
              autoComplete="tel"
              {...register("phone")}
              error={text(errors.phone?.message)}
            />
            <Field
              label={t("address")}
              autoComplete="street-address"
              {...register("address")}
              error={text(errors.address?.message)}
            />
          </FormSection>

          <FormSection legend={t("socialLinks")}>
            <SocialLinksField />
          </FormSection>

          <FormSection legend={t("theme.legend")}>
            <ThemeFields />
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

        <aside aria-label={t("preview")} className="order-first lg:sticky lg:top-6 lg:order-none lg:self-start">
          <p className="mb-2 text-sm font-medium text-slate-500 dark:text-slate-400">{t("livePreview")}</p>
          <ProfilePreview />
        </aside>
      </div>
    </FormProvider>
  );
}
