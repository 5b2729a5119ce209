import type { UseFormRegisterReturn } from "react-hook-form";
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
 * them; the hint states the rule the schemas check.
 */
export function NewPasswordFields({
  label = "New password",
  confirmLabel = "Confirm new password",
  password,
  confirmPassword,
  errors,
}: Props) {
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        {...password}
        error={errors.password?.message}
      />
      <Field
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        {...confirmPassword}
        error={errors.confirmPassword?.message}
      />
    </>
  );
}
