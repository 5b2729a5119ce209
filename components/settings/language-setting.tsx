"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { setLanguageAction } from "@/lib/actions/settings";
import { SelectField } from "@/components/ui/field";
import { ACTION_FAILED } from "@/components/ui/use-refresh-action";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

/** The person's own language; saving re-renders the page in it at once. */
export function LanguageSetting({ language }: { language: Locale }) {
  const t = useTranslations("settings.language");
  const router = useRouter();
  const [value, setValue] = useState<Locale>(language);
  const [pending, startTransition] = useTransition();
  const change = (next: Locale) => {
    const previous = value;
    setValue(next);
    startTransition(async () => {
      const result = await setLanguageAction({ language: next }).catch(() => ({
        ok: false as const,
        error: ACTION_FAILED,
      }));
      if (result.ok) {
        // The cookie is set: the server components render again in the new language.
        router.refresh();
      } else {
        setValue(previous);
        toast.error(t("failed"), { description: result.error });
      }
    });
  };
  return (
    <div className="max-w-sm">
      <SelectField
        label={t("label")}
        id="language"
        name="language"
        hint={t("hint")}
        value={value}
        disabled={pending}
        onChange={(event) => change(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
