import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { adminDay } from "@/components/admin/admin-dates";
import { requestLocale } from "@/components/admin/admin-locale";
import { TagBatchDownloads } from "@/components/admin/tag-batch-downloads";
import { TagBatchForm } from "@/components/admin/tag-batch-form";
import { Card } from "@/components/ui/card";
import { listTagBatches } from "@/lib/db/tag-batches";
import { requireAdmin } from "../require-admin";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.batches"))("title") };
}

// Batches of secure tags (docs/secure-tags.md, "Batches"): the admin makes one,
// sees its activation code once, and downloads its CSV and, once, its key sheet.
export default async function AdminTagBatchesPage() {
  await requireAdmin();
  const [batches, t, locale] = await Promise.all([listTagBatches(), getTranslations("admin.batches"), requestLocale()]);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </header>
      <section aria-labelledby="new-batch" className="space-y-3">
        <h2 id="new-batch" className="text-lg font-semibold">
          {t("newHeading")}
        </h2>
        <TagBatchForm />
      </section>
      <section aria-labelledby="batches" className="space-y-3">
        <h2 id="batches" className="text-lg font-semibold">
          {t("listHeading")}
        </h2>
        {batches.length === 0 ? <p>{t("empty")}</p> : null}
        <ul className="space-y-3">
          {batches.map((batch) => (
            <li key={batch.id}>
              <Card className="space-y-2 p-4" data-testid={`batch-${batch.id}`}>
                <p className="font-medium">{batch.label}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("summary", {
                    size: batch.size,
                    purpose: t(`purposes.${batch.purpose}`),
                    date: adminDay(batch.createdAt, locale),
                  })}
                </p>
                <p className="text-sm">
                  {batch.claimedAt
                    ? t("claimedBy", { business: batch.businessName ?? "—", date: adminDay(batch.claimedAt, locale) })
                    : t("notClaimed")}
                </p>
                <TagBatchDownloads batchId={batch.id} keysTaken={batch.keysDownloadedAt !== null} />
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
