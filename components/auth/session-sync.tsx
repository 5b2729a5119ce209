"use client";

import { useEffect } from "react";
import { AUTH_STORAGE_KEY, needsRevalidation, parseStoredAuth, type StoredAuth } from "@/lib/auth/client-session";

function write(userId: string) {
  const value: StoredAuth = { user: { id: userId }, lastValidated: Date.now() };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
}

/** Mounted in signed-in areas: follows other tabs and re-validates the session every 15 minutes. */
export function SessionSync({ userId }: { userId: string }) {
  useEffect(() => {
    const stored = parseStoredAuth(localStorage.getItem(AUTH_STORAGE_KEY));
    if (!stored || stored.user.id !== userId) write(userId);

    const revalidate = async () => {
      if (!needsRevalidation(parseStoredAuth(localStorage.getItem(AUTH_STORAGE_KEY)), Date.now())) return;
      const response = await fetch("/api/auth/me", { cache: "no-store" }).catch(() => null);
      if (!response) return console.warn("Failed to fetch user"); // offline: try again later
      const body = (await response.json().catch(() => null)) as { user?: { id?: unknown } } | null;
      if (response.ok && body?.user?.id === userId) return write(userId);
      console.warn(response.ok ? "Invalid user data received" : "Failed to fetch user");
      if (response.ok || response.status === 401) {
        // The session is gone (expired, disabled, signed out elsewhere): clear and let the guard decide.
        localStorage.removeItem(AUTH_STORAGE_KEY);
        window.location.reload();
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const next = parseStoredAuth(event.newValue);
      // Signed out, or another account signed in, in another tab.
      if (!next || next.user.id !== userId) window.location.reload();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && (event.data as { type?: string } | null)?.type === "OAUTH_SUCCESS") {
        window.location.reload();
      }
    };
    const onVisible = () => document.visibilityState === "visible" && void revalidate();
    window.addEventListener("storage", onStorage);
    window.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => void revalidate(), 60_000);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [userId]);
  return null;
}

/**
 * Signs out: clears the session on the server first, then tells the other tabs
 * (they reload and meet the login guard). Without JavaScript the link itself
 * signs out through /logout.
 */
export function LogoutLink({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <a
      href="/logout"
      className={className}
      onClick={async (event) => {
        event.preventDefault();
        await fetch("/api/auth/logout", { method: "POST" }).catch(() => null);
        try {
          localStorage.removeItem(AUTH_STORAGE_KEY);
        } catch {
          // storage unavailable: other tabs notice at their next check
        }
        window.location.assign("/");
      }}
    >
      {children}
    </a>
  );
}
