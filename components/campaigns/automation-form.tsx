"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, SelectField, TextAreaField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { saveAutomationAction } from "@/lib/actions/automations";
import { MAX_AUTOMATION_MESSAGE, type AutomationOffer } from "@/lib/campaigns/automations/input";
import type { AutomationKind } from "@/lib/campaigns/automations/kinds";

export type AutomationFormValues = {
  kind: AutomationKind;
  enabled: boolean;
  message: string;
  days: number | null;
  holdoutPercent: number;
  offer: AutomationOffer | null;
};

type Props = {
  businessId: string;
  automation: AutomationFormValues;
  /** The kind's number, when it has one. */
  daysBounds: { min: number; max: number } | null;
  /** A service message: no holdout and no offer. */
  service: boolean;
  programs: { id: string; name: string; type: string }[];
};

type OfferChoice = "" | AutomationOffer["kind"];

const toNumber = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/** One automation's switch, wording, number, offer and holdout, saved together. */
export function AutomationForm({ businessId, automation, daysBounds, service, programs }: Props) {
  const t = useTranslations("automations.form");
  const id = useId();
  const { pending, disabled, run } = useRefreshAction();
  const [enabled, setEnabled] = useState(automation.enabled);
  const [text, setText] = useState(automation.message);
  const [days, setDays] = useState(String(automation.days ?? ""));
  const [holdout, setHoldout] = useState(String(automation.holdoutPercent));
  const offer = automation.offer;
  const [offerKind, setOfferKind] = useState<OfferChoice>(offer?.kind ?? "");
  const [programId, setProgramId] = useState(offer && offer.kind !== "REWARD" ? offer.programId : "");
  const [amount, setAmount] = useState(offer && offer.kind !== "REWARD" ? String(offer.amount) : "1");
  const [rewardName, setRewardName] = useState(offer?.kind === "REWARD" ? offer.rewardName : "");
  const [validDays, setValidDays] = useState(offer?.kind === "REWARD" ? String(offer.validDays) : "30");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const offerPrograms = programs.filter((program) => program.type === (offerKind === "POINTS" ? "points" : "stamps"));
  const offerValue = (): AutomationOffer | null => {
    if (offerKind === "REWARD") return { kind: "REWARD", rewardName, validDays: toNumber(validDays) };
    if (offerKind)
      return { kind: offerKind, programId: programId || offerPrograms[0]?.id || "", amount: toNumber(amount) };
    return null;
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    run(
      () =>
        saveAutomationAction({
          businessId,
          kind: automation.kind,
          enabled,
          message: text,
          days: daysBounds ? toNumber(days) : null,
          holdoutPercent: service ? 0 : toNumber(holdout),
          offer: service ? null : offerValue(),
        }),
      (result) => {
        setErrors(result.ok ? {} : ((result.fieldErrors ?? {}) as Record<string, string>));
        setAnswer(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: String(result.error) });
      },
    );
  };

  return (
    <form onSubmit={save} noValidate className="space-y-3" data-testid={`automation-${automation.kind}`}>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          className="h-4 w-4 accent-brand"
        />
        <span className="font-medium">{t("enabled")}</span>
      </label>
      <TextAreaField
        id={`${id}-message`}
        label={t("message")}
        hint={t("messageHint", { max: MAX_AUTOMATION_MESSAGE })}
        maxLength={MAX_AUTOMATION_MESSAGE}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.message}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {daysBounds ? (
          <Field
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={daysBounds.min}
            max={daysBounds.max}
            label={t(`days.${automation.kind as "WIN_BACK" | "BIRTHDAY"}`)}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={errors.days}
          />
        ) : null}
        {service ? null : (
          <Field
            id={`${id}-holdout`}
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            label={t("holdout")}
            hint={t("holdoutHint")}
            value={holdout}
            onChange={(event) => setHoldout(event.target.value)}
            error={errors.holdoutPercent}
          />
        )}
      </div>
      {service ? null : (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            id={`${id}-offer`}
            label={t("offer")}
            value={offerKind}
            onChange={(event) => setOfferKind(event.target.value as OfferChoice)}
            error={errors.offer}
          >
            <option value="">{t("offerNone")}</option>
            <option value="STAMPS">{t("offerStamps")}</option>
            <option value="POINTS">{t("offerPoints")}</option>
            <option value="REWARD">{t("offerReward")}</option>
          </SelectField>
          {offerKind === "STAMPS" || offerKind === "POINTS" ? (
            <>
              <SelectField
                id={`${id}-program`}
                label={t("program")}
                value={programId}
                onChange={(event) => setProgramId(event.target.value)}
                error={errors["offer.programId"] ?? (offerPrograms.length ? undefined : t("noPrograms"))}
              >
                {offerPrograms.map((program) => (
                  <option key={program.id} value={program.id}>
                    {program.name}
                  </option>
                ))}
              </SelectField>
              <Field
                id={`${id}-amount`}
                type="number"
                inputMode="numeric"
                min={1}
                label={t("amount")}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={errors["offer.amount"]}
              />
            </>
          ) : null}
          {offerKind === "REWARD" ? (
            <>
              <Field
                id={`${id}-reward`}
                label={t("rewardName")}
                value={rewardName}
                onChange={(event) => setRewardName(event.target.value)}
                error={errors["offer.rewardName"]}
              />
              <Field
                id={`${id}-valid`}
                type="number"
                inputMode="numeric"
                min={1}
                label={t("validDays")}
                value={validDays}
                onChange={(event) => setValidDays(event.target.value)}
                error={errors["offer.validDays"]}
              />
            </>
          ) : null}
        </div>
      )}
      <Button type="submit" disabled={disabled}>
        {t("save")}
      </Button>
      {answer?.ok && !pending ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          {answer.text}
        </p>
      ) : null}
      {answer && !answer.ok ? <FormAlert>{answer.text}</FormAlert> : null}
    </form>
  );
}
