"use client";

import { useTransition } from "react";
import { googleSignInAction } from "@/lib/actions/login";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/client-form";

/** Google sign-in. Rendered only where it is configured (lib/auth `googleEnabled`): a button that cannot work is not offered. */
export function GoogleButton({ redirect, label }: { redirect: string | null; label: string }) {
  const [pending, startTransition] = useTransition();
  // Its action runs from the click handler, which does nothing before hydration.
  const hydrated = useHydrated();
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full"
      disabled={pending || !hydrated}
      onClick={() => {
        startTransition(async () => {
          await googleSignInAction(redirect);
        });
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
        <path
          fill="#EA4335"
          d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
        />
      </svg>
      {label}
    </Button>
  );
}
