import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/tags/copy-button";
import { SecureChipForm } from "@/components/tags/secure-chip-form";
import { SecureTagForm } from "@/components/tags/secure-tag-form";
import { SecureTagLog } from "@/components/tags/secure-tag-log";
import { requireUser } from "@/lib/auth/current-user";
import { businessTabHref } from "@/lib/business/page-tabs";
import { getSecureTagSettings } from "@/lib/db/secure-tags";
import { secureTagUrlTemplates } from "@/lib/nfc/verify-tap";
import { siteUrl } from "@/lib/site";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags.secure"))("title"), robots: { index: false } };
}

// NTAG 424 DNA secure tags (SUN): the owner stores the tag's SDM keys, copies
// the URL template to write onto the tag, and watches verified and rejected
// taps. Anyone but the owner gets the 404 of a tag that does not exist.
async function SecureTagPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = tagIdSchema.safeParse(decodeSegment((await params).id));
  if (!id.success) notFound();
  const settings = await getSecureTagSettings(user.id, id.data);
  if (!settings) notFound();
  const templates = secureTagUrlTemplates(siteUrl(), settings.id);
  const t = await getTranslations("tags.secure");
  return (
    <div className="mx-auto max-w-2xl space-y-10">
      <header className="space-y-1">
        <Link
          href={businessTabHref(settings.businessId, "tags")}
          className="text-sm text-brand underline dark:text-indigo-300"
        >
          ← {settings.businessName}
        </Link>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-slate-600 dark:text-slate-300">
          {settings.label ?? t("unnamed")} <span className="font-mono text-sm">({settings.id})</span>
        </p>
        <p
          role="status"
          className={
            settings.secure
              ? "font-medium text-emerald-700 dark:text-emerald-400"
              : "text-slate-600 dark:text-slate-300"
          }
        >
          {settings.secure ? t("on") : t("off")}
        </p>
      </header>

      <Section id="keys-heading" heading={t("keysHeading")} hint={t("keysHint")}>
        <SecureTagForm tagId={settings.id} secure={settings.secure} />
      </Section>

      <Section id="chip-heading" heading={t("chipHeading")} hint={t("chipHint")}>
        <SecureChipForm tagId={settings.id} chipUid={settings.chipUid} />
      </Section>

      <Section id="template-heading" heading={t("templateHeading")} hint={t("templateHint")}>
        <TemplateRow label={t("copyEncrypted")} text={templates.encrypted} />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("plainHint")}</p>
        <TemplateRow label={t("copyPlain")} text={templates.plain} />
      </Section>

      <SecureTagLog settings={settings} />
    </div>
  );
}

/** One step of setting up the tag: a heading, what it is for, then its form or values. */
function Section({ id, heading, hint, children }: { id: string; heading: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>
      {children}
    </section>
  );
}

function TemplateRow({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all dark:bg-slate-800">
        {text}
      </code>
      <CopyButton text={text} label={label} />
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, SecureTagPage);
