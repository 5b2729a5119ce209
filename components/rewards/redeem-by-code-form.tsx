"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { redeemByCodeAction, type RedeemActionResult } from "@/app/(site)/[locale]/dashboard/redeem-reward/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { redeemCodeSchema, type RedeemCodeInput } from "@/lib/validation/rewards";
import { ClientForm } from "@/components/ui/client-form";
import { FormAlert } from "@/components/ui/form-alert";
import { useMessageText } from "@/components/i18n/use-message-text";

export function RedeemByCodeForm() {
  const t = useTranslations("rewards.redeem");
  const text = useMessageText();
  const [result, setResult] = useState<RedeemActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, reset } = useForm<RedeemCodeInput>({
    resolver: zodResolver(redeemCodeSchema),
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const outcome = await redeemByCodeAction(values).catch(() => ({
        ok: false as const,
        error: t("failed"),
      }));
      setResult(outcome);
      if (outcome.ok) reset();
    }),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field
          label={t("code")}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t("placeholder")}
          {...register("code")}
          error={text(formState.errors.code?.message)}
        />
      </div>
      <Button type="submit" disabled={pending} className="sm:mt-6">
        {t("submit")}
      </Button>
      {result ? (
        result.ok ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 sm:basis-full dark:bg-emerald-950 dark:text-emerald-100"
          >
            {result.customerName
              ? t("doneFor", { reward: result.name, customer: result.customerName })
              : t("done", { reward: result.name })}{" "}
            <Link href={`/dashboard/redeem-reward/${result.rewardId}`} className="underline">
              {t("details")}
            </Link>
          </p>
        ) : (
          <FormAlert className="sm:basis-full">{result.error}</FormAlert>
        )
      ) : null}
    </ClientForm>
  );
}
