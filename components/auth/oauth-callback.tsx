"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { completePendingRegistrationAction } from "@/lib/actions/auth-callback";
import { useMessageText } from "@/components/i18n/use-message-text";
import { PENDING_REGISTRATION_KEY } from "@/lib/auth/pending-registration";
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
  const t = useTranslations("auth");
  const text = useMessageText();
  // Checked here as well as on the server: this is where the browser navigates.
  const redirectTo = safeRedirectPath(requested) ?? "/dashboard";
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string | null) => {
      const shown = text(message || undefined) || t("google.signupFallback");
      setFailed(shown);
      toast.error(t("callback.error"), { description: shown });
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
        toast.success(t("callback.completed"), { description: t("callback.welcome") });
        // Other windows (the one that opened the provider) reload too.
        window.opener?.postMessage({ type: "OAUTH_SUCCESS" }, window.location.origin);
        // A client navigation keeps the toast on screen.
        router.replace(redirectTo);
      })
      .catch(() => fail(null));
  }, [signedIn, redirectTo, error, router, t, text]);

  if (failed) {
    return (
      <div className="space-y-3 text-center">
        <p role="alert" className="text-red-700 dark:text-red-300">
          {failed}
        </p>
        <Link href="/login" className="text-brand underline dark:text-indigo-300">
          {t("callback.backToLogin")}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3" role="status">
      <Spinner />
      <p>{t("callback.finishing")}</p>
    </div>
  );
}
