import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

// Pure, with no Node or Next.js import: the proxy, route handlers and the
// sign-up default all pick a language from Accept-Language the same way.

type Range = { tag: string; q: number; order: number };

// One range of the header: a language tag ("es-ES", "ca", "*") and its weight.
// A range whose q is malformed or out of 0..1 is ignored rather than guessed at.
function parseRange(part: string, order: number): Range | null {
  const [rawTag, ...params] = part.split(";");
  const tag = rawTag?.trim().toLowerCase() ?? "";
  if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return null;
  let q = 1;
  for (const param of params) {
    const [key, value] = param.split("=").map((s) => s.trim().toLowerCase());
    if (key !== "q") continue;
    if (value === undefined || !/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return null;
    q = Number(value);
  }
  return { tag, q, order };
}

/**
 * The product language an Accept-Language header asks for: the range with the
 * highest q whose primary subtag is one of LOCALES ("es-ES", "es-419" → es;
 * "ca-ES", "ca-ES-valencia" → ca), ties going to the earlier range. A range
 * with q=0 refuses its language. "*" or nothing that matches → English.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  return acceptedLocale(header) ?? DEFAULT_LOCALE;
}

/** As negotiateLocale, but `null` when the header asks for none of LOCALES (a visitor's page then uses the business's). */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 1024)
    .split(",")
    .map((part, index) => parseRange(part, index))
    .filter((range): range is Range => range !== null)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const refused = new Set(ranges.filter((r) => r.q === 0).map((r) => r.tag.split("-")[0]));
  for (const { tag, q } of ranges) {
    if (q === 0) break;
    const primary = tag.split("-")[0];
    if (isLocale(primary) && !refused.has(primary)) return primary;
  }
  return null;
}
