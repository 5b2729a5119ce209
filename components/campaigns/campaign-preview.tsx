import { useTranslations } from "next-intl";
import type { CampaignPreview as Preview } from "@/lib/campaigns/preview";

/** How the message looks on each channel: the wallet card's line, the notification, the mail. */
export function CampaignPreview({ preview }: { preview: Preview | null }) {
  const t = useTranslations("campaigns.composer");
  if (!preview) return <p className="text-sm text-slate-600 dark:text-slate-300">{t("previewEmpty")}</p>;
  const label = "text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400";
  const box = "rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800";
  return (
    <div className="space-y-3" data-testid="campaign-preview">
      <section aria-label={t("previewWallet")} className="space-y-1">
        <h3 className={label}>{t("previewWallet")}</h3>
        <p className={`${box} break-words`} data-testid="preview-wallet">
          {preview.wallet.text}
        </p>
      </section>
      <section aria-label={t("previewPush")} className="space-y-1">
        <h3 className={label}>{t("previewPush")}</h3>
        <div className={`${box} shadow-sm`} data-testid="preview-push">
          <p className="font-semibold break-words">{preview.push.title}</p>
          <p className="break-words text-slate-700 dark:text-slate-200">{preview.push.body}</p>
        </div>
      </section>
      <section aria-label={t("previewEmail")} className="space-y-1">
        <h3 className={label}>{t("previewEmail")}</h3>
        <div className={box} data-testid="preview-email">
          <p className="break-words">
            <span className="font-medium">{t("subject")}:</span> {preview.email.subject}
          </p>
          <p className="mt-2 break-words whitespace-pre-line text-slate-700 dark:text-slate-200">
            {preview.email.text}
          </p>
        </div>
      </section>
    </div>
  );
}
