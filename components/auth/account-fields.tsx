"use client";

import { useTranslations } from "next-intl";
import { useFormContext } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Field } from "@/components/ui/field";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, type AccountInput } from "@/lib/validation/auth";

/**
 * The account fields of the registration wizard's step 2, used by the customer sign-up form and
 * the business wizard: any form whose values include these five fields.
 */
export function AccountFields() {
  const { register, formState } = useFormContext<AccountInput>();
  const errors = formState.errors;
  const t = useTranslations("auth.fields");
  const text = useMessageText();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("firstName")}
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
          {...register("firstName")}
          error={text(errors.firstName?.message)}
        />
        <Field
          label={t("lastName")}
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
          {...register("lastName")}
          error={text(errors.lastName?.message)}
        />
      </div>
      <Field
        label={t("email")}
        type="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_LENGTH}
        {...register("email")}
        error={text(errors.email?.message)}
      />
      <NewPasswordFields
        label={t("password")}
        confirmLabel={t("confirmPassword")}
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={errors}
      />
    </>
  );
}
