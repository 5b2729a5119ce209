"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { recordTapAction } from "@/lib/actions/tap";
import { BirthdayAskForm } from "@/components/settings/birthday-ask-form";
import { useTapOutcome } from "@/components/tap/tap-outcome";
import { TapWalletButtons, type TapWallets } from "@/components/tap/tap-wallet-buttons";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Card } from "@/components/ui/card";
import type { SunParams } from "@/lib/nfc/verify-tap";
import { translateMessage } from "@/lib/i18n/message";
import { useKeyTranslator } from "@/components/i18n/use-key-translator";
import { formatNextVisit, nextVisitMessageKey, readNextVisit } from "@/lib/tap/next-visit";
import { shownKey, visitKeyOf, withVisitKey } from "@/lib/tap/visit-history";
import type { Translated } from "@/lib/i18n/message";
import type { TapErrorBody, TapHeldBody, TapVisitBody } from "@/lib/tap/record";
import { cn } from "@/lib/utils";

export const TAP_RESULT_REDIRECT_MS = 2000;

/** An answer as the page has it: its messages already text (the action builder translated them). */
type TapResponse = Translated<TapVisitBody | TapHeldBody | TapErrorBody>;

/** A random Idempotency-Key (getRandomValues works on plain-HTTP origins too, unlike randomUUID). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const RETRY_DELAYS_MS = [500, 1500];

/**
 * Records the visit once per page visit and hands the response to
 * <TapResult>. The page visit has one Idempotency-Key: a request that failed
 * on the way (network, server restart) is retried with it — automatically a
 * couple of times, then from the "Try again" button — and the server answers
 * a retry of a visit it already recorded with that first answer instead of
 * counting it twice. With `attemptOnly` (a link the page already refused) it
 * shows nothing. (A ref survives React's double effect in development;
 * reloads are new page visits, bounded by the daily limit in the database,
 * and a secure tag's link by its read counter.) Its words and the answer's are
 * in the page's language: the page gives it the `tap` and `programs` messages.
 */
export function TapRecorder({
  tagId,
  sun,
  attemptOnly = false,
  askBirthday = false,
  wallets,
}: {
  tagId: string;
  sun?: SunParams;
  attemptOnly?: boolean;
  /** The customer has no birthday on file and the business runs a birthday program: ask for it with the result. */
  askBirthday?: boolean;
  /** The wallets the server has configured: their buttons follow a recorded visit. */
  wallets?: TapWallets;
}) {
  const t = useTranslations("tap.recorder");
  const { setAnswer } = useTapOutcome();
  const [response, setResponse] = useState<TapResponse | null>(null);
  const [visitKey, setVisitKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);
  const key = useRef<string | null>(null);

  const send = useCallback(async () => {
    // Back (or a reload) to a page whose visit was answered: its address names that visit, and the
    // server gives its first answer again instead of recording another (and refusing it).
    key.current ??= visitKeyOf(window.location.search) ?? newIdempotencyKey();
    setFailed(false);
    // A secure tag's SUN parameters from the tapped URL go along: the visit is verified with them.
    const input = { ...sun, id: tagId, idempotencyKey: key.current };
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await recordTapAction(input);
        // An answer that is stored under the key (a visit, or the daily limit) names this page's
        // history entry, so Back to it shows this answer rather than tapping again.
        if (answer.status !== "error" || answer.type === "limit_reached") rememberVisit(key.current);
        setVisitKey(key.current);
        setResponse(answer);
        // The cards below read the same answer as the result.
        if (answer.status === "success") setAnswer(answer);
        return;
      } catch {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) break;
        await new Promise((resolve) => window.setTimeout(resolve, delay));
      }
    }
    setFailed(true);
  }, [tagId, sun, setAnswer]);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send();
  }, [send]);

  // The page already said why this link earns nothing; the attempt only reaches the owner's log.
  if (attemptOnly) return null;
  if (failed) {
    return (
      <ResultCard tone="error" title={t("failedTitle")} message={t("failedText")}>
        <button type="button" className={buttonClass("primary", "mt-3")} onClick={() => void send()}>
          {t("tryAgain")}
        </button>
      </ResultCard>
    );
  }
  if (!response) {
    return (
      <Card as="section" role="status" aria-live="polite" className="flex items-center gap-3 p-4">
        <Spinner label={t("recording")} />
        <p>{t("recordingText")}</p>
      </Card>
    );
  }
  return (
    <TapResult
      response={response}
      visitKey={visitKey}
      onProcessed={() => setResponse(null)}
      askBirthday={askBirthday}
      wallets={wallets}
    />
  );
}

