"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { syncLocaleCookieAction } from "@/lib/actions/settings";

/**
 * Rendered by the dashboard layout only when the account's language differs
 * from the request's: sets the locale cookie again from the database and
 * renders the page again, once per mount (a browser that refuses the cookie
 * keeps the page as it is rather than refreshing forever).
 */
export function LocaleCookieSync() {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void syncLocaleCookieAction().then(
      (result) => {
        if (result.ok) router.refresh();
      },
      () => undefined,
    );
  }, [router]);
  return null;
}
