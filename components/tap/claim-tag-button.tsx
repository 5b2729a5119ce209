"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { buttonClass } from "@/components/ui/button";

/** Claim click: signed in → claim route; otherwise the business registration wizard. */
export function ClaimTagButton({ tagId, signedIn }: { tagId: string | null; signedIn: boolean }) {
  const router = useRouter();
  return (
    <button
      type="button"
      className={buttonClass("primary", "w-full")}
      onClick={() => {
        if (!tagId) {
          toast.error("Tag ID not found");
          return;
        }
        const id = encodeURIComponent(tagId);
        try {
          router.push(signedIn ? `/dashboard/tag/claim/${id}?tagId=${id}` : `/claim/register?tap_id=${id}`);
        } catch {
          toast.error("Error processing claim request");
        }
      }}
    >
      Claim Tag
    </button>
  );
}