/** Replaces this page's history entry with its address plus `visit=<key>` (the router follows native replaceState). */
function rememberVisit(visitKey: string | null) {
  if (!visitKey || visitKeyOf(window.location.search) === visitKey) return;
  window.history.replaceState(null, "", withVisitKey(window.location.href, visitKey));
}

const noSubscription = () => () => undefined;

/**
 * Whether this tab already led on from this visit's result to the dashboard:
 * the first time the result leads on; coming Back to it (or reloading it)
 * shows the tag page with the progress and stays. Without sessionStorage, it
 * always leads on, as before.
 */
function wasShown(visitKey: string | null | undefined): boolean {
  if (!visitKey) return false;
  try {
    return window.sessionStorage.getItem(shownKey(visitKey)) !== null;
  } catch {
    return false;
  }
}

function markShown(visitKey: string | null | undefined) {
  if (!visitKey) return;
  try {
    window.sessionStorage.setItem(shownKey(visitKey), "1");
  } catch {
    // Storage refused (a private window's quota): Back leads on again, as before.
  }
}

/**
 * A visit already recorded (the answer stored under its key, e.g. by "Start my
 * card"), shown as the recorder would show it; a reload shows it again and
 * records nothing.
 */
export function TapAnswer({
  response,
  visitKey,
  wallets,
}: {
  response: TapResponse;
  visitKey?: string;
  wallets?: TapWallets;
}) {
  const { setAnswer } = useTapOutcome();
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (response.status === "success") setAnswer(response);
  }, [response, setAnswer]);
  return shown ? (
    <TapResult response={response} visitKey={visitKey} onProcessed={() => setShown(false)} wallets={wallets} />
  ) : null;
}

function isReward(response: Translated<TapVisitBody>): boolean {
  return response.rewards_earned.length > 0 || response.active_programs.some((p) => p.type === "reward_earned");
}

/**
 * Shows one tap response (reward earned, limit reached, …); `onProcessed` clears it.
 * The answer is the JSON API's (English): its codes and the engine's lines are
 * read again in the page's language; a code this page does not know shows the
 * server's message.
 */
