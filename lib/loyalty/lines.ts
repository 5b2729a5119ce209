import type { Message, MessageValues } from "@/lib/i18n/message";

// The engine's customer-facing lines (what a program offers, the progress under
// a card, the line after a visit) are messages (lib/i18n/message.ts), not text: a
// key of the `programs` catalog and its ICU values. Whoever shows one translates
// it in the reader's language (messages/<locale>/programs.json), so the rules stay
// pure and a line reads the same on the tap page, the QR page, the wallet and in
// the JSON API.

/** ICU values of a line: counts stay numbers so each language formats and pluralises them. */
export type LineValues = MessageValues;

/** A line the engine wrote: a message of `programs.offer|progress|visit`, always with its values. */
export type LoyaltyLine = Message<`programs.${"offer" | "progress" | "visit"}.${string}`> & { values: LineValues };

export function progressLine(key: string, values: LineValues = {}): LoyaltyLine {
  return { key: `programs.progress.${key}`, values };
}

export function visitLine(key: string, values: LineValues = {}): LoyaltyLine {
  return { key: `programs.visit.${key}`, values };
}

export function offerLine(key: string, values: LineValues = {}): LoyaltyLine {
  return { key: `programs.offer.${key}`, values };
}
