"use client";

import { useMemo, useSyncExternalStore } from "react";
import en from "@/messages/en/errors.json";
import { ERROR_TEXT_ELEMENT_ID } from "./error-text-data";

// The words of an error screen. An error boundary renders on the client when a
// server render failed, possibly with no message provider above it (the root
// layout itself, the cached visitor page). Every root document writes the words
// of its own language into the page (ERROR_TEXT_ELEMENT_ID), so the browser loads
// one language's words, in the HTML, and no code carries the other languages'.
// English (the site's own language) is the fallback: on the server, before
// hydration, and where no root document is left (global-error's own document).

export type ErrorText = (typeof en)["page"];

const ENGLISH: ErrorText = en.page;

const documentText = (): string => document.getElementById(ERROR_TEXT_ELEMENT_ID)?.textContent ?? "";

function parseText(json: string): ErrorText {
  if (!json) return ENGLISH;
  try {
    return { ...ENGLISH, ...(JSON.parse(json) as Partial<ErrorText>) };
  } catch {
    return ENGLISH;
  }
}

/** The error screen's words in the page's language (English before hydration and on the server). */
export function useErrorText(): ErrorText {
  const json = useSyncExternalStore(
    () => () => {},
    documentText,
    () => "",
  );
  return useMemo(() => parseText(json), [json]);
}
