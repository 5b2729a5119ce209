import "server-only";
import { cache } from "react";
import { getTapLanding } from "@/lib/db/tap-landing";
import { DEFAULT_LOCALE, segmentLocale, type Locale } from "@/lib/i18n/locales";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";

/**
 * The language of the visitor's tap page /tap/visitor/<id>[/<lang>]: the one its URL
 * asks for (the page's language switch), else the tag's business's, else English (a
 * tag with no business, an invalid id, a language we do not serve: the page answers
 * those itself). Reads the cached tag and business entries the page reads anyway.
 */
export const visitorTapLocale = cache(async (segment: string, lang: string[] | undefined): Promise<Locale> => {
  const asked = segmentLocale(lang);
  if (asked) return asked;
  const id = tagIdSchema.safeParse(decodeSegment(segment));
  if (!id.success) return DEFAULT_LOCALE;
  const landing = await getTapLanding(id.data).catch(() => null);
  return landing?.exists && landing.claimed ? landing.business.language : DEFAULT_LOCALE;
});
