"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { inviteStaffAction } from "@/lib/actions/staff";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { inviteStaffSchema, type InviteStaffInput } from "@/lib/validation/staff";
import {
  StaffWhereFields,
  staffWhereChosen,
  type StaffLocationOption,
  type StaffWhereValue,
} from "@/components/staff/staff-locations";

const EVERYWHERE: StaffWhereValue = { allLocations: true, locationIds: [] };

/**
 * The owner invites someone to the staff by email, and (when the business has
 * more than one location) where they will work; the list below refreshes after a success.
 */
export function InviteStaffForm({
  businessId,
  locations = [],
}: {
  businessId: string;
  locations?: StaffLocationOption[];
}) {
  const t = useTranslations("staff.invite");
  const where = useTranslations("workLocations");
  const text = useMessageText();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [at, setAt] = useState<StaffWhereValue>(EVERYWHERE);
  const [atError, setAtError] = useState<string | null>(null);
  const { pending, run } = useRefreshAction();
  const { register, handleSubmit, formState, reset, setError } = useForm<InviteStaffInput>({
    resolver: useCatalogResolver(inviteStaffSchema),
    defaultValues: { businessId, email: "" },
  });
  const submit = handleSubmit((values) => {
    if (!staffWhereChosen(at)) return setAtError(where("errors.pickOne"));
    run(
      () => inviteStaffAction({ ...values, ...at }),
      (result) => {
        if (result.ok) {
          setMessage({ ok: true, text: t("sent", { email: result.email }) });
          reset({ businessId, email: "" });
          setAt(EVERYWHERE);
          return;
        }
        const emailError = result.fieldErrors?.email;
        if (emailError) setError("email", { message: emailError });
        setMessage(emailError ? null : { ok: false, text: result.error });
      },
    );
  });
  return (
    <ClientForm onSubmit={submit} noValidate className="space-y-3">
      <input type="hidden" {...register("businessId")} />
      <Field
        label={t("email")}
        type="email"
        autoComplete="off"
        hint={t("hint")}
        {...register("email")}
        error={text(formState.errors.email?.message)}
      />
      {locations.length > 1 ? (
        <StaffWhereFields
          legend={where("staff.inviteLegend")}
          locations={locations}
          value={at}
          onChange={(next) => {
            setAt(next);
            setAtError(null);
          }}
          error={atError}
        />
      ) : null}
      <Button type="submit" disabled={pending}>
        {t("submit")}
      </Button>
      {message?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message.text}
        </p>
      ) : null}
      {message && !message.ok ? <FormAlert>{message.text}</FormAlert> : null}
    </ClientForm>
  );
}
