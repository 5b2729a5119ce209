import type { Metadata } from "next";
import Link from "next/link";
import { ClaimTagForm } from "@/components/tags/claim-tag-form";
import { buttonClass } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { listOwnerBusinesses } from "@/lib/db/tags";
import { tagIdSchema } from "@/lib/validation/registration";

export const metadata: Metadata = { title: "Claim a tag" };

type Props = { params: Promise<{ id?: string[] }>; searchParams: Promise<{ tagId?: string | string[] }> };

// /dashboard/tag/claim/:id? — the id may also come as ?tagId=, or be typed.
export default async function ClaimTagPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const candidate = id?.[0] ?? (typeof query.tagId === "string" ? query.tagId : undefined);
  const tagId = tagIdSchema.safeParse(candidate).data ?? null;
  const businesses = await listOwnerBusinesses(user.id);
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">Claim a tag</h1>
      {businesses.length === 0 ? (
        <div className="space-y-3">
          <p>Register your business first; the tag is claimed as part of it.</p>
          <Link
            href={tagId ? `/register/business?tap_id=${encodeURIComponent(tagId)}` : "/register/business"}
            className={buttonClass()}
          >
            Register your business
          </Link>
        </div>
      ) : (
        <ClaimTagForm tagId={tagId} businesses={businesses.map(({ id, name }) => ({ id, name }))} />
      )}
    </div>
  );
}
