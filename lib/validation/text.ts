import { z } from "zod";
// Installs the catalog fallback for zod's own messages wherever a schema is built.
import "@/lib/validation/issue-messages";

// Shared building blocks for every text and id a user, a URL or an action
// argument can send us. PostgreSQL refuses NUL in text (error 22021, a 500 if
// it gets that far), and no field of ours has a use for other control
// characters, so they are refused here with a message, once, for every schema.
// Passwords are the exception: they are hashed, never stored as text.
// The messages are keys of the `validation` catalog (messages/<locale>/validation.json),
// translated where they are shown: the action builder, the API, useMessageText.

export const CONTROL_CHARACTER_MESSAGE = "validation.controlCharacters";
export const MULTI_LINE_CONTROL_MESSAGE = "validation.multiLineControlCharacters";
export const ID_MESSAGE = "validation.invalidId";
export const HTTP_URL_MESSAGE = "validation.httpUrl";
export const MAX_ID_LENGTH = 128;
export const MAX_URL_LENGTH = 2048;

// C0 controls, DEL and C1 controls.
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// The same, but tab, line feed and carriage return are allowed.
const CONTROL_BESIDE_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Ids (uuids, tag ids) and slugs: unreserved URL characters only.
const ID_CHARACTERS = /^[A-Za-z0-9._~-]+$/;

type StringParams = Parameters<typeof z.string>[0];

export function hasNoControlCharacters(value: string): boolean {
  return !ANY_CONTROL.test(value);
}

export function hasNoControlCharactersBesideLineBreaks(value: string): boolean {
  return !CONTROL_BESIDE_LINE_BREAKS.test(value);
}

/**
 * A one-line text (names, labels, phone numbers, search queries, keywords):
 * no control characters at all, tab and line breaks included. Chain
 * `.trim().min().max()` as needed.
 */
export function singleLineText(params?: StringParams) {
  return z.string(params).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE);
}

// A name that mails show in their subject (business and reward names): it
// must not carry a link or an address a reader could follow. Refused: '@',
// '://', 'www.', and a dot joining a letter or digit to two or more letters
// with no space between (example.com, evil.test). Names such as "Café
// Central", "2x1 coffee", "Mr. Bean's" or "S.L." pass. Compared after NFKC, so
// full-width look-alikes ('＠', '．') count too.
export const NAME_WITH_LINK_MESSAGE = "validation.nameWithLink";
const LINK_LIKE = /@|:\/\/|www\.|[\p{L}\p{N}]\.\p{L}{2}/iu;

export function hasNoLinkOrAddress(value: string): boolean {
  return !LINK_LIKE.test(value.normalize("NFKC"));
}

/** A one-line name that may appear in a mail's subject: no link or address (hasNoLinkOrAddress). */
export function mailSafeName(params?: StringParams) {
  return singleLineText(params).refine(hasNoLinkOrAddress, NAME_WITH_LINK_MESSAGE);
}

/** A text that may span lines (descriptions): tab, CR and LF allowed, other controls refused. */
export function multiLineText(params?: StringParams) {
  return z.string(params).refine(hasNoControlCharactersBesideLineBreaks, MULTI_LINE_CONTROL_MESSAGE);
}

/**
 * An id or slug from a URL segment, a query, a form or an action argument
 * before it reaches the database: 1–128 unreserved URL characters
 * (letters, digits, '-', '_', '.', '~'). Anything else is not an id we issued.
 */
export function idString(message: string = ID_MESSAGE) {
  return z.string({ error: message }).min(1, message).max(MAX_ID_LENGTH, message).regex(ID_CHARACTERS, message);
}

/** True for an absolute http: or https: URL without control characters. */
export function isHttpUrl(value: string): boolean {
  // The URL parser silently drops tabs and newlines; we refuse them instead.
  if (!hasNoControlCharacters(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A link we store and render (website, social links, logo): http(s) only, so
 * a `javascript:`, `data:` or `vbscript:` link is refused, never stored.
 */
export function httpUrl(message: string = HTTP_URL_MESSAGE) {
  return singleLineText().trim().max(MAX_URL_LENGTH, message).refine(isHttpUrl, message);
}

/** The same, where "" means "not set". */
export function optionalHttpUrl(message: string = HTTP_URL_MESSAGE) {
  return singleLineText()
    .trim()
    .max(MAX_URL_LENGTH, message)
    .refine((value) => value === "" || isHttpUrl(value), message);
}

// A scheme at the start: "https:", "mailto:", "javascript:".
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A website as people type it: "fornqa.cat" or "www.fornqa.cat/carta" gets
 * https:// in front. Only a bare host with a dot in its name is completed
 * ("abc" stays as typed, and is refused); a value with a scheme is left as
 * it is, so "javascript:…" is still refused by isHttpUrl.
 */
export function withWebScheme(value: string): string {
  if (value === "" || HAS_SCHEME.test(value)) return value;
  const candidate = `https://${value.replace(/^\/\//, "")}`;
  try {
    return new URL(candidate).hostname.includes(".") ? candidate : value;
  } catch {
    return value;
  }
}

/** A business's website, "" when not set: https:// is added when the scheme is missing, then http(s) only. */
export function optionalWebsiteUrl(message: string = HTTP_URL_MESSAGE) {
  return singleLineText()
    .trim()
    .max(MAX_URL_LENGTH, message)
    .transform(withWebScheme)
    .refine((value) => value === "" || isHttpUrl(value), message);
}

/**
 * A path segment as Next.js hands it to a page (still percent-encoded in some
 * versions and routes): decoded once, or null for a malformed escape such as
 * "%zz", which pages answer with their not-found screen.
 */
export function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
