import { NextResponse } from "next/server";
import { createTranslator } from "use-intl/core";
import { readLimited } from "@/lib/http/api";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { clearSessionCookie } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { revokeAllSessions } from "@/lib/auth/sessions";
import { isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import type { KeyTranslator } from "@/lib/i18n/message-key";
import { negotiateLocale } from "@/lib/i18n/negotiate";

const MAX_FORM_BYTES = 8 * 1024;

/**
 * POST /logout (a plain form, so it works without JavaScript): ends every
 * session of the user, clears the session cookie with the attributes it was
 * set with, and goes to the optional same-origin `redirect` field, else home.
 * The language cookie stays: it is this device's last choice, for the pages after.
 * Only a POST signs out: a link or an image on another site cannot.
 */
export async function POST(request: Request) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await getUserFromHeaders(request.headers).catch(() => null);
  if (user) await revokeAllSessions(user.id);
  // A relative Location: the browser stays on the origin it used, behind any proxy.
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: safeRedirectPath(await readRedirectField(request)) ?? "/" },
  });
  clearSessionCookie(response);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** GET /logout signs nobody out; it offers the sign-out button instead, in the visitor's language. */
export async function GET(request: Request) {
  const locale = requestLocale(request);
  const translate = createTranslator({ locale, messages: await loadMessages(locale) }) as unknown as KeyTranslator;
  const t = (key: string) => translate(`auth.logout.${key}`);
  const title = escapeHtml(t("title"));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><form method="post" action="/logout"><button type="submit">${escapeHtml(t("submit"))}</button></form><p><a href="/">${escapeHtml(t("home"))}</a></p></main></body></html>`;
  return new NextResponse(html, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function readRedirectField(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    return new URLSearchParams(await readLimited(request, MAX_FORM_BYTES)).get("redirect");
  } catch {
    return null; // too large or unreadable: no redirect, still signed out
  }
}

// The catalog's texts are plain, but this page is written by hand, not by React.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The person's language cookie, else the browser's (as the pages choose it).
function requestLocale(request: Request): Locale {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return negotiateLocale(request.headers.get("accept-language"));
}
