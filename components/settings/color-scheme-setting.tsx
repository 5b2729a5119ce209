"use client";

import { useSyncExternalStore } from "react";
import { applyColorScheme } from "@/components/ui/color-scheme-toggle";
import type { ColorScheme } from "@/lib/color-scheme";

// The <html> class is the source of truth (see components/ui/color-scheme-toggle).
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const current = (): ColorScheme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

const OPTIONS: { value: ColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

export function ColorSchemeSetting() {
  const scheme = useSyncExternalStore(subscribe, current, () => "light" as ColorScheme);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Colour scheme</legend>
      <div className="flex gap-4">
        {OPTIONS.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name="color-scheme"
              value={option.value}
              checked={scheme === option.value}
              onChange={() => applyColorScheme(option.value)}
              className="h-4 w-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
