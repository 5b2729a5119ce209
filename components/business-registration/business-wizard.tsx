"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useLocale, useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore, useTransition, type FormEvent } from "react";
import { FormProvider, useForm, type SubmitErrorHandler, type SubmitHandler } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useMessageText } from "@/components/i18n/use-message-text";
import { PENDING_REGISTRATION_KEY } from "@/lib/auth/pending-registration";
import {
  fromDraft,
  reachableStep,
  STEP_PARAM,
  stepFromQuery,
  toDraft,
  WIZARD_DONE_KEY,
  WIZARD_DRAFT_KEY,
  withStep,
} from "@/lib/business/wizard-draft";
import { storedLocale } from "@/lib/i18n/locales";
import { browserTimezone } from "@/lib/business/place-timezone";
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
import type { SignedInAccount } from "./wizard-types";
import { BusinessStep } from "./business-step";
import { ConfirmStep } from "./confirm-step";
import { StepIndicator } from "./step-indicator";
import type { ActionResult } from "@/lib/actions/result";
import type { Translated } from "@/lib/i18n/message";
import { ClientForm } from "@/components/ui/client-form";
import { Card } from "@/components/ui/card";

const LAST_STEP = WIZARD_STEPS.length - 1;

/** What the page's addBusiness answers: its messages already text. */
export type AddBusinessResult = Translated<ActionResult<{ businessId: string }>>;

type Props = {
  tapId: string | null;
  redirect: string | null;
  googleEnabled: boolean;
  googleSignIn: (redirect: string | null) => Promise<unknown>;
  /** A signed-in user: the business is added to this account (no account step fields). */
  account?: SignedInAccount;
  addBusiness?: (registration: ReturnType<typeof toBusinessRegistration>) => Promise<AddBusinessResult>;
};

// Session storage may be unavailable (a privacy mode): the wizard then simply keeps nothing.
function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeSession(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Nothing kept: a reload starts again.
  }
}

const subscribeNever = () => () => {};

// The step lives in the address: the wizard reads it from there, and hears of its changes
// from the browser (Back, Forward) and from itself (setStepUrl).
const STEP_CHANGED = "loyaltap:wizard-step";
function subscribeStep(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(STEP_CHANGED, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(STEP_CHANGED, onChange);
  };
}
const currentStep = () => stepFromQuery(new URLSearchParams(window.location.search).get(STEP_PARAM)) ?? 0;

