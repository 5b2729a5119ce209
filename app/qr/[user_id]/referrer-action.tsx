"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { addReferrerAction } from "./actions";

/** 'Add <name> as your referrer': once, within 30 days of signing up (checked again on the server). */
export function ReferrerAction({ referrerId, referrerName }: { referrerId: string; referrerName: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const add = () =>
    startTransition(async () => {
      const result = await addReferrerAction({ referrerId }).catch(() => ({ ok: false as const, error: "Something went wrong. Please try again." }));
      if (!result.ok) return setError(result.error);
      toast.success(`${referrerName} is now your referrer.`);
      router.refresh();
    });
  return (
    <div className="space-y-3">
      <Button type="button" disabled={pending} onClick={add}>
        Add {referrerName} as your referrer
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
