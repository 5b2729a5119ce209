"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";
import { AUTH_MARKED_EVENT, AUTH_STORAGE_KEY, parseStoredAuth } from "@/lib/auth/client-session";
import { headerLoginPath } from "@/lib/auth/redirects";

export type HeaderAccountText = { logIn: string; dashboard: string };

// Another tab's sign-in or sign-out (`storage`), or this page's own SessionMark.
function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(AUTH_MARKED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(AUTH_MARKED_EVENT, onChange);
  };
}

function signedInHere(): boolean {
  try {
    return parseStoredAuth(localStorage.getItem(AUTH_STORAGE_KEY)) !== null;
  } catch {
    return false;
  }
}

const noSubscription = () => () => {};

// Read from the browser's location, not the server: the pages that carry the
// header are cached for everyone.
function loginHrefHere(): string | null {
  return headerLoginPath(window.location.pathname, window.location.search);
}

/**
 * The header's "Log in", or "Dashboard" for someone signed in in this browser.
 * Decided in the browser from the tab-sync entry the signed-in pages keep
 * (lib/auth/client-session.ts), never on the server: the pages that carry it
 * (the public card, the visitor's tap page, the static home page) are one
 * cached copy for everyone. The server's HTML says "Log in"; a stale entry
 * only leads to the dashboard's own log-in guard.
 */
export function HeaderAccountLink({
  text,
  loginHref,
  className = "hover:underline",
}: {
  text: HeaderAccountText;
  loginHref?: string;
  className?: string;
}) {
  const signedIn = useSyncExternalStore(subscribe, signedInHere, () => false);
  // Re-rendered on every client-side navigation, so the location below is read afresh.
  usePathname();
  const here = useSyncExternalStore(noSubscription, loginHrefHere, () => null);
  return signedIn ? (
    <Link href="/dashboard" className={className} prefetch={false}>
      {text.dashboard}
    </Link>
  ) : (
    <Link href={loginHref ?? here ?? "/login"} className={className} prefetch={false}>
      {text.logIn}
    </Link>
  );
}
