import { NextResponse } from "next/server";
import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { getSessionIdentityFromHeaders, getUserFromHeaders } from "@/lib/auth/current-user";
import { waitValues } from "@/lib/auth/failure-messages";
import { startGuestCard, startSignedIn } from "@/lib/auth/guest-card";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { requestNow } from "@/lib/clock";
import { readLimited } from "@/lib/http/api";
import { allowedOrigins, refuseCrossSite } from "@/lib/http/same-origin";
import { isLocale, LOCALES, type Locale } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { translateMessage } from "@/lib/i18n/message";
import { escapeHtml } from "@/lib/mail/layout";
import { pickSunParams, sunQueryOf } from "@/lib/nfc/verify-tap";
import type { TapRecordResult } from "@/lib/tap/record";
import { tapRequestSchema } from "@/lib/validation/tap";

const MAX_FORM_BYTES = 4 * 1024;

/** The form of "Start my card": the tag, a secure tag's SUN parameters, the page's language. */
const startSchema = tapRequestSchema.extend({ lang: z.enum(LOCALES).optional() });

/**
 * POST /tap/start — "Start my card" on the tag page (docs/authentication.md,
 * "Guests"), a plain form that works without JavaScript:
 *  - 303 to /tap?id=<id>&visit=<key>, the visit's answer (a new guest gets its
 *    session cookie here; someone already signed in gets an ordinary visit);
 *  - 400 bad input, 403 another site's post or guest cards off at this
 *    business, 429 too many cards from this address (Retry-After), or the
 *    visit's own refusal (404 unclaimed tag, 403 an unverified secure link):
 *    a small page in the visitor's language with a link back to the tag.
 *    Nothing is created then.
 */
export async function POST(request: Request) {
  const refused = refuseCrossSite(request) ?? refuseOtherOrigin(request);
  if (refused) return refused;
  const form = await readForm(request);
  const parsed = form ? startSchema.safeParse(form) : null;
  const locale = pageLocale(form?.lang, request);
  if (!parsed?.success) return errorPage(locale, 400, "tap.guest.invalid", null);
  const { id: tagId, lang } = parsed.data;
  const sun = pickSunParams(parsed.data);
  const now = requestNow(request.headers);

  // Already signed in (a second tab, the form sent again after the first answer): an ordinary visit.
  const identity = await getSessionIdentityFromHeaders(request.headers);
  if (identity && (await getUserFromHeaders(request.headers))) {
    const { key } = await startSignedIn(identity, tagId, sun, now);
    return seeVisit(tagId, key);
  }

  const started = await startGuestCard({
    tagId,
    sun,
    language: lang ?? locale,
    ip: clientIp(request.headers),
    now,
  });
  if (!started.ok) {
    if (started.reason === "guest_cards_off") return errorPage(locale, 403, "tap.guest.off", tagId);
    if (started.reason === "too_many") {
      const response = await errorPage(locale, 429, "tap.guest.tooMany", tagId, waitValues(started.retryAfter));
      response.headers.set("Retry-After", String(started.retryAfter));
      return response;
    }
    return visitRefusedPage(locale, started.result, tagId, sunQueryOf(sun));
  }
  const response = seeVisit(tagId, started.key);
  await setSignInCookies(response.cookies, started.guest);
  return response;
}

/** A form post from another site has an Origin that is not ours (cookies or not): refused. */
function refuseOtherOrigin(request: Request): NextResponse | null {
  const origin = request.headers.get("origin");
  if (!origin || allowedOrigins(request).has(origin)) return null;
  return NextResponse.json(
    { status: "error", code: "cross_site_request", message: "Cross-site requests are not allowed." },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

async function readForm(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    const fields = new URLSearchParams(await readLimited(request, MAX_FORM_BYTES));
    // One value per field: a repeated one is refused like any other malformed form.
    const out: Record<string, string> = {};
    for (const [name, value] of fields) {
      if (name in out) return null;
      out[name] = value;
    }
    return out;
  } catch {
    return null;
  }
}

function pageLocale(lang: string | undefined, request: Request): Locale {
  return isLocale(lang) ? lang : negotiateLocale(request.headers.get("accept-language"));
}

/** The tap page shows the stored answer for (this session's user, key): a reload records nothing. */
function seeVisit(tagId: string, key: string): NextResponse {
  const location = `/tap?id=${encodeURIComponent(tagId)}&visit=${encodeURIComponent(key)}`;
  return new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

async function visitRefusedPage(locale: Locale, result: TapRecordResult, tagId: string, sunQuery: string) {
  const t = await getKeyTranslator(locale);
  const code = "code" in result.body ? result.body.code : "";
  const key = `tap.result.codes.${code}`;
  // Closed for the season: the answer's own words, with the business and the day it reopens.
  const message =
    code === "business_closed"
      ? translateMessage(t, result.body.message)
      : t.has(key)
        ? t(key)
        : t("tap.guest.invalid");
  return htmlPage(locale, result.httpStatus, message, tagId, sunQuery);
}

async function errorPage(
  locale: Locale,
  status: number,
  key: string,
  tagId: string | null,
  values?: Record<string, string | number>,
) {
  const t = await getKeyTranslator(locale);
  return htmlPage(locale, status, t(key, values), tagId, "");
}

async function htmlPage(locale: Locale, status: number, message: string, tagId: string | null, sunQuery: string) {
  const t = await getKeyTranslator(locale);
  const back = tagId
    ? `<p><a href="${escapeHtml(`/tap?id=${encodeURIComponent(tagId)}${sunQuery ? `&${sunQuery}` : ""}&lang=${locale}`)}">${escapeHtml(t("tap.guest.back"))}</a></p>`
    : "";
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t("tap.guest.errorTitle"))}</title></head>` +
    `<body><main><h1>${escapeHtml(t("tap.guest.errorTitle"))}</h1><p role="alert">${escapeHtml(message)}</p>${back}</main></body></html>`;
  return new NextResponse(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
