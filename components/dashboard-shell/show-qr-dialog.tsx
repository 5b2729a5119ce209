"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { qrUrlFor } from "@/components/dashboard-shell/nav-items";

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

/**
 * 'Show my QR': a full-screen overlay with the QR code of
 * /qr/{userId}. Radix closes it on the close button, a click on the backdrop
 * and Escape, traps focus inside and returns it to the trigger.
 */
export function ShowQrDialog({ userId, trigger }: { userId: string; trigger: ReactNode }) {
  const t = useTranslations("dashboard.qr");
  const [value, setValue] = useState<string | null>(null);
  return (
    <Dialog.Root onOpenChange={(open) => open && setValue(qrUrlFor(window.location.origin, userId))}>
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