function setStepUrl(url: string, how: "push" | "replace") {
  if (how === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
  window.dispatchEvent(new Event(STEP_CHANGED));
}

/** True on a step of a wizard this tab has finished: the way back to it is Back. */
function isBackIntoFinishedWizard(): boolean {
  const step = stepFromQuery(new URLSearchParams(window.location.search).get(STEP_PARAM));
  return step !== null && readSession(WIZARD_DONE_KEY) !== null;
}

/** Whether the browser's previous history entry is `url` of this page (Navigation API; false where it is missing). */
function previousEntryIs(url: string): boolean {
  const navigation = (
    window as {
      navigation?: { currentEntry?: { index: number } | null; entries(): { url: string | null }[] };
    }
  ).navigation;
  const index = navigation?.currentEntry?.index;
  if (!navigation || index === undefined || index < 1) return false;
  const previous = navigation.entries()[index - 1]?.url;
  return previous ? new URL(previous).href === new URL(url, window.location.href).href : false;
}

/** The 3-step business registration wizard. */
export function BusinessWizard({ tapId, redirect, googleEnabled, googleSignIn, account, addBusiness }: Props) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const t = useTranslations("wizard");
  const tAuth = useTranslations("auth");
  const text = useMessageText();
  const locale = useLocale();
  const schema = account ? signedInWizardSchema : businessWizardSchema;
  const form = useForm<BusinessWizardInput, unknown, BusinessWizardValues>({
    resolver: useCatalogResolver(schema),
    // The business speaks its owner's language unless they choose another on the confirm step.
    defaultValues: { ...emptyWizardValues, language: storedLocale(locale), ...account },
    mode: "onTouched",
  });
  // The step is the URL's (`?step=2`), so a reload keeps it and the browser's Back goes to the previous step.
  const serverStep = stepFromQuery(searchParams.get(STEP_PARAM)) ?? 0;
  const step = useSyncExternalStore(subscribeStep, currentStep, () => serverStep);
  const [submitting, setSubmitting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [googlePending, startGoogle] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // After a step change (the buttons or the browser's Back), screen readers start at the new step's title.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  // Back into a finished wizard (only its own steps carry ?step=): it leads on to the dashboard.
  const finishedEarlier = useSyncExternalStore(subscribeNever, isBackIntoFinishedWizard, () => false);

  // On arrival (and on a return through Back): what was typed before a reload comes back,
  // minus the password, and every change is kept for the next one.
  useEffect(() => {
    const done = readSession(WIZARD_DONE_KEY);
    if (isBackIntoFinishedWizard() && done) {
      router.replace(done);
      return;
    }
    const signedIn = Boolean(account);
    const requested = stepFromQuery(new URLSearchParams(window.location.search).get(STEP_PARAM));
    // Opened afresh (a link, the address bar): a new registration, say a second business.
    if (requested === null) writeSession(WIZARD_DONE_KEY, null);
    const draft = fromDraft(readSession(WIZARD_DRAFT_KEY), tapId, signedIn);
    if (draft) form.reset({ ...form.getValues(), ...draft });
    if (!form.getValues("timezone")) form.setValue("timezone", browserTimezone());
    if (requested !== null) {
      const parsed = schema.safeParse(form.getValues());
      const invalid = parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0]));
      const reachable = reachableStep(requested, invalid);
      if (reachable !== requested) setStepUrl(withStep(window.location.search, reachable), "replace");
    }
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => writeSession(WIZARD_DRAFT_KEY, toDraft(values, tapId, signedIn)),
    });
    // Runs on arrival only: the form, schema, tag and account are this page's for its whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  const stepUrl = (target: number) => `${window.location.pathname}${withStep(window.location.search, target)}`;

  const goTo = (target: number) => {
    if (target === step) return;
    if (target < step && previousEntryIs(stepUrl(target))) {
      // The previous step is the previous page: the button and the browser's Back do the same.
      window.history.back();
      return;
    }
    // The first step gets its number too, so that every entry of this wizard in the history says it is one.
    if (!new URLSearchParams(window.location.search).has(STEP_PARAM)) setStepUrl(stepUrl(step), "replace");
    setStepUrl(stepUrl(target), "push");
  };

  // After success: the draft goes, and Back into the wizard leads to `destination` instead.
  const finish = (destination: string) => {
    writeSession(WIZARD_DRAFT_KEY, null);
    writeSession(WIZARD_DONE_KEY, destination);
    toast.success(t("result.completed"), { description: t("result.welcome") });
    setLeaving(true);
    router.replace(destination);
    router.refresh();
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
      const result = await addBusiness(toBusinessRegistration(values, tapId)).catch(() => null);
      if (!result) return fail(t("result.failed"));
      if (!result.ok) return fail(result.error || t("result.tryAgain"));
      return finish(`/dashboard/business/${result.businessId}`);
    }
    let response: Response;
    try {
      response = await fetch("/api/auth/register", {
        method: "POST",
        // The page's language, not the browser's: the API answers its messages in it,
        // and a new account takes it as its language.
        headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": locale },
        body: JSON.stringify(toRegistrationPayload(values, tapId)),
      });
    } catch {
      return fail(t("result.failed"));
    }
    const body = (await response.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
    if (!response.ok || body?.status !== "success") {
      return fail(typeof body?.message === "string" && body.message ? body.message : t("result.tryAgain"));
    }
    // The response set the session cookie; a client navigation keeps the toast on screen.
    finish("/dashboard");
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
      const pending = toBusinessRegistration(form.getValues(), tapId);
      localStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(pending));
    } catch {
      toast.error(t("result.error"), { description: tAuth("google.signupFallback") });
      return;
    }
    startGoogle(async () => {
      await googleSignIn(redirect);
    });
  };

  // On its way to the dashboard: no empty wizard in between.
  if (leaving || finishedEarlier) return null;

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
