"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { toast } from "sonner";
import { CampaignPreview } from "@/components/campaigns/campaign-preview";
import { SegmentBuilder } from "@/components/campaigns/segment-builder";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, SelectField, TextAreaField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { FormSection } from "@/components/ui/form-section";
import { ACTION_FAILED } from "@/components/ui/use-refresh-action";
import {
  previewCampaignAction,
  saveCampaignAction,
  scheduleCampaignAction,
  sendTestAction,
} from "@/lib/actions/campaigns";
import type { CampaignPreview as Preview } from "@/lib/campaigns/preview";
import type { SegmentDefinition } from "@/lib/campaigns/segment";
import { MESSAGE_MAX, type ComposerInput } from "@/lib/validation/campaigns";

export type ComposerDefaults = {
  name: string;
  message: string;
  segment: SegmentDefinition | undefined;
  offerKind: "" | "STAMPS" | "POINTS" | "REWARD";
  programId: string;
  amount: string;
  rewardName: string;
  validDays: string;
  holdoutPercent: string;
};

type Program = { id: string; name: string; type: string };
type Intent = "save" | "test" | "send";

/**
 * The owner writes a campaign: who gets it, the short message, an optional
 * offer and the share held out; sees it on each channel; saves it, sends
 * themself a test, and sends it now or at a time on the business's clock.
 * The segment comes from the SegmentBuilder's hidden input, read at submit.
 */
