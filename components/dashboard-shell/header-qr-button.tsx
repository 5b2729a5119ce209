"use client";

import { useTranslations } from "next-intl";
import { ShowQrDialog, type QrTokenSource } from "@/components/dashboard-shell/show-qr-dialog";

/** 'Show my QR' in the desktop header; narrow screens have the bottom bar's round button instead. */
export function HeaderQrButton({ userId, tokenSource }: { userId: string; tokenSource: QrTokenSource }) {
  const t = useTranslations("dashboard.nav");
  return (
    <ShowQrDialog
      userId={userId}
      tokenSource={tokenSource}
      trigger={
        <button
          type="button"
          className="rounded-md px-2 py-1 font-medium text-brand hover:underline dark:text-indigo-300 [@media(max-width:768px)]:hidden"
        >
          {t("showQr")}
        </button>
      }
    />
  );
}
