"use client";

import { useEffect } from "react";
import {
  AUTH_MARKED_EVENT,
  AUTH_STORAGE_KEY,
  needsRevalidation,
  parseStoredAuth,
  type StoredAuth,
} from "@/lib/auth/client-session";

function write(userId: string) {
  const value: StoredAuth = { user: { id: userId }, lastValidated: Date.now() };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
}

/**
 * Records in this browser who is signed in, for the headers of the cached pages
 * (HeaderAccountLink). Mounted on signed-in pages outside the dashboard (the tap),
 * where SessionSync's reloads would be out of place.
 */
export function SessionMark({ userId }: { userId: string }) {
  useEffect(() => {
    try {
      const stored = parseStoredAuth(localStorage.getItem(AUTH_STORAGE_KEY));
      if (!stored || stored.user.id !== userId) {
        write(userId);
        window.dispatchEvent(new Event(AUTH_MARKED_EVENT));
      }
    } catch {
      // storage unavailable: the headers say "Log in"
    }
  }, [userId]);
  return null;
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
      if (
        event.origin === window.location.origin &&
        (event.data as { type?: string } | null)?.type === "OAUTH_SUCCESS"
      ) {
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
 * Signs out with a POST to /logout (a plain form: it works without
 * JavaScript, and no link or image elsewhere can sign anyone out). The server
 * ends every session of the account and redirects to `redirect` (same-origin)
 * or home. With JavaScript the same POST goes through fetch, and the other
 * tabs are told once it is done (they reload and meet the login guard).
 */
export function LogoutButton({
  className,
  children,
  redirect,
}: {
  className?: string;
  children: React.ReactNode;
  redirect?: string;
}) {
  return (
    <form
      method="post"
      action="/logout"
      className="inline"
      onSubmit={async (event) => {
        // With JavaScript: sign out first, then tell the other tabs (were they
        // told first, they could reload while the session still exists).
        event.preventDefault();
        const form = event.currentTarget;
        const body = new URLSearchParams();
        for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
        const response = await fetch(form.action, { method: "POST", body }).catch(() => null);
        if (!response) return form.submit(); // the plain form post, as without JavaScript
        try {
          localStorage.removeItem(AUTH_STORAGE_KEY);
        } catch {
          // storage unavailable: other tabs notice at their next check
        }
        // Where the server's redirect led (it only ever names a page of this site).
        const landed = response.url ? new URL(response.url) : null;
        window.location.assign(
          landed?.origin === window.location.origin ? landed.pathname + landed.search + landed.hash : "/",
        );
      }}
    >
      {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
