"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { setUserDisabledAction } from "@/app/admin/users/[id]/actions";
import { Button } from "@/components/ui/button";

export function DisableUserButton({ userId, disabled }: { userId: string; disabled: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      setError(null);
      const result = await setUserDisabledAction({ userId, disabled: !disabled }).catch(() => ({ ok: false as const, error: "Please try again." }));
      if (!result.ok) return setError(result.error);
      toast.success(result.disabled ? "Account disabled" : "Account enabled");
      router.refresh();
    });
  return (
    <div className="space-y-2">
      <Button type="button" variant={disabled ? "primary" : "secondary"} disabled={pending} onClick={toggle}>
        {disabled ? "Enable account" : "Disable account"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
