"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
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
          toast.success("Business profile saved", { description: "Your public card is up to date." });
          return;
        }
        for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
          setError(path as FieldPath<BusinessProfileUpdateInput>, { message });
        }
        setServerError(result.error);
      } catch {
        setServerError("Failed to save the business profile");
      }
    });
  });

  return (
    <FormProvider {...form}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Business profile">
          <FormSection legend="About the business">
            <Field
              label="Business name"
              autoComplete="organization"
              {...register("name")}
              error={errors.name?.message}
            />
            <Field
              label="Logo URL"
              type="url"
              inputMode="url"
              placeholder="https://…"
              hint="A square image works best. Leave empty to show the icon instead."
              {...register("logoUrl")}
              error={errors.logoUrl?.message}
            />
            <TextAreaField
              label="Description"
              rows={4}
              {...register("description")}
              error={errors.description?.message}
            />
            <KeywordsField />
          </FormSection>

          <FormSection legend="Contact">
            <Field
              label="Website"
              type="url"
              inputMode="url"
              placeholder="https://…"
              {...register("website")}
              error={errors.website?.message}
            />
            <Field label="Phone" type="tel" autoComplete="tel" {...register("phone")} error={errors.phone?.message} />
            <Field
              label="Address"
              autoComplete="street-address"
              {...register("address")}
              error={errors.address?.message}
            />
          </FormSection>

          <FormSection legend="Social links">
            <SocialLinksField />
          </FormSection>

          <FormSection legend="Colours and icon">
            <ThemeFields />
          </FormSection>

          <FormSection legend="Taps">
            <Field
              label="Daily tap limit"
              type="number"
              min={1}
              max={10}
              step={1}
              hint="How many visits a customer can record per day (1–10)."
              {...register("dailyTapLimit", { valueAsNumber: true })}
              error={errors.dailyTapLimit?.message}
            />
            <SelectField
              label="Time zone"
              id="timezone"
              hint="Days (and the daily tap limit) start at midnight here."
              {...register("timezone")}
              error={errors.timezone?.message}
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
              error={errors.language?.message}
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
              {pending ? "Saving..." : "Save changes"}
            </Button>
            {formState.isDirty && !pending ? (
              <span className="text-sm text-slate-500 dark:text-slate-400">Unsaved changes</span>
            ) : null}
          </div>
        </ClientForm>

        <aside aria-label="Preview" className="order-first lg:sticky lg:top-6 lg:order-none lg:self-start">
          <p className="mb-2 text-sm font-medium text-slate-500 dark:text-slate-400">Live preview</p>
          <ProfilePreview />
        </aside>
      </div>
    </FormProvider>
  );
}
