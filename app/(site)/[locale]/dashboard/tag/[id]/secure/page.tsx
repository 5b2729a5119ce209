import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyButton } from "@/components/tags/copy-button";
import { SecureChipForm } from "@/components/tags/secure-chip-form";
import { SecureTagForm } from "@/components/tags/secure-tag-form";
import { SecureTagLog } from "@/components/tags/secure-tag-log";
import { requireUser } from "@/lib/auth/current-user";
import { getSecureTagSettings } from "@/lib/db/secure-tags";
import { secureTagUrlTemplates } from "@/lib/nfc/verify-tap";
import { siteUrl } from "@/lib/site";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";

export const metadata: Metadata = { title: "Secure tag settings", robots: { index: false } };

// NTAG 424 DNA secure tags (SUN): the owner stores the tag's SDM keys, copies
// the URL template to write onto the tag, and watches verified and rejected
// taps. Anyone but the owner gets the 404 of a tag that does not exist.
export default async function SecureTagPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = tagIdSchema.safeParse(decodeSegment((await params).id));
  if (!id.success) notFound();
  const settings = await getSecureTagSettings(user.id, id.data);
  if (!settings) notFound();
  const templates = secureTagUrlTemplates(siteUrl(), settings.id);
  return (
    <div className="mx-auto max-w-2xl space-y-10">
      <header className="space-y-1">
        <Link
          href={`/dashboard/business/${settings.businessId}`}
          className="text-sm text-brand underline dark:text-indigo-300"
        >
          ← {settings.businessName}
        </Link>
        <h1 className="text-2xl font-bold">Secure tag settings</h1>
        <p className="text-slate-600 dark:text-slate-300">
          {settings.label ?? "Unnamed tag"} <span className="font-mono text-sm">({settings.id})</span>
        </p>
        <p
          role="status"
          className={
            settings.secure
              ? "font-medium text-emerald-700 dark:text-emerald-400"
              : "text-slate-600 dark:text-slate-300"
          }
        >
          {settings.secure
            ? "Secure verification is on: only a genuine, fresh tap of this tag records a visit."
            : "Secure verification is off: anyone with the tag's URL can record a visit."}
        </p>
      </header>

      <section aria-labelledby="keys-heading" className="space-y-3">
        <h2 id="keys-heading" className="text-lg font-semibold">
          Tag keys
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          For NXP NTAG 424 DNA tags with Secure Unique NFC (SDM) enabled: every tap adds the encrypted tag UID, a read
          counter and a CMAC to the URL, so a copied or shared link earns nothing. Enter the two AES-128 keys you
          configured on the tag.
        </p>
        <SecureTagForm tagId={settings.id} secure={settings.secure} />
      </section>

      <section aria-labelledby="chip-heading" className="space-y-3">
        <h2 id="chip-heading" className="text-lg font-semibold">
          Chip
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A secure tag is bound to one chip: a link from any other chip is refused, even one written with the same keys.
          Replacing the chip? Pin the new chip&apos;s UID (or clear the pin and tap it once). Every chip&apos;s used
          links stay used.
        </p>
        <SecureChipForm tagId={settings.id} chipUid={settings.chipUid} />
      </section>

      <section aria-labelledby="template-heading" className="space-y-3">
        <h2 id="template-heading" className="text-lg font-semibold">
          URL to write onto the tag
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Write it as the tag&apos;s NDEF URL and point the SDM mirrors at the placeholders (the MAC input offset equal
          to the MAC offset). Encrypted PICCData (recommended):
        </p>
        <TemplateRow label="Copy the encrypted PICCData URL template" text={templates.encrypted} />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Or with the UID and counter mirrored in plain text:
        </p>
        <TemplateRow label="Copy the plain UID URL template" text={templates.plain} />
      </section>

      <SecureTagLog settings={settings} />
    </div>
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
