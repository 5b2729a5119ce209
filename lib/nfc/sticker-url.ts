import type { SunParameterName } from "@/lib/nfc/sun-parameters";

// A tag's public address (what its QR encodes and what a sticker carries) and
// the check of an address read from a sticker against it. Pure: the QR page,
// the write page, the "Check a sticker" result and the server action that
// logs a sticker with another address all decide the same way
// (docs/tags.md, "Writing a tag from a phone").

/** The longest sticker address the check accepts: far above any NTAG's capacity (NTAG216: 888 bytes). */
export const STICKER_URL_MAX = 2048;

/** The tag's public URL, exactly as its QR encodes it and a plain sticker carries it. */
export function tagPublicUrl(origin: string, tagId: string): string {
  return `${origin.replace(/\/+$/, "")}/tap?id=${encodeURIComponent(tagId)}`;
}

/**
 * What an address read from a sticker says about this tag:
 * - `this_tag`: this tag's address (a plain tag, or any SUN parameters a plain tag ignores);
 * - `this_tag_signed`: a secure tag's address with its SUN message;
 * - `this_tag_unsigned`: a secure tag's address without a SUN message — taps from it are refused;
 * - `other_tag`: this site's tap address for another tag (an old or another tag id, or none);
 * - `other_address`: any other address (another site, scheme, port or path), or no valid URL.
 */
export type StickerVerdict = "this_tag" | "this_tag_signed" | "this_tag_unsigned" | "other_tag" | "other_address";

/** The verdicts logged as "not our URL" in the tag's verification log. */
export function isNotOurUrl(verdict: StickerVerdict): boolean {
  return verdict === "other_tag" || verdict === "other_address";
}

/**
 * Compares an address read from a sticker with the tag's public URL.
 *
 * Same origin: scheme, host and port as the site's (host case and a default
 * port do not matter; `http` for an `https` site is another address). Path
 * `/tap`, a trailing slash forgiven (the site redirects it), case kept (`/TAP`
 * is no page). Exactly one `id`, equal to the tag's id in its own case (tag ids
 * are case-sensitive). Other query parameters and a fragment are ignored, as
 * the tap page ignores them; for a secure tag, a complete SUN message decides
 * signed or unsigned (whether it verifies is the tap's business, not this check's).
 */
export function compareStickerUrl(
  scanned: string,
  tag: { origin: string; tagId: string; secure: boolean },
): StickerVerdict {
  const url = parseHttpUrl(scanned.trim());
  const ours = parseHttpUrl(tag.origin);
  if (!url || !ours || url.origin !== ours.origin) return "other_address";
  if (url.pathname !== "/tap" && url.pathname !== "/tap/") return "other_address";
  const ids = url.searchParams.getAll("id");
  if (ids.length !== 1 || ids[0] !== tag.tagId) return "other_tag";
  if (!tag.secure) return "this_tag";
  return hasSunMessage(url.searchParams) ? "this_tag_signed" : "this_tag_unsigned";
}

/** A complete SUN message, in either layout the tap checks (lib/nfc/verify-tap.ts): `picc_data` + `cmac`, or `uid` + `ctr` + `cmac`. */
function hasSunMessage(query: URLSearchParams): boolean {
  const has = (name: SunParameterName) => Boolean(query.get(name));
  return has("cmac") && (has("picc_data") || (has("uid") && has("ctr")));
}

function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
