import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { FirstStepButton } from "@/components/business/first-step-button";
import { requireUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { tagPublicUrl } from "@/lib/nfc/sticker-url";
import { siteUrl } from "@/lib/site";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags.qr"))("title") };
}

// A printable QR of the tag URL, to test the tap without NFC hardware.
export default async function TagQrPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = tagIdSchema.safeParse(decodeSegment((await params).id));
  if (!id.success) notFound();
  const tag = await db.tag.findFirst({
    where: { id: id.data, business: { ownerId: user.id } },
    select: { id: true, label: true, secure: true, business: { select: { tagPreparedAt: true } } },
  });
  if (!tag) notFound();
  const url = tagPublicUrl(siteUrl(), tag.id);
  const t = await getTranslations("tags.qr");
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 280 });
  return (
    <div className="mx-auto max-w-sm space-y-4 text-center">
      <h1 className="text-2xl font-bold break-words">{t("heading", { label: tag.label ?? t("tag") })}</h1>
      <div
        className="mx-auto w-[280px] bg-white p-2"
        role="img"
        aria-label={t("imageLabel", { url })}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="font-mono text-sm break-all">{url}</p>
      {tag.secure ? (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t.rich("secureNote", {
            link: (chunks) => (
              <a className="underline" href={`/dashboard/tag/${encodeURIComponent(tag.id)}/secure`}>
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("hint")}</p>
      )}
      <p>
        <a
          className="text-sm text-brand underline dark:text-indigo-300"
          href={`/dashboard/tag/${encodeURIComponent(tag.id)}/write`}
        >
          {t("writeLink")}
        </a>
      </p>
      {/* A first step (docs/owner-tools.md, "First steps"): only the owner knows the tag is out there. */}
      {tag.business?.tagPreparedAt ? (
        <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="tag-prepared">
          ✓ {t("prepared.marked")}
        </p>
      ) : (
        <FirstStepButton kind="prepared" id={tag.id} label={t("prepared.mark")} done={t("prepared.marked")} />
      )}
    </div>
  );
}
