"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { buttonClass } from "@/components/ui/button";

/** The button's words and its toasts, in the page's language (tap.claim in the catalog). */
export type ClaimTagText = { button: string; noTagId: string; failed: string };

const ENGLISH: ClaimTagText = {
  button: "Claim Tag",
  noTagId: "Tag ID not found",
  failed: "Error processing claim request",
};

/**
 * Claim: signed in → the claim form; otherwise the business registration wizard.
 * A plain GET form, so a tap on a slow phone works before the page is
 * interactive; once it is, the same submit navigates without a full load.
 * Its words come from the page (`text`), so it needs no message provider, even on a cached page.
 */
export function ClaimTagButton({
  tagId,
  signedIn,
  text = ENGLISH,
}: {
  tagId: string | null;
  signedIn: boolean;
  text?: ClaimTagText;
}) {
  const router = useRouter();
  const className = buttonClass("primary", "w-full");
  if (!tagId) {
    return (
      <button type="button" className={className} onClick={() => toast.error(text.noTagId)}>
        {text.button}
      </button>
    );
  }
  const id = encodeURIComponent(tagId);
  const target = signedIn
    ? { action: `/dashboard/tag/claim/${id}`, field: "tagId", href: `/dashboard/tag/claim/${id}?tagId=${id}` }
    : { action: "/claim/register", field: "tap_id", href: `/claim/register?tap_id=${id}` };
  return (
    <form
      method="get"
      action={target.action}
      onSubmit={(event) => {
        event.preventDefault();
        try {
          router.push(target.href);
        } catch {
          toast.error(text.failed);
        }
      }}
    >
      <input type="hidden" name={target.field} value={tagId} />
      <button type="submit" className={className}>
        {text.button}
      </button>
    </form>
  );
}
