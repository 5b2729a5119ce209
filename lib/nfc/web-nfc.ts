// Web NFC (W3C Web NFC, `NDEFReader`) as the tag write page uses it, in pure
// functions: which message to write, the address a read sticker carries, and
// what a failed operation tells the owner (docs/tags.md, "Writing a tag from a
// phone"). The browser calls themselves live in components/tags/nfc-writer.tsx.

/** How long one write, lock or check waits for a sticker before it gives up (an AbortController aborts it). */
export const NFC_TIMEOUT_MS = 30_000;

/** The NDEF message a plain tag's sticker carries: one URL record with the tag's public URL. */
export function urlMessage(url: string): { records: { recordType: "url"; data: string }[] } {
  return { records: [{ recordType: "url", data: url }] };
}

/** A record as a reading event gives it (NDEFRecord): only what the check reads. */
export type ReadRecord = {
  recordType: string;
  data?: DataView | null;
  toRecords?: () => ReadRecord[] | null;
};

/**
 * The address a sticker carries: its first `url` or `absolute-url` record
 * (what a phone opens), looking inside a smart poster; null when it carries
 * none (blank, text, another type).
 */
export function stickerUrlOf(records: readonly ReadRecord[]): string | null {
  for (const record of records) {
    if ((record.recordType === "url" || record.recordType === "absolute-url") && record.data) {
      return new TextDecoder().decode(record.data);
    }
    if (record.recordType === "smart-poster") {
      const inner = stickerUrlOf(record.toRecords?.() ?? []);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/** Why an NFC operation stopped, in the owner's terms. */
export type NfcFailure =
  | "permission"
  | "unsupported"
  | "nfcOff"
  | "transfer"
  | "timeout"
  | "hidden"
  | "notTopLevel"
  | "unreadable"
  | "unknown";

/**
 * What a rejected write, lock or scan means (W3C Web NFC): `stopped` is why
 * this page aborted it itself ("timeout": its AbortController's timer;
 * "hidden": the page left the screen), which decides over the error's name.
 * A browser also aborts a pending operation with an AbortError when the page
 * is hidden (NFC is suspended), so any other AbortError is "hidden".
 */
export function nfcFailureOf(error: unknown, stopped: "timeout" | "hidden" | null): NfcFailure {
  if (stopped) return stopped;
  const name = error instanceof Error || isNamed(error) ? error.name : "";
  switch (name) {
    case "NotAllowedError":
      return "permission";
    case "NotSupportedError":
      return "unsupported";
    case "NotReadableError":
      return "nfcOff";
    case "NetworkError":
      return "transfer";
    case "AbortError":
      return "hidden";
    case "InvalidStateError":
      return "notTopLevel";
    default:
      return "unknown";
  }
}

function isNamed(value: unknown): value is { name: string } {
  return typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string";
}
