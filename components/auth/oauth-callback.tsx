"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { completePendingRegistrationAction } from "@/app/(site)/[locale]/auth/callback/actions";
import { GOOGLE_SIGNUP_FALLBACK, PENDING_REGISTRATION_KEY } from "@/lib/auth/pending-registration";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { Spinner } from "@/components/ui/spinner";

function readPending(): unknown {
  try {
    const raw = localStorage.getItem(PENDING_REGISTRATION_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function OAuthCallback({
  signedIn,
  redirectTo: requested,
  error,
}: {
  signedIn: boolean;
  redirectTo: string;
  error: string | null;
}) {
  const router = useRouter();
  // Checked here as well as on the server: this is where the browser navigates.
  const redirectTo = safeRedirectPath(requested) ?? "/dashboard";
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string | null) => {
      setFailed(message || GOOGLE_SIGNUP_FALLBACK);
      toast.error("Error", { description: message || GOOGLE_SIGNUP_FALLBACK });
    };
    if (!signedIn || error) {
      fail(error);
      return;
    }
    const pending = readPending();
    if (!pending) {
      window.location.replace(redirectTo);
      return;
    }
    completePendingRegistrationAction(pending)
      .then((result) => {
        if (!result.ok) return fail(result.error);
        localStorage.removeItem(PENDING_REGISTRATION_KEY);
        toast.success("Registration completed successfully!", {
          description: "Welcome to your new business dashboard",
        });
        // Other windows (the one that opened the provider) reload too.
        window.opener?.postMessage({ type: "OAUTH_SUCCESS" }, window.location.origin);
        // A client navigation keeps the toast on screen.
        router.replace(redirectTo);
      })
      .catch(() => fail(null));
  }, [signedIn, redirectTo, error, router]);

  if (failed) {
    return (
      <div className="space-y-3 text-center">
        <p role="alert" className="text-red-700 dark:text-red-300">
          {failed}
        </p>
        <a href="/login" className="text-brand underline dark:text-indigo-300">
          Back to log in
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3" role="status">
      <Spinner />
      <p>Finishing sign-in…</p>
    </div>
  );
}
