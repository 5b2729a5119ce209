"use client";

import { useTranslations } from "next-intl";
import { useController, useFormContext } from "react-hook-form";
import { KeywordCombobox } from "@/components/business-registration/keyword-combobox";
import { useMessageText } from "@/components/i18n/use-message-text";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";

/** The profile's keywords, picked from the business categories with the registration wizard's own control. */
export function KeywordsField() {
  const t = useTranslations("dashboard.profile.keywords");
  const text = useMessageText();
  const { control } = useFormContext<BusinessProfileUpdateInput>();
  const {
    field: { ref, value, onBlur, onChange },
    fieldState,
  } = useController({ control, name: "keywords" });
  // The array's own message, else the first item's (e.g. a keyword too long).
  const error = fieldState.error?.message ?? firstItemMessage(fieldState.error);
  return (
    <KeywordCombobox
      id="keywords"
      label={t("label")}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={ref}
      error={error ? text(error) : undefined}
    />
  );
}

function firstItemMessage(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}
