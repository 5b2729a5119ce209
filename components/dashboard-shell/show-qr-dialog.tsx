"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { qrUrlFor } from "@/components/dashboard-shell/nav-items";
import { QR_TOKEN_REFRESH_MS } from "@/lib/qr/timing";

export const QR_SIZE = 280;

function QrCanvas({ value }: { value: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const t = useTranslations("dashboard.qr");
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, value, { errorCorrectionLevel: "H", width: QR_SIZE, margin: 2 }).catch(() =>
      setFailed(true),
    );
  }, [value]);
  if (failed) return <p role="alert">{t("failed", { link: value })}</p>;
  return (
    <canvas
      ref={canvas}
      width={QR_SIZE}
      height={QR_SIZE}
      data-qr-value={value}
      role="img"
      aria-label={t("imageLabel")}
      className="mx-auto rounded-lg bg-white"
      style={{ width: QR_SIZE, height: QR_SIZE }}
    />
  );
}

/** Renews the signed-in user's QR presence token (the dashboard's qrTokenAction). */
export type QrTokenSource = () => Promise<{ ok: true; token: string } | { ok: false }>;

/**
 * The QR's address while the overlay is open: fetched on opening, then renewed
 * every QR_TOKEN_REFRESH_MS and whenever the page comes back into view, so the
 * code on screen always carries a live presence token (docs/authentication.md,
 * "QR presence tokens"). If a renewal fails the plain /qr/{userId} shows: it
 * still identifies the customer to friends, only the counter's actions need the token.
 */
function useLiveQrUrl(userId: string, open: boolean, source: QrTokenSource): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const renew = () =>
      source().then(
        (result) => live && setValue(qrUrlFor(window.location.origin, userId, result.ok ? result.token : null)),
        () => live && setValue(qrUrlFor(window.location.origin, userId)),
      );
    const onVisible = () => document.visibilityState === "visible" && renew();
    void renew();
    const timer = setInterval(renew, QR_TOKEN_REFRESH_MS);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      setValue(null);
    };
  }, [open, userId, source]);
  return value;
}

/**
 * 'Show my QR': a full-screen overlay with the QR code of
 * /qr/{userId}?t={presence token}. Radix closes it on the close button, a click
 * on the backdrop and Escape, traps focus inside and returns it to the trigger.
 */
export function ShowQrDialog({
  userId,
  tokenSource,
  trigger,
}: {
  userId: string;
  tokenSource: QrTokenSource;
  trigger: ReactNode;
}) {
  const t = useTranslations("dashboard.qr");
  const [open, setOpen] = useState(false);
  const value = useLiveQrUrl(userId, open, tokenSource);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="qr-backdrop" className="fixed inset-0 z-[60] bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[70] w-[min(92vw,22rem)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl focus:outline-none dark:bg-slate-900 dark:text-slate-100">
          <Dialog.Title className="text-lg font-semibold">{t("title")}</Dialog.Title>
          {value ? <QrCanvas value={value} /> : null}
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">{t("text")}</Dialog.Description>
          <Dialog.Close className="inline-flex w-full items-center justify-center rounded-lg bg-brand px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
            {t("close")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
