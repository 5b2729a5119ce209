"use client";

import { useFormContext } from "react-hook-form";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Field } from "@/components/ui/field";
import type { AccountInput } from "@/lib/validation/auth";

/**
 * The account fields of the registration wizard's step 2, used by the customer sign-up form and
 * the business wizard: any form whose values include these five fields.
 */
export function AccountFields() {
  const { register, formState } = useFormContext<AccountInput>();
  const errors = formState.errors;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          autoComplete="given-name"
          {...register("firstName")}
          error={errors.firstName?.message}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          {...register("lastName")}
          error={errors.lastName?.message}
        />
      </div>
      <Field label="Email" type="email" autoComplete="email" {...register("email")} error={errors.email?.message} />
      <NewPasswordFields
        label="Password"
        confirmLabel="Confirm password"
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={errors}
      />
    </>
  );
}
