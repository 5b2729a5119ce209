"use client";

import { useTranslations } from "next-intl";
import { Controller, useFormContext } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Field, TextAreaField } from "@/components/ui/field";
import { WebsiteField } from "@/components/ui/website-field";
import { keywordsFromPlaceTypes } from "@/lib/business/categories";
import { browserTimezone, proposedTimezone } from "@/lib/business/place-timezone";
import type { PlaceSuggestion } from "@/lib/business/places";
import {
  MAX_ADDRESS_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  type BusinessWizardInput,
} from "@/lib/validation/business-registration";
import { MAX_PHONE_LENGTH } from "@/lib/validation/phone";
import { MAX_URL_LENGTH } from "@/lib/validation/text";
import { KeywordCombobox } from "./keyword-combobox";

import { PlaceNameInput } from "./place-name-input";

const PLACE_FIELDS = ["businessName", "address", "website", "phone", "keywords"] as const;

/** Step 1: the business. */
export function BusinessStep() {
  const { control, register, setValue, trigger, getFieldState, formState } = useFormContext<BusinessWizardInput>();
  const errors = formState.errors;
  const t = useTranslations("wizard.business");
  const text = useMessageText();

  // A chosen place fills the business fields and proposes its time zone; messages already shown are re-checked.
  const applyPlace = (place: PlaceSuggestion) => {
    const shown = PLACE_FIELDS.filter((name) => getFieldState(name).error);
    setValue("businessName", place.businessName, { shouldDirty: true });
    setValue("address", place.address, { shouldDirty: true });
    setValue("website", place.website ?? "", { shouldDirty: true });
    setValue("phone", place.phone ?? "", { shouldDirty: true });
    setValue("keywords", keywordsFromPlaceTypes(place.types), { shouldDirty: true });
    setValue("placeId", place.placeId, { shouldDirty: true });
    // The place's zone (a Barcelona café is on Madrid time whatever the phone says); the confirm step shows it.
    setValue("timezone", proposedTimezone(place, browserTimezone()), { shouldDirty: true });
    if (shown.length) void trigger(shown);
  };

  return (
    <div className="space-y-4">
      <Controller
        control={control}
        name="businessName"
        render={({ field, fieldState }) => (
          <PlaceNameInput
            id="businessName"
            label={t("name")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={text(fieldState.error?.message)}
            onSelectPlace={applyPlace}
            onClear={() => setValue("placeId", null)}
          />
        )}
      />
      <Controller
        control={control}
        name="keywords"
        render={({ field, fieldState }) => (
          <KeywordCombobox
            id="keywords"
            label={t("keywords")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={text(fieldState.error?.message ?? fieldState.error?.root?.message)}
          />
        )}
      />
      <TextAreaField
        label={
          <>
            {t("description")} <span className="font-normal text-slate-500 dark:text-slate-400">{t("optional")}</span>
          </>
        }
        maxLength={MAX_DESCRIPTION_LENGTH}
        {...register("description")}
        error={text(errors.description?.message)}
      />
      <WebsiteField
        label={t("website")}
        autoComplete="url"
        maxLength={MAX_URL_LENGTH}
        {...register("website")}
        error={text(errors.website?.message)}
      />
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
    </div>
  );
}