export function CampaignComposer({
  businessId,
  campaignId,
  timeZone,
  programs,
  defaults,
  initialPreview,
  suggestedLapsedDays,
}: {
  businessId: string;
  campaignId: string | null;
  timeZone: string;
  programs: Program[];
  defaults: ComposerDefaults;
  initialPreview: Preview | null;
  /** Where "Haven't visited in" starts: the business's own usual gap (lib/campaigns/typical-gap.ts). */
  suggestedLapsedDays?: number;
}) {
  const t = useTranslations("campaigns.composer");
  const channels = useTranslations("campaigns.channels");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useState(defaults);
  const [when, setWhen] = useState<"now" | "later">("now");
  const [at, setAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(initialPreview);
  const intent = useRef<Intent>("save");
  // An edited field drops its old message: it no longer describes what is there.
  const set = (key: keyof ComposerDefaults) => (event: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [key]: event.target.value }));
    setFieldErrors(({ [key]: _dropped, ...rest }) => rest);
    setError(null);
  };

  // The preview follows the message as it is typed, a moment after the last key.
  useEffect(() => {
    if (!values.message.trim()) return;
    const timer = setTimeout(async () => {
      const result = await previewCampaignAction({ businessId, name: values.name, message: values.message }).catch(
        () => null,
      );
      if (result?.ok) setPreview(result.preview);
    }, 400);
    return () => clearTimeout(timer);
  }, [businessId, values.name, values.message]);

  const offerPrograms = programs.filter((p) => p.type === (values.offerKind === "POINTS" ? "points" : "stamps"));

  function campaignOf(form: HTMLFormElement): ComposerInput {
    const raw = new FormData(form).get("segment");
    let segment: unknown = {};
    try {
      segment = JSON.parse(typeof raw === "string" && raw ? raw : "{}");
    } catch {
      segment = {};
    }
    const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
    const validDays = number(values.validDays);
    const offer =
      values.offerKind === ""
        ? null
        : values.offerKind === "REWARD"
          ? { kind: "REWARD" as const, rewardName: values.rewardName, validDays }
          : { kind: values.offerKind, programId: values.programId, amount: number(values.amount), validDays };
    return {
      businessId,
      name: values.name,
      message: values.message,
      segment: segment as SegmentDefinition,
      offer,
      holdoutPercent: number(values.holdoutPercent),
    };
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = intent.current;
    startTransition(async () => {
      setError(null);
      setFieldErrors({});
      try {
        const saved = await saveCampaignAction({ campaignId, campaign: campaignOf(form) });
        if (!saved.ok) {
          // The action's input is { campaignId, campaign }: its fields' paths start with "campaign.".
          const errors = Object.entries(saved.fieldErrors ?? {}).map(([path, text]) => [
            path.replace(/^campaign\./, ""),
            text,
          ]);
          setFieldErrors(Object.fromEntries(errors));
          setError(saved.error);
          return;
        }
        const page = `/dashboard/business/${encodeURIComponent(businessId)}/campaigns/${saved.id}`;
        if (chosen === "test") {
          const tested = await sendTestAction({ businessId, campaignId: saved.id });
          if (!tested.ok) return setError(tested.error);
          const names = tested.channels.map((channel) => channels(channel)).join(", ");
          if (tested.channels.length === 0) toast.error(t("testNone"));
          else toast.success(t("testSent", { channels: names }));
        } else if (chosen === "send") {
          const scheduled = await scheduleCampaignAction({
            businessId,
            campaignId: saved.id,
            at: when === "now" ? null : at,
          });
          if (!scheduled.ok) {
            // The draft is saved: a new one moves to its own page, where the answer stays as a toast.
            if (campaignId !== null) return setError(scheduled.error);
            toast.error(scheduled.error);
            return router.replace(page);
          }
        } else {
          toast.success(t("saved"));
        }
        if (campaignId === null || chosen === "send") router.push(page);
        router.refresh();
      } catch {
        setError(ACTION_FAILED);
      }
    });
  };

  const counterClass = values.message.length > MESSAGE_MAX ? "text-red-600 dark:text-red-400" : "text-slate-500";
  const holdout = Number(values.holdoutPercent);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <ClientForm onSubmit={submit} noValidate className="space-y-6" aria-label={t("newTitle")}>
        <FormSection legend={t("details")}>
          <Field
            label={t("name")}
            name="name"
            id="campaign-name"
            value={values.name}
            onChange={set("name")}
            hint={t("nameHint")}
            error={fieldErrors.name}
            maxLength={120}
          />
          <div className="space-y-1">
            <TextAreaField
              label={t("message")}
              name="message"
              id="campaign-message"
              value={values.message}
              onChange={set("message")}
              hint={t("messageHint")}
              error={fieldErrors.message}
              rows={4}
            />
            <p className={`text-right text-xs ${counterClass}`} aria-live="polite" data-testid="message-counter">
              {t("counter", { count: values.message.length, max: MESSAGE_MAX })}
            </p>
          </div>
        </FormSection>

        <FormSection legend={t("segment")}>
          <SegmentBuilder
            businessId={businessId}
            programs={programs}
            initial={defaults.segment}
            name="segment"
            suggestedLapsedDays={suggestedLapsedDays}
          />
          <Field
            label={t("holdout")}
            id="campaign-holdout"
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            value={values.holdoutPercent}
            onChange={set("holdoutPercent")}
            hint={t("holdoutHint", { percent: Number.isFinite(holdout) ? holdout : 0 })}
            error={fieldErrors.holdoutPercent}
          />
        </FormSection>

        <FormSection legend={t("offer")}>
          <SelectField label={t("offerKind")} id="offer-kind" value={values.offerKind} onChange={set("offerKind")}>
            <option value="">{t("offerNone")}</option>
            <option value="STAMPS">{t("offerStamps")}</option>
            <option value="POINTS">{t("offerPoints")}</option>
            <option value="REWARD">{t("offerReward")}</option>
          </SelectField>
          {values.offerKind === "STAMPS" || values.offerKind === "POINTS" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t("program")}
                id="offer-program"
                value={values.programId}
                onChange={set("programId")}
                error={fieldErrors["offer.programId"]}
                hint={offerPrograms.length === 0 ? t("noProgram") : undefined}
              >
                <option value="" />
                {offerPrograms.map((program) => (
                  <option key={program.id} value={program.id}>
                    {program.name}
                  </option>
                ))}
              </SelectField>
              <Field
                label={t("amount")}
                id="offer-amount"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={values.amount}
                onChange={set("amount")}
                error={fieldErrors["offer.amount"]}
              />
            </div>
          ) : null}
          {values.offerKind === "REWARD" ? (
            <Field
              label={t("rewardName")}
              id="offer-reward"
              placeholder={t("rewardNamePlaceholder")}
              value={values.rewardName}
              onChange={set("rewardName")}
              error={fieldErrors["offer.rewardName"]}
            />
          ) : null}
          {values.offerKind !== "" ? (
            <Field
              label={t("validDays")}
              id="offer-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={values.validDays}
              onChange={set("validDays")}
              error={fieldErrors["offer.validDays"]}
            />
          ) : null}
        </FormSection>

        <FormSection legend={t("when")}>
          <div className="flex flex-wrap gap-4" role="radiogroup" aria-label={t("when")}>
            {(["now", "later"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="when"
                  value={choice}
                  checked={when === choice}
                  onChange={() => setWhen(choice)}
                  className="h-4 w-4 accent-brand"
                />
                {t(choice)}
              </label>
            ))}
          </div>
          {when === "later" ? (
            <Field
              label={t("at", { timeZone })}
              id="campaign-at"
              type="datetime-local"
              value={at}
              onChange={(event) => setAt(event.target.value)}
            />
          ) : null}
        </FormSection>

        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending} onClick={() => (intent.current = "send")}>
            {when === "now" ? t("sendNow") : t("schedule")}
          </Button>
          <Button type="submit" variant="secondary" disabled={pending} onClick={() => (intent.current = "test")}>
            {t("test")}
          </Button>
          <Button type="submit" variant="ghost" disabled={pending} onClick={() => (intent.current = "save")}>
            {t("save")}
          </Button>
        </div>
      </ClientForm>

      <section aria-labelledby="preview-heading" className="space-y-3 lg:sticky lg:top-4 lg:self-start">
        <h2 id="preview-heading" className="text-lg font-semibold">
          {t("preview")}
        </h2>
        <CampaignPreview preview={values.message.trim() ? preview : null} />
      </section>
    </div>
  );
}
