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
 * Claim click: signed in → claim route; otherwise the business registration wizard.
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
  return (
    <button
      type="button"
      className={buttonClass("primary", "w-full")}
      onClick={() => {
        if (!tagId) {
          toast.error(text.noTagId);
          return;
        }
        const id = encodeURIComponent(tagId);
        try {
          router.push(signedIn ? `/dashboard/tag/claim/${id}?tagId=${id}` : `/claim/register?tap_id=${id}`);
        } catch {
          toast.error(text.failed);
        }
      }}
    >
      {text.button}
    </button>
  );
}
