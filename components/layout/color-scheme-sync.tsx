"use client";

import { useLayoutEffect } from "react";
import { COLOR_SCHEME_KEY, parseColorScheme } from "@/lib/color-scheme";

/**
 * Applies the remembered colour scheme once the page is on screen. The inline
 * script in <head> does it before paint, but a page that fails or is not found
 * while streaming (an unknown card, a signed-in person's unknown URL) arrives as
 * Next.js's bare error document and is drawn by React in the browser, where a
 * <script> it inserts never runs: without this, those pages stayed light.
 */
export function ColorSchemeSync() {
  useLayoutEffect(() => {
    try {
      if (parseColorScheme(localStorage.getItem(COLOR_SCHEME_KEY)) === "dark") {
        document.documentElement.classList.add("dark");
      }
    } catch {
      // storage unavailable: the default (light) scheme
    }
  }, []);
  return null;
}
