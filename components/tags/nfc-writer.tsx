"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { newReader, runNfc, useWebNfc } from "@/components/tags/web-nfc-client";
import { urlMessage, type NfcFailure } from "@/lib/nfc/web-nfc";

type Phase = "idle" | "writing" | "written" | "confirmLock" | "locking" | "locked";

/**
 * "Write to an NFC sticker" for a plain tag: on a Web NFC phone it writes one
 * URL record with the tag's public URL, then offers to lock the sticker
 * (read-only for good) after a warning and a confirmation; elsewhere it says
 * which phone or app can write the address (docs/tags.md).
 */
export function NfcWriter({ url }: { url: string }) {
  const t = useTranslations("tags.write");
  const supported = useWebNfc();
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<NfcFailure | null>(null);

  if (supported === null) return null;
  if (!supported)
    return (
      <div data-testid="nfc-fallback" className="space-y-2 rounded-lg bg-slate-100 p-4 text-sm dark:bg-slate-800">
        <h3 className="font-semibold">{t("fallbackHeading")}</h3>
        <p>{t("fallback")}</p>
      </div>
    );

  const busy = phase === "writing" || phase === "locking";

  const write = async () => {
    setFailure(null);
    setPhase("writing");
    const outcome = await runNfc((signal) => newReader().write(urlMessage(url), { signal }));
    if (outcome.ok) setPhase("written");
    else {
      setPhase("idle");
      setFailure(outcome.failure);
    }
  };

  const lock = async () => {
    setFailure(null);
    setPhase("locking");
    const outcome = await runNfc((signal) => newReader().makeReadOnly({ signal }));
    if (outcome.ok) setPhase("locked");
    else {
      setPhase("written");
      setFailure(outcome.failure);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("writeHint")}</p>
      <Button type="button" onClick={write} disabled={busy}>
        {t("writeButton")}
      </Button>
      <div aria-live="polite" className="space-y-3">
        {phase === "writing" ? <p>{t("writing")}</p> : null}
        {phase === "locking" ? <p>{t("locking")}</p> : null}
        {phase === "written" || phase === "confirmLock" ? (
          <p data-testid="nfc-written" className="font-medium text-emerald-700 dark:text-emerald-400">
            ✓ {t("written")}
          </p>
        ) : null}
        {phase === "locked" ? (
          <p data-testid="nfc-locked" className="font-medium text-emerald-700 dark:text-emerald-400">
            ✓ {t("locked")}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" data-testid="nfc-failure" className="text-red-700 dark:text-red-400">
            {t(`failures.${failure}`)}
          </p>
        ) : null}
      </div>
      {phase === "written" ? (
        <Button type="button" variant="secondary" onClick={() => setPhase("confirmLock")}>
          {t("lockButton")}
        </Button>
      ) : null}
      {phase === "confirmLock" ? (
        <div
          role="alertdialog"
          aria-labelledby="lock-warning"
          className="space-y-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p id="lock-warning">{t("lockWarning")}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={lock}>
              {t("lockConfirm")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setPhase("written")}>
              {t("lockCancel")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
