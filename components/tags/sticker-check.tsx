"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { readSticker, runNfc, useWebNfc } from "@/components/tags/web-nfc-client";
import { checkStickerAction } from "@/lib/actions/tags";
import { compareStickerUrl, isNotOurUrl, STICKER_URL_MAX, type StickerVerdict } from "@/lib/nfc/sticker-url";
import { stickerUrlOf, type NfcFailure } from "@/lib/nfc/web-nfc";

type Result = { verdict: StickerVerdict | "noUrl"; url: string | null; logged: boolean; logFailed: boolean };

/**
 * "Check a sticker": reads one sticker and compares its URL record with the
 * tag's address. Another address ("not our URL") is sent to the server, which
 * decides again and counts it in the tag's verification log (docs/tags.md).
 */
export function StickerCheck({ tagId, origin, secure }: { tagId: string; origin: string; secure: boolean }) {
  const t = useTranslations("tags.write");
  const router = useRouter();
  const supported = useWebNfc();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<NfcFailure | null>(null);

  if (supported === null) return null;
  if (!supported) return <p className="text-sm text-slate-600 dark:text-slate-300">{t("fallbackCheck")}</p>;

  const check = async () => {
    setBusy(true);
    setResult(null);
    setFailure(null);
    const outcome = await runNfc(readSticker);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      setBusy(false);
      return;
    }
    const url = stickerUrlOf(outcome.value);
    if (url === null) {
      setResult({ verdict: "noUrl", url: null, logged: false, logFailed: false });
      setBusy(false);
      return;
    }
    const verdict = compareStickerUrl(url, { origin, tagId, secure });
    if (!isNotOurUrl(verdict)) {
      setResult({ verdict, url, logged: false, logFailed: false });
      setBusy(false);
      return;
    }
    // One scan, one count: the server compares again and logs "not our URL".
    const answer = await checkStickerAction({ tagId, url: url.slice(0, STICKER_URL_MAX) }).catch(() => null);
    setResult(
      answer?.ok
        ? { verdict: answer.verdict, url, logged: answer.logged, logFailed: false }
        : { verdict, url, logged: false, logFailed: true },
    );
    setBusy(false);
    if (answer?.ok) router.refresh();
  };

  const bad = result !== null && (result.verdict === "other_tag" || result.verdict === "other_address");
  const warn = result?.verdict === "this_tag_unsigned" || result?.verdict === "noUrl";
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("checkHint")}</p>
      <Button type="button" variant="secondary" onClick={check} disabled={busy}>
        {t("checkButton")}
      </Button>
      <div aria-live="polite" className="space-y-2">
        {busy ? <p>{t("checking")}</p> : null}
        {result ? (
          <div
            data-testid="sticker-verdict"
            className={`space-y-1 rounded-lg p-3 text-sm ${
              bad
                ? "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
                : warn
                  ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                  : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            }`}
          >
            <p className="font-medium">{t(`verdict.${result.verdict}`)}</p>
            {result.url !== null ? (
              <p>
                {t("read")} <span className="font-mono break-all">{result.url}</span>
              </p>
            ) : null}
            {result.logged ? <p>{t("logged")}</p> : null}
            {result.logFailed ? <p role="alert">{t("logFailed")}</p> : null}
          </div>
        ) : null}
        {failure ? (
          <p role="alert" data-testid="check-failure" className="text-red-700 dark:text-red-400">
            {t(`failures.${failure}`)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
