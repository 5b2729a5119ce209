import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/tags/copy-button";
import { NfcWriter } from "@/components/tags/nfc-writer";
import { SecureTagLog } from "@/components/tags/secure-tag-log";
import { StickerCheck } from "@/components/tags/sticker-check";
import { requireUser } from "@/lib/auth/current-user";
import { businessTabHref } from "@/lib/business/page-tabs";
import { getSecureTagSettings } from "@/lib/db/secure-tags";
import { tagPublicUrl } from "@/lib/nfc/sticker-url";
import { siteUrl } from "@/lib/site";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags.write"))("title"), robots: { index: false } };
}

// Writing a tag's address onto an NFC sticker from the owner's phone (Web
// NFC), checking a sticker, and the tag's verification log (docs/tags.md,
// "Writing a tag from a phone"). Tags are the owner's to manage, as on the QR
// and secure pages: anyone else gets the 404 of a tag that does not exist.
async function TagWritePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = tagIdSchema.safeParse(decodeSegment((await params).id));
  if (!id.success) notFound();
  const settings = await getSecureTagSettings(user.id, id.data);
  if (!settings) notFound();
  const origin = siteUrl();
  const url = tagPublicUrl(origin, settings.id);
  const tagPath = `/dashboard/tag/${encodeURIComponent(settings.id)}`;
  const t = await getTranslations("tags.write");
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
      </header>

      <Section id="url-heading" heading={t("urlHeading")}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("urlHint")}</p>
        <div className="flex items-center gap-2">
          <code
            data-testid="tag-url"
            className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all dark:bg-slate-800"
          >
            {url}
          </code>
          <CopyButton text={url} label={t("copyUrl")} />
        </div>
        <Link href={`${tagPath}/qr`} className="text-sm text-brand underline dark:text-indigo-300">
          {t("printQr")}
        </Link>
      </Section>

      {settings.secure ? (
        // A secure sticker carries the SUN template, set up by an encoder: a phone writing the plain URL would break it.
        <Section id="write-heading" heading={t("secureHeading")}>
          <p
            role="note"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {t.rich("secureNote", {
              link: (chunks) => (
                <Link className="underline" href={`${tagPath}/secure`}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </Section>
      ) : (
        <Section id="write-heading" heading={t("writeHeading")}>
          <NfcWriter url={url} />
        </Section>
      )}

      <Section id="check-heading" heading={t("checkHeading")}>
        <StickerCheck tagId={settings.id} origin={origin} secure={settings.secure} />
      </Section>

      <SecureTagLog settings={settings} />
    </div>
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, TagWritePage);
