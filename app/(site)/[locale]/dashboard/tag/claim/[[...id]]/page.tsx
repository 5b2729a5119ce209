import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActivateBatchForm } from "@/components/tags/activate-batch-form";
import { ClaimTagForm } from "@/components/tags/claim-tag-form";
import { buttonClass } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { locationChoices } from "@/lib/db/locations";
import { listOwnerBusinesses } from "@/lib/db/tags";
import { tagIdSchema } from "@/lib/validation/registration";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags.claim"))("title") };
}

type Props = { params: Promise<{ id?: string[] }>; searchParams: Promise<{ tagId?: string | string[] }> };

// /dashboard/tag/claim/:id? — the id may also come as ?tagId=, or be typed.
async function ClaimTagPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const candidate = id?.[0] ?? (typeof query.tagId === "string" ? query.tagId : undefined);
  const tagId = tagIdSchema.safeParse(candidate).data ?? null;
  const [businesses, t, batch] = await Promise.all([
    listOwnerBusinesses(user.id),
    getTranslations("tags.claim"),
    getTranslations("tags.batch"),
  ]);
  // Where the tag hangs, for a business with more than one open location (docs/locations.md, "Tags").
  const locations = (await locationChoices(businesses.map((b) => b.id))).filter((l) => !l.closed);
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {businesses.length === 0 ? (
        <div className="space-y-3">
          <p>{t("registerFirst")}</p>
          <Link
            href={tagId ? `/register/business?tap_id=${encodeURIComponent(tagId)}` : "/register/business"}
            className={buttonClass()}
          >
            {t("register")}
          </Link>
        </div>
      ) : (
        <>
          <ClaimTagForm
            tagId={tagId}
            businesses={businesses.map(({ id, name }) => ({ id, name }))}
            locations={locations.map(({ id, businessId, name }) => ({ id, businessId, name }))}
          />
          {/* A batch of secure tags the platform made: its one-time code brings all of them in (docs/secure-tags.md). */}
          <section
            aria-labelledby="activate-batch"
            className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800"
          >
            <h2 id="activate-batch" className="text-lg font-semibold">
              {batch("title")}
            </h2>
            <ActivateBatchForm businesses={businesses.map(({ id, name }) => ({ id, name }))} />
          </section>
        </>
      )}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, ClaimTagPage);
