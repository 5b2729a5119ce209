"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { tagBatchCsvAction, tagBatchKeysAction } from "@/lib/actions/tag-batches";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/** Saves text as a file in the browser. */
function save(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A batch's two downloads: the encoder's CSV (any time), the key sheet (once). */
export function TagBatchDownloads({ batchId, keysTaken }: { batchId: string; keysTaken: boolean }) {
  const t = useTranslations("admin.batches");
  const { disabled, run } = useRefreshAction();
  const [error, setError] = useState<string | null>(null);
  const download = (which: "csv" | "keys") => {
    setError(null);
    run(
      () => (which === "csv" ? tagBatchCsvAction(batchId) : tagBatchKeysAction(batchId)),
      (result) => (result.ok ? save(result.filename, result.text) : setError(result.error)),
      { refresh: which === "keys" ? "always" : "success" },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" variant="secondary" disabled={disabled} onClick={() => download("csv")}>
        {t("downloadCsv")}
      </Button>
      {keysTaken ? (
        <span className="text-sm text-slate-600 dark:text-slate-300">{t("keysTaken")}</span>
      ) : (
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => download("keys")}>
          {t("downloadKeys")}
        </Button>
      )}
      {error ? <ActionError>{error}</ActionError> : null}
    </div>
  );
}
