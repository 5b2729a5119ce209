"use client";

import { useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useController, useFormContext } from "react-hook-form";
import { MAX_KEYWORDS, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { FieldError } from "@/components/ui/field";

/** Keywords as removable chips; type one and press Enter or a comma to add it. */
export function KeywordsField() {
  const t = useTranslations("dashboard.profile.keywords");
  const text = useMessageText();
  const { control } = useFormContext<BusinessProfileUpdateInput>();
  const {
    field: { ref, value: keywords, onBlur, onChange },
    fieldState,
  } = useController({ control, name: "keywords" });
  const [draft, setDraft] = useState("");
  // The array's own message, else the first item's (e.g. a keyword too long).
  const error = fieldState.error?.message ?? firstItemMessage(fieldState.error);

  const add = (raw: string) => {
    const parts = raw
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const next = [...keywords];
    for (const part of parts) {
      if (next.length >= MAX_KEYWORDS) break;
      if (!next.some((k) => k.toLowerCase() === part.toLowerCase())) next.push(part);
    }
    if (next.length !== keywords.length) onChange(next);
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      // Enter must add a chip, not submit the whole form.
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && keywords.length > 0) {
      onChange(keywords.slice(0, -1));
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor="keywords-input" className="block text-sm font-medium">
        {t("label")}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 bg-white px-2 py-2 dark:border-slate-700 dark:bg-slate-900">
        {keywords.map((keyword) => (
          <span
            key={keyword}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800"
          >
            {keyword}
            <button
              type="button"
              aria-label={t("remove", { keyword })}
              onClick={() => onChange(keywords.filter((k) => k !== keyword))}
              className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white"
            >
              ×
            </button>
          </span>
        ))}
        <input
          id="keywords-input"
          ref={ref}
          value={draft}
          onChange={(event) => {
            if (event.target.value.includes(",")) add(event.target.value);
            else setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) add(draft);
            onBlur();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "keywords-error" : "keywords-hint"}
          placeholder={keywords.length ? t("addAnother") : t("placeholder")}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-base outline-none"
        />
      </div>
      {error ? (
        <FieldError id="keywords-error">{text(error)}</FieldError>
      ) : (
        <p id="keywords-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t("hint")}
        </p>
      )}
    </div>
  );
}

function firstItemMessage(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}
