import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "./locales";
import { loadMessages } from "./messages";
import { negotiateLocale } from "./negotiate";
import { ACCOUNT_ZONE } from "@/lib/time/display-zone";

// The request's language when a page or handler did not name one (docs/i18n.md,
// "Which language a person sees"): the locale the route set (setRequestLocale,
// from its locale segment), then the person's own setting (its cookie), then the
// browser's Accept-Language, then English. Reading the cookie or the headers
// makes the page dynamic, so cached and static pages always name their locale:
// getTranslations({ locale, namespace }) or setRequestLocale(locale) first.
async function requestedLocale(requestLocale: Promise<string | undefined>): Promise<Locale> {
  const fromRoute = await requestLocale;
  if (isLocale(fromRoute)) return fromRoute;
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return negotiateLocale((await headers()).get("accept-language"));
}

// next-intl's request configuration (next.config.ts points its plugin here).
// `params.requestLocale` is a getter that reads the request's headers: it is
// touched only when no locale was named, never destructured, or a static page
// that named its locale would turn dynamic (a 500 at run time).
export default getRequestConfig(async (params) => {
  const { locale } = params;
  const resolved = isLocale(locale)
    ? locale
    : locale === undefined
      ? await requestedLocale(params.requestLocale)
      : DEFAULT_LOCALE;
  // next-intl's own date formatting (useFormatter, getFormatter, `{at, date}` in a
  // message) would otherwise run on the server's clock and the browser's: it runs
  // on UTC's, and a business's page passes its zone (docs/i18n.md, "Time zones").
  return { locale: resolved, messages: await loadMessages(resolved), timeZone: ACCOUNT_ZONE };
});
