"use client";

import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useFormContext, useWatch } from "react-hook-form";
import { PlaceholderIconSvg } from "@/components/business/icons";
import { isHexColor, PLACEHOLDER_ICONS, resolveTheme } from "@/lib/business/theme";
import { THEME_COLOR_FIELDS, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { FieldError } from "@/components/ui/field";

// <input type="color"> only takes #rrggbb.
function sixDigitHex(hex: string): string {
  const h = hex.slice(1);
  return h.length === 3
    ? `#${h
        .split("")
        .map((c) => c + c)
        .join("")}`.toLowerCase()
    : hex.toLowerCase();
}

/** Theme colours (picker + hex text, empty = default) and the placeholder icon. */
export function ThemeFields() {
  const t = useTranslations("dashboard.profile.theme");
  const text = useMessageText();
  const { control, register, setValue, formState } = useFormContext<BusinessProfileUpdateInput>();
  const theme = useWatch({ control, name: "theme" });
  // What the card will actually use, defaults and contrast rules applied.
  const resolved = resolveTheme(theme);
  const errors = formState.errors.theme;

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("hint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {THEME_COLOR_FIELDS.map((key) => {
          const id = `theme-${key}`;
          const value = theme?.[key] ?? "";
          const error = text(errors?.[key]?.message);
          return (
            <div key={key} className="space-y-1">
              <label htmlFor={id} className="block text-sm font-medium">
                {t(`colors.${key}`)}
              </label>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={t("picker", { color: t(`colors.${key}`) })}
                  value={sixDigitHex(isHexColor(value) ? value : resolved[key])}
                  onChange={(event) =>
                    setValue(`theme.${key}`, event.target.value.toUpperCase(), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                  className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
                />
                <input
                  id={id}
                  placeholder={resolved[key]}
                  title={t("emptyForDefault")}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500 dark:border-slate-700 dark:bg-slate-900"
                  {...register(`theme.${key}`)}
                />
              </div>
              {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
            </div>
          );
        })}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("icon")}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("iconHint")}</p>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          {PLACEHOLDER_ICONS.map((icon) => (
            <label
              key={icon}
              title={t(`icons.${icon}`)}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-xs has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40 dark:border-slate-700"
            >
              <input type="radio" value={icon} className="sr-only" {...register("theme.placeholderIcon")} />
              <PlaceholderIconSvg icon={icon} size={22} />
              <span>{t(`icons.${icon}`)}</span>
            </label>
          ))}
        </div>
        {errors?.placeholderIcon ? <FieldError>{text(errors.placeholderIcon.message)}</FieldError> : null}
      </fieldset>
    </div>
  );
}
