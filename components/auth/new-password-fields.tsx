import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Field } from "@/components/ui/field";
import { MIN_PASSWORD_LENGTH } from "@/lib/validation/auth";

type Props = {
  label?: string;
  confirmLabel?: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
};

/**
 * A new password and its confirmation, as sign-up, reset and change ask for
 * them; the hint states the rule the schemas check. Rendered inside client
 * forms, under a provider with the `auth` and `validation` namespaces.
 */
export function NewPasswordFields({ label, confirmLabel, password, confirmPassword, errors }: Props) {
  const t = useTranslations("auth.fields");
  const text = useMessageText();
  return (
    <>
      <Field
        label={label ?? t("newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: MIN_PASSWORD_LENGTH })}
        {...password}
        error={text(errors.password?.message)}
      />
      <Field
        label={confirmLabel ?? t("confirmNewPassword")}
        type="password"
        autoComplete="new-password"
        {...confirmPassword}
        error={text(errors.confirmPassword?.message)}
      />
    </>
  );
}
