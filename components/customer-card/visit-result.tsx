"use client";

import { useTranslations } from "next-intl";
import type { QrVisitSummary } from "@/lib/db/qr";
import { translateMessage } from "@/lib/i18n/message";
import { useKeyTranslator } from "@/components/i18n/use-key-translator";

/** What a visit recorded at the counter did: each program's line and any reward earned. */
export function VisitResult({ visit }: { visit: QrVisitSummary }) {
  const t = useTranslations("qr.owner");
  // The engine's lines are `programs` keys; the page gives this island that namespace too.
  const lines = useKeyTranslator();
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg bg-emerald-50 p-4 text-left text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <p className="font-semibold">{t("visitRecorded", { business: visit.businessName })}</p>
      {visit.programs.length === 0 ? (
        <p>{t("noPrograms", { business: visit.businessName })}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {visit.programs.map((p) => (
            <li key={p.name}>
              <span className="font-medium">{p.name}:</span> {translateMessage(lines, p.line)}
            </li>
          ))}
        </ul>
      )}
      {visit.rewards.map((r) => (
        <p key={r.code} className="font-semibold">
          {t("rewardEarned", { name: r.name, code: r.code })}
        </p>
      ))}
    </div>
  );
}
