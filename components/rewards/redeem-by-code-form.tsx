"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import {
  lookupRewardCodeAction,
  redeemRewardAction,
  undoRedemptionAction,
  type RedeemActionResult,
  type RewardLookupActionResult,
} from "@/lib/actions/redeem-reward";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { redeemCodeSchema, type RedeemCodeInput } from "@/lib/validation/rewards";
import { ClientForm } from "@/components/ui/client-form";
import { FormAlert } from "@/components/ui/form-alert";
import { useMessageText } from "@/components/i18n/use-message-text";
import { redeemedText } from "@/components/rewards/redeemed-text";
import { CounterLocationSelect } from "@/components/counter/counter-location";
import { chooseCounterLocationAction } from "@/lib/actions/counter-location";

type Found = Extract<RewardLookupActionResult, { ok: true }>;
type Redeemed = Extract<RedeemActionResult, { ok: true }>;

// Nothing is redeemed by typing a code: the owner first sees the reward, whose
// it is and when it was earned, then confirms (and may still undo for a while).
type Step =
  | { kind: "idle" }
  | { kind: "found"; reward: Found; locationId: string | null }
  | { kind: "redeemed"; reward: Redeemed }
  | { kind: "undone"; name: string }
  | { kind: "error"; message: string };

const panel = "space-y-3 rounded-lg p-4 text-sm";

export function RedeemByCodeForm() {
  const t = useTranslations("rewards.redeem");
  const text = useMessageText();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, reset } = useForm<RedeemCodeInput>({
    resolver: useCatalogResolver(redeemCodeSchema),
  });
  const failed = () => ({ ok: false as const, error: t("failed") });

  const lookUp = handleSubmit((values) =>
    startTransition(async () => {
      const found = await lookupRewardCodeAction(values).catch(failed);
      setStep(
        found.ok
          ? { kind: "found", reward: found, locationId: found.place.locationId }
          : { kind: "error", message: found.error },
      );
    }),
  );
  // At the counter's location of the reward's business (docs/locations.md, "The counter").
  const confirm = (rewardId: string, locationId: string | null) =>
    startTransition(async () => {
      const outcome = await redeemRewardAction(rewardId, locationId).catch(failed);
      if (!outcome.ok) return setStep({ kind: "error", message: outcome.error });
      setStep({ kind: "redeemed", reward: outcome });
      reset();
    });
  const undo = (reward: Redeemed) =>
    startTransition(async () => {
      const outcome = await undoRedemptionAction(reward.rewardId).catch(failed);
      setStep(outcome.ok ? { kind: "undone", name: reward.name } : { kind: "error", message: outcome.error });
    });

  return (
    <div className="space-y-3">
      <ClientForm onSubmit={lookUp} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
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
      </ClientForm>

      {step.kind === "found" ? (
        <section aria-label={t("found")} className={`${panel} border border-slate-200 dark:border-slate-700`}>
          <div>
            <p className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t("found")}</p>
            <p className="text-base font-semibold break-words" data-testid="redeem-reward-name">
              {step.reward.name}
            </p>
            <p className="break-words">
              {step.reward.customerName ? t("customer", { customer: step.reward.customerName }) : t("formerCustomer")}
            </p>
            <p className="text-slate-600 dark:text-slate-300">{t("earnedOn", { date: step.reward.earnedOn })}</p>
          </div>
          <CounterLocationSelect
            place={step.reward.place}
            value={step.locationId}
            onChange={(locationId) => {
              setStep({ ...step, locationId });
              void chooseCounterLocationAction({ businessId: step.reward.place.businessId, locationId }).catch(
                () => undefined,
              );
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={pending} onClick={() => confirm(step.reward.rewardId, step.locationId)}>
              {t("confirm")}
            </Button>
            <Button type="button" variant="ghost" disabled={pending} onClick={() => setStep({ kind: "idle" })}>
              {t("cancel")}
            </Button>
          </div>
        </section>
      ) : null}

      {step.kind === "redeemed" ? (
        <div
          role="status"
          className={`${panel} bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100`}
        >
          <p className="break-words">
            {redeemedText(t, step.reward)} {t("redeemedOn", { date: step.reward.redeemedOn })}{" "}
            <Link href={`/dashboard/redeem-reward/${step.reward.rewardId}`} className="underline">
              {t("details")}
            </Link>
          </p>
          <Button type="button" variant="secondary" disabled={pending} onClick={() => undo(step.reward)}>
            {t("undo")}
          </Button>
        </div>
      ) : null}

      {step.kind === "undone" ? (
        <p role="status" className={`${panel} bg-slate-100 dark:bg-slate-800`}>
          {t("undone", { reward: step.name })}
        </p>
      ) : null}

      {step.kind === "error" ? <FormAlert>{step.message}</FormAlert> : null}
    </div>
  );
}
