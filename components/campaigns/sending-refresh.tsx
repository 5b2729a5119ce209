"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** While a campaign is going out, the page's numbers are read again every few seconds. */
export function SendingRefresh({ everyMs = 3000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
