"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";

export const TAP_FLAG_REDIRECT_MS = 800;

/** Redirect flags: show the overlay, then go on after 800 ms. */
export function RedirectOverlay({ to, message }: { to: string; message: string }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setTimeout(() => router.push(to), TAP_FLAG_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [router, to]);
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-white/90 p-6 text-center dark:bg-slate-950/90"
    >
      <Spinner />
      <p className="text-lg font-medium">{message}</p>
    </div>
  );
}
