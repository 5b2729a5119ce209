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

// Drawn, not an emoji: a device without an emoji font would show an empty box.
const iconProps = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  className: "h-5 w-5",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function SunIcon() {
  return (
    <svg {...iconProps} data-icon="sun">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg {...iconProps} data-icon="moon">
      <path d="M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a7 7 0 0 0 10.6 10.6z" />
    </svg>
  );
}

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
      {scheme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
