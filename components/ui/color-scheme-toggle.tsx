"use client";

import { useSyncExternalStore } from "react";
import { COLOR_SCHEME_KEY, parseColorScheme, type ColorScheme } from "@/lib/color-scheme";

// The <html> class is the source of truth (set before paint by the inline
// script); this button flips it and remembers the choice.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_SCHEME_KEY) applyColorScheme(parseColorScheme(event.newValue), false);
  };
  window.addEventListener("storage", onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener("storage", onStorage);
  };
}

const current = (): ColorScheme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

export function applyColorScheme(scheme: ColorScheme, persist = true) {
  document.documentElement.classList.toggle("dark", scheme === "dark");
  if (persist) {
    try {
      localStorage.setItem(COLOR_SCHEME_KEY, scheme);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
}

/** The button's name per scheme it switches to; a page in another language than English passes its own (common.colorScheme). */
export type ColorSchemeLabels = { dark: string; light: string };

export function ColorSchemeToggle({
  labels = { dark: "Switch to dark mode", light: "Switch to light mode" },
}: {
  labels?: ColorSchemeLabels;
}) {
  const scheme = useSyncExternalStore(subscribe, current, () => "light" as ColorScheme);
  const next = scheme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => applyColorScheme(next)}
      aria-label={labels[next]}
      className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true">{scheme === "dark" ? "☀️" : "🌙"}</span>
    </button>
  );
}
