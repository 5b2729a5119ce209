import { format } from "date-fns";
import Link from "next/link";
import { TagRowActions } from "@/components/tags/tag-row-actions";
import { buttonClass } from "@/components/ui/button";
import { listBusinessTags } from "@/lib/db/tags";

/** The owner's tags on their business page: label, claimed date, taps, print QR, rename, release. */
export async function BusinessTagsSection({ ownerId, businessId }: { ownerId: string; businessId: string }) {
  const tags = (await listBusinessTags(ownerId, businessId)) ?? [];
  return (
    <section aria-labelledby="tags-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="tags-heading" className="text-lg font-semibold">
          Tags
        </h2>
        <Link href="/dashboard/tag/claim" className={buttonClass("secondary")}>
          Claim a tag
        </Link>
      </div>
      {tags.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          No tags yet. Tap a new tag with your phone, or claim one by its ID.
        </p>
      ) : (
        <ul className="space-y-3">
          {tags.map((tag) => (
            <li
              key={tag.id}
              data-testid={`tag-${tag.id}`}
              className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">
                  {tag.label ?? "Unnamed tag"} <span className="font-mono text-sm text-slate-500">({tag.id})</span>
                  {tag.secure ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">secure</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {tag.tapsToday} today · {tag.tapsTotal} in total
                  {tag.claimedAt ? ` · claimed ${format(tag.claimedAt, "MMM dd, yyyy")}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  href={`/dashboard/tag/${encodeURIComponent(tag.id)}/qr`}
                  className="text-sm text-brand underline dark:text-indigo-300"
                >
                  Print tag QR
                </Link>
                <Link
                  href={`/dashboard/tag/${encodeURIComponent(tag.id)}/secure`}
                  className="text-sm text-brand underline dark:text-indigo-300"
                >
                  Secure tag settings
                </Link>
                <TagRowActions tagId={tag.id} label={tag.label} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
