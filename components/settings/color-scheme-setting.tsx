"use client";

import { useTranslations } from "next-intl";
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

const OPTIONS: readonly ColorScheme[] = ["light", "dark"];

export function ColorSchemeSetting() {
  const t = useTranslations("settings.colorScheme");
  const scheme = useSyncExternalStore(subscribe, current, () => "light" as ColorScheme);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("legend")}</legend>
      <div className="flex gap-4">
        {OPTIONS.map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name="color-scheme"
              value={option}
              checked={scheme === option}
              onChange={() => applyColorScheme(option)}
              className="h-4 w-4 accent-brand"
            />
            {t(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
