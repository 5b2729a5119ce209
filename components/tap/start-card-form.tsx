import { SUN_PARAMETER_NAMES, type SunParams } from "@/lib/nfc/verify-tap";
import { buttonClass } from "@/components/ui/button";
import type { Locale } from "@/lib/i18n/locales";

/** The form's address: app/tap/start/route.ts. */
export const START_CARD_PATH = "/tap/start";

/**
 * "Start my card": a plain form (no JavaScript, so the cached visitor page gains
 * none) that posts the tag, the page's language and a secure tag's SUN
 * parameters to /tap/start, which starts a guest card with this tap as its
 * first visit (docs/authentication.md, "Guests").
 */
export function StartCardForm({
  tagId,
  locale,
  sun,
  text,
}: {
  tagId: string;
  locale: Locale;
  sun?: SunParams;
  text: { button: string; hint: string };
}) {
  return (
    <form method="post" action={START_CARD_PATH} className="space-y-2" data-testid="start-card">
      <input type="hidden" name="id" value={tagId} />
      <input type="hidden" name="lang" value={locale} />
      {SUN_PARAMETER_NAMES.map((name) =>
        sun?.[name] ? <input key={name} type="hidden" name={name} value={sun[name]} /> : null,
      )}
      <button type="submit" className={buttonClass("primary", "w-full")}>
        {text.button}
      </button>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text.hint}</p>
    </form>
  );
}
