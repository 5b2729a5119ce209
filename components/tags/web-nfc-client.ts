"use client";

import { useSyncExternalStore } from "react";
import { NFC_TIMEOUT_MS, nfcFailureOf, type NfcFailure, type ReadRecord } from "@/lib/nfc/web-nfc";

// The browser side of Web NFC (W3C Web NFC; Chrome on Android): feature
// detection, and one operation at a time bounded by an AbortController that a
// timer and the page leaving the screen both abort, so the page never hangs
// (docs/tags.md, "Writing a tag from a phone").

type NdefMessageInit = { records: { recordType: string; data: string }[] };
type NdefReadingEvent = Event & { message: { records: readonly ReadRecord[] } };

/** The part of NDEFReader the write page uses. */
export type NdefReader = EventTarget & {
  write(message: NdefMessageInit, options?: { signal?: AbortSignal }): Promise<void>;
  makeReadOnly(options?: { signal?: AbortSignal }): Promise<void>;
  scan(options?: { signal?: AbortSignal }): Promise<void>;
};

const noSubscription = () => () => {};

/** True where Web NFC exists (`'NDEFReader' in window`), false where not, null while rendering on the server. */
export function useWebNfc(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => "NDEFReader" in window,
    () => null,
  );
}

export function newReader(): NdefReader {
  const Reader = (window as unknown as { NDEFReader: new () => NdefReader }).NDEFReader;
  return new Reader();
}

/** A sticker near the phone that could not be read (the reader's `readingerror`). */
export class StickerUnreadable extends Error {
  override name = "StickerUnreadable";
}

export type NfcOutcome<T> = { ok: true; value: T } | { ok: false; failure: NfcFailure };

/**
 * Runs one NFC operation on a visible page, aborted after NFC_TIMEOUT_MS or as
 * soon as the page is hidden; the signal is aborted when it ends, which stops
 * a scan after its first reading.
 */
export async function runNfc<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<NfcOutcome<T>> {
  if (document.visibilityState !== "visible") return { ok: false, failure: "hidden" };
  const controller = new AbortController();
  let stopped: "timeout" | "hidden" | null = null;
  const timer = window.setTimeout(() => {
    stopped = "timeout";
    controller.abort();
  }, NFC_TIMEOUT_MS);
  const onVisibility = () => {
    if (document.visibilityState === "visible" || controller.signal.aborted) return;
    stopped = "hidden";
    controller.abort();
  };
  document.addEventListener("visibilitychange", onVisibility);
  try {
    return { ok: true, value: await operation(controller.signal) };
  } catch (error) {
    if (error instanceof StickerUnreadable) return { ok: false, failure: "unreadable" };
    return { ok: false, failure: nfcFailureOf(error, stopped) };
  } finally {
    window.clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisibility);
    if (!controller.signal.aborted) controller.abort();
  }
}

/** Reads the records of the next sticker held to the phone (one reading). */
export function readSticker(signal: AbortSignal): Promise<readonly ReadRecord[]> {
  return new Promise((resolve, reject) => {
    const reader = newReader();
    reader.addEventListener("reading", (event) => resolve((event as NdefReadingEvent).message.records), {
      once: true,
    });
    reader.addEventListener("readingerror", () => reject(new StickerUnreadable()), { once: true });
    signal.addEventListener("abort", () => reject(new DOMException("The check was stopped.", "AbortError")), {
      once: true,
    });
    reader.scan({ signal }).catch(reject);
  });
}
