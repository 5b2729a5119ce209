import type { Metadata } from "next";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { requireUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { siteUrl } from "@/lib/site";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";

export const metadata: Metadata = { title: "Tag QR" };

// A printable QR of the tag URL, to test the tap without NFC hardware.
export default async function TagQrPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = tagIdSchema.safeParse(decodeSegment((await params).id));
  if (!id.success) notFound();
  const tag = await db.tag.findFirst({
    where: { id: id.data, business: { ownerId: user.id } },
    select: { id: true, label: true, secure: true },
  });
  if (!tag) notFound();
  const url = `${siteUrl()}/tap?id=${encodeURIComponent(tag.id)}`;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 280 });
  return (
    <div className="mx-auto max-w-sm space-y-4 text-center">
      <h1 className="text-2xl font-bold">{tag.label ?? "Tag"} QR</h1>
      <div
        className="mx-auto w-[280px] bg-white p-2"
        role="img"
        aria-label={`QR code for ${url}`}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="font-mono text-sm break-all">{url}</p>
      {tag.secure ? (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          This is a secure tag: a printed link carries no SUN code, so taps from it are refused (&ldquo;This tag could
          not be verified.&rdquo;). Program the tag with the template on its{" "}
          <a className="underline" href={`/dashboard/tag/${encodeURIComponent(tag.id)}/secure`}>
            secure settings
          </a>{" "}
          instead.
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Write this URL on the NFC tag, or print the QR to test taps with a camera.
        </p>
      )}
    </div>
  );
}
