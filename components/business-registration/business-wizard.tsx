"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { FormProvider, useForm, type SubmitErrorHandler, type SubmitHandler } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useMessageText } from "@/components/i18n/use-message-text";
import { PENDING_REGISTRATION_KEY } from "@/lib/auth/pending-registration";
import {
  businessWizardSchema,
  emptyWizardValues,
  signedInWizardSchema,
  firstStepWithError,
  toBusinessRegistration,
  toRegistrationPayload,
  WIZARD_STEPS,
  type BusinessWizardInput,
  type BusinessWizardValues,
} from "@/lib/validation/business-registration";
import { AccountStep, SignedInAccountStep } from "./account-step";
import { BusinessStep } from "./business-step";
import { ConfirmStep } from "./confirm-step";
import { StepIndicator } from "./step-indicator";
import type { ActionResult } from "@/lib/actions/result";
import { ClientForm } from "@/components/ui/client-form";
import { Card } from "@/components/ui/card";

const LAST_STEP = WIZARD_STEPS.length - 1;

export type SignedInAccount = { firstName: string; lastName: string; email: string };
export type AddBusinessResult = ActionResult<{ businessId: string }>;

type Props = {
  tapId: string | null;
  redirect: string | null;
  googleEnabled: boolean;
  googleSignIn: (redirect: string | null) => Promise<unknown>;
  /** A signed-in user: the business is added to this account (no account step fields). */
  account?: SignedInAccount;
  addBusiness?: (registration: ReturnType<typeof toBusinessRegistration>) => Promise<AddBusinessResult>;
};

const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The 3-step business registration wizard. */
export function BusinessWizard({ tapId, redirect, googleEnabled, googleSignIn, account, addBusiness }: Props) {
  const router = useRouter();
  const t = useTranslations("wizard");
  const tAuth = useTranslations("auth");
  const text = useMessageText();
  const locale = useLocale();
  const form = useForm<BusinessWizardInput, unknown, BusinessWizardValues>({
    resolver: zodResolver(account ? signedInWizardSchema : businessWizardSchema),
    defaultValues: account ? { ...emptyWizardValues, ...account } : emptyWizardValues,
    mode: "onTouched",
  });
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [googlePending, startGoogle] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After a step change, screen readers start at the new step's title.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  // Once Next has checked a field, its message follows every change (not only blur),
  // and a changed password re-checks the confirmation.
  const checked = useRef(new Set<string>());
  // form.subscribe, not form.watch(callback): the same change events without
  // watch's render-time API, which the React Compiler cannot memoize.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          const field = name?.split(".")[0];
          if (type !== "change" || !field) return;
          const again: (keyof BusinessWizardInput)[] = [];
          if (checked.current.has(field)) again.push(field as keyof BusinessWizardInput);
          if (
            field === "password" &&
            (checked.current.has("confirmPassword") || form.getFieldState("confirmPassword").isTouched)
          ) {
            again.push("confirmPassword");
          }
          if (again.length) void form.trigger(again);
        },
      }),
    [form],
  );

  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const next = async () => {
    // A signed-in user's account step has nothing to check.
    const fields = account && step === 1 ? [] : (WIZARD_STEPS[step]?.fields ?? []);
    for (const field of fields) checked.current.add(field);
    if (await form.trigger(fields, { shouldFocus: true })) goTo(Math.min(step + 1, LAST_STEP));
  };

  const register: SubmitHandler<BusinessWizardValues> = async (values) => {
    setSubmitting(true);
    const fail = (description: string) => {
      toast.error(t("result.failedTitle"), { description: text(description) });
      setSubmitting(false);
    };
    if (account && addBusiness) {
      const result = await addBusiness(toBusinessRegistration(values, tapId, browserTimezone())).catch(() => null);
      if (!result) return fail(t("result.failed"));
      if (!result.ok) return fail(result.error || t("result.tryAgain"));
      toast.success(t("result.completed"), { description: t("result.welcome") });
      router.push(`/dashboard/business/${result.businessId}`);
      router.refresh();
      return;
    }
    let response: Response;
    try {
      response = await fetch("/api/auth/register", {
        method: "POST",
        // The page's language, not the browser's: the API answers its messages in it,
        // and a new account takes it as its language.
        headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": locale },
        body: JSON.stringify(toRegistrationPayload(values, tapId, browserTimezone())),
      });
    } catch {
      return fail(t("result.failed"));
    }
    const body = (await response.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
    if (!response.ok || body?.status !== "success") {
      return fail(typeof body?.message === "string" && body.message ? body.message : t("result.tryAgain"));
    }
    // The response set the session cookie; a client navigation keeps the toast on screen.
    toast.success(t("result.completed"), { description: t("result.welcome") });
    router.push("/dashboard");
    router.refresh();
  };

  // Cannot happen through the steps, but never submit with a message hidden on another step.
  const showStepWithError: SubmitErrorHandler<BusinessWizardInput> = (errors) => {
    const target = firstStepWithError(Object.keys(errors));
    if (target !== null) goTo(target);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      void next();
    } else if (!submitting) {
      // handleSubmit is called here, in the event, not during render: its
      // error handler moves to a step (a ref write).
      void form.handleSubmit(register, showStepWithError)(event);
    } else {
      event.preventDefault();
    }
  };

  const signUpWithGoogle = () => {
    try {
      // The business waits here while the user is at Google; /auth/callback completes it.
      const pending = toBusinessRegistration(form.getValues(), tapId, browserTimezone());
      localStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(pending));
    } catch {
      toast.error(t("result.error"), { description: tAuth("google.signupFallback") });
      return;
    }
    startGoogle(async () => {
      await googleSignIn(redirect);
    });
  };

  return (
    <Card className="space-y-6 p-5 shadow-sm sm:p-8">
      <StepIndicator current={step} />
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t(`steps.${WIZARD_STEPS[step]?.id ?? "business"}Title`)}
      </h2>
      <FormProvider {...form}>
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={submitting}>
          {step === 0 ? <BusinessStep /> : null}
          {step === 1 ? (
            account ? (
              <SignedInAccountStep account={account} />
            ) : (
              <AccountStep onGoogle={googleEnabled ? signUpWithGoogle : null} googlePending={googlePending} />
            )
          ) : null}
          {step === 2 ? <ConfirmStep tapId={tapId} /> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {step > 0 ? (
              <Button type="button" variant="secondary" disabled={submitting} onClick={() => goTo(step - 1)}>
                {t("buttons.back")}
              </Button>
            ) : (
              <span className="hidden sm:block" />
            )}
            {step < LAST_STEP ? (
              <Button key="next" type="submit">
                {t("buttons.next")}
              </Button>
            ) : (
              <Button key="complete" type="submit" disabled={submitting}>
                {submitting ? t(account ? "buttons.registering" : "buttons.creating") : t("buttons.complete")}
              </Button>
            )}
          </div>
        </ClientForm>
      </FormProvider>
    </Card>
  );
}