export function TapResult({
  response,
  visitKey,
  onProcessed,
  askBirthday = false,
  wallets,
}: {
  response: TapResponse;
  /** The key the visit was recorded under: a result this tab already showed does not lead on again. */
  visitKey?: string | null;
  onProcessed: () => void;
  askBirthday?: boolean;
  wallets?: TapWallets;
}) {
  const t = useTranslations("tap.result");
  const locale = useLocale();
  const ask = useTranslations("programs.birthdayAsk");
  const lines = useKeyTranslator();
  const router = useRouter();
  const [showNoProgram, setShowNoProgram] = useState(response.status === "success" && response.type === "no_programs");
  const progressed = response.status === "success" && response.type !== "no_programs";
  // While the birthday question is open the result stays: the customer leaves by answering or by "Not now".
  const [asking, setAsking] = useState(askBirthday && progressed);
  // A customer who pressed a wallet button comes back from Wallet (or Google's page) to this result, not the dashboard.
  const [toWallet, setToWallet] = useState(false);
  // Read after hydration (sessionStorage is the browser's; the server's answer is "not yet shown").
  const alreadyShown = useSyncExternalStore(
    noSubscription,
    () => wasShown(visitKey),
    () => false,
  );
  const walletButtons = wallets ? <TapWalletButtons wallets={wallets} onPress={() => setToWallet(true)} /> : null;

  useEffect(() => {
    if (!progressed || asking || toWallet || alreadyShown) return;
    const timer = window.setTimeout(() => {
      markShown(visitKey);
      router.push("/dashboard");
      onProcessed();
    }, TAP_RESULT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [progressed, asking, toWallet, alreadyShown, visitKey, router, onProcessed]);

  if (response.status === "held") {
    // Held for review (docs/review-queue.md): never an error; the business checks it.
    return (
      <section
        role="status"
        aria-live="polite"
        data-testid="held-result"
        className="rounded-2xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50"
      >
        <h2 className="font-semibold">{t("heldTitle")}</h2>
        <p>{t("heldText")}</p>
      </section>
    );
  }
  if (response.status === "error" && response.code === "business_closed") {
    // Closed for the season: said kindly, the server's own words (the business and the day it reopens).
    return <ClosedResult message={response.message} />;
  }
  if (response.status === "error") {
    const codeKey = `codes.${response.code}`;
    const message = t.has(codeKey) ? t(codeKey) : response.message || t("errorFallback");
    if (response.type === "limit_reached") {
      return (
        <Overlay
          title={t("limitTitle")}
          message={message}
          detail={nextVisitLine(response.next_visit, locale, t)}
          ok={t("ok")}
          onClose={() => undefined}
        />
      );
    }
    return <ResultCard tone="error" title={t("notRecorded")} message={message} />;
  }
  if (response.type === "no_programs") {
    return showNoProgram ? (
      <Overlay
        title={t("noProgramTitle")}
        message={t("noProgramText")}
        ok={t("ok")}
        onClose={() => setShowNoProgram(false)}
      />
    ) : (
      <ResultCard tone="success" title={t("visitRecorded")} message={t("recordedNoPrograms")}>
        {walletButtons}
      </ResultCard>
    );
  }
  const reward = isReward(response);
  const summary = response.rewards_earned.length
    ? t("earned", { rewards: response.rewards_earned.map((r) => r.name).join(", ") })
    : t("recorded");
  return (
    <ResultCard tone="success" title={reward ? t("rewardTitle") : t("progressTitle")} message={summary}>
      <ul className="mt-2 space-y-1 text-sm">
        {response.active_programs.map((p) => (
          <li key={p.program_id}>
            <span className="font-medium">{p.name}:</span>{" "}
            {/* An answer stored before lines existed (an idempotent replay) has only its English message. */}
            {p.result.line ? translateMessage(lines, p.result.line) : p.result.message}
            {"next_visit" in p && p.next_visit ? (
              <span className="block text-xs opacity-80">{nextVisitLine(p.next_visit, locale, t)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {response.rewards_earned.length ? (
        <p className="mt-2 text-sm">
          {t("rewardCodes", { count: response.rewards_earned.length })}{" "}
          {response.rewards_earned.map((r) => (
            <code key={r.id} className="mx-1 rounded bg-black/5 px-1.5 py-0.5 font-mono dark:bg-white/10">
              {r.code}
            </code>
          ))}
        </p>
      ) : null}
      {askBirthday ? (
        <div className="mt-3 space-y-2" data-testid="birthday-ask">
          <BirthdayAskForm onDone={() => setAsking(false)} />
          {asking ? (
            <Link href="/dashboard" className="inline-block text-sm underline">
              {ask("later")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {walletButtons}
      {asking || toWallet || alreadyShown ? null : <p className="mt-2 text-xs opacity-75">{t("redirecting")}</p>}
    </ResultCard>
  );
}

function ClosedResult({ message }: { message: string }) {
  const t = useTranslations("lifecycle.closed");
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="closed-result"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 className="font-semibold">{t("title")}</h2>
      <p>{message}</p>
      <p className="mt-1 text-sm">{t("noticeCards")}</p>
    </section>
  );
}

function ResultCard({
  tone,
  title,
  message,
  children,
}: {
  tone: "success" | "error";
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <section
      role={tone === "error" ? "alert" : "status"}
      aria-live="polite"
      className={cn(
        "rounded-2xl border p-4",
        tone === "success"
          ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
          : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
      )}
    >
      <h2 className="font-semibold">{title}</h2>
      <p>{message}</p>
      {children}
    </section>
  );
}

/** "You can collect again tomorrow after 00:00": the time on the business's clock, in the page's language. */
function nextVisitLine(value: unknown, locale: string, t: ReturnType<typeof useTranslations<"tap.result">>) {
  const next = readNextVisit(value);
  if (!next) return null;
  const { time, date } = formatNextVisit(next, locale);
  return t(`nextVisit.${nextVisitMessageKey(next)}` as "nextVisit.dailyTomorrow", { time, date });
}

function Overlay({
  title,
  message,
  detail,
  ok,
  onClose,
}: {
  title: string;
  message: string;
  detail?: string | null;
  ok: string;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 text-center shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description>{message}</Dialog.Description>
          {detail ? <p data-testid="next-visit">{detail}</p> : null}
          <Dialog.Close className={buttonClass("primary", "w-full")}>{ok}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
