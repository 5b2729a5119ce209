"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { approveHeldVisitAction, rejectHeldVisitAction } from "@/lib/actions/review";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/client-form";

/**
 * Approve or reject one held visit; the queue reloads with the decision. The
 * decision is confirmed in a toast: the reloaded queue no longer holds this
 * visit, so a message beside its buttons would vanish with it.
 */
export function HeldVisitActions({ businessId, heldVisitId }: { businessId: string; heldVisitId: string }) {
  const t = useTranslations("review.queue");
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const decide = (approve: boolean) =>
    startTransition(async () => {
      const input = { businessId, heldVisitId };
      const result = await (approve ? approveHeldVisitAction(input) : rejectHeldVisitAction(input)).catch(() => null);
      if (!result) setMessage(t("failed"));
      else if (!result.ok) setMessage(result.error);
      else {
        toast.success(
          approve ? ("recorded" in result && !result.recorded ? t("approvedNothing") : t("approved")) : t("rejected"),
        );
        router.refresh();
      }
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" disabled={pending || !hydrated} onClick={() => decide(true)}>
        {t("approve")}
      </Button>
      <Button type="button" variant="secondary" disabled={pending || !hydrated} onClick={() => decide(false)}>
        {t("reject")}
      </Button>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}
