// Building an Intl.DateTimeFormat costs a hundred times more than using one
// (a customer's wallet of 50 businesses asks for 100 zone-aware dates per
// page): each locale × options pair is built once and kept. The keys come
// from the code's own option sets and the stored (validated) zones, so the map
// stays small; a bound keeps a stray caller from growing it without end.
const MAX_FORMATS = 2000;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `new Intl.DateTimeFormat(locale, options)`, built once per pair. Throws the
 * constructor's RangeError for a time zone the runtime does not know (never
 * cached, so callers handle it as they would the constructor's).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, found);
  }
  return found;
}
