"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { endProgramAction, setProgramActiveAction, type ProgramActionResult } from "@/lib/actions/programs";
import { Button, buttonClass } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import type { Translated } from "@/lib/i18n/message";

type Props = { programId: string; programName: string; active: boolean };

/** Pause / Resume, and End (confirmed in a dialog: ending cannot be undone). */
export function ProgramStatusActions({ programId, programName, active }: Props) {
  const t = useTranslations("programEditor.statusActions");
  const { pending, disabled, run: runAction } = useRefreshAction();
  const [confirming, setConfirming] = useState(false);

  const run = (action: () => Promise<Translated<ProgramActionResult>>, success: string, description: string) =>
    runAction(action, (result) => {
      setConfirming(false);
      if (result.ok) toast.success(success, { description });
      else toast.error(result.error);
    });

  return (
    <div className="flex flex-wrap items-center gap-3">
      {active ? (
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          onClick={() => run(() => setProgramActiveAction(programId, false), t("paused"), t("pausedDescription"))}
        >
          {t("pause")}
        </Button>
      ) : (
        <Button
          type="button"
          disabled={disabled}
          onClick={() => run(() => setProgramActiveAction(programId, true), t("resumed"), t("resumedDescription"))}
        >
          {t("resume")}
        </Button>
      )}
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Trigger className={buttonClass("ghost", "text-red-700 dark:text-red-400")} disabled={disabled}>
          {t("end")}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
            <Dialog.Title className="text-lg font-semibold">{t("confirmTitle", { name: programName })}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
              {t("confirmText")}
            </Dialog.Description>
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")} disabled={disabled}>
                {t("cancel")}
              </Dialog.Close>
              <button
                type="button"
                className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-medium text-white transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
                disabled={disabled}
                onClick={() =>
                  run(() => endProgramAction(programId), t("ended"), t("endedDescription", { name: programName }))
                }
              >
                {pending ? t("ending") : t("end")}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
