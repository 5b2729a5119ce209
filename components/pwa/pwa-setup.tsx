"use client";

import { useEffect } from "react";
import { InstallBanner } from "@/components/pwa/install-banner";

/**
 * Registers the service worker (public/sw.js) and mounts the install banner.
 * Safe to mount anywhere, once per page (the dashboard layout does; the root
 * layout may instead).
 */
export function PwaSetup() {
  useEffect(() => {
    // In development the worker's cache would serve stale hot-reloaded chunks.
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("Service worker registration failed", error);
    });
  }, []);
  return <InstallBanner />;
}
