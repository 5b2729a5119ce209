import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import type { Closure } from "@/lib/business/season-pause";
import { reopeningValues } from "@/lib/business/season-pause";
import type { Locale } from "@/lib/i18n/locales";

/**
 * "Closed for the season until 1 March." on a tag's page and the public card
 * (docs/business-lifecycle.md), in the page's language, with what it means for
 * cards: every card and reward is kept.
 */
export async function ClosedNotice({ closure, locale }: { closure: Closure; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "lifecycle.closed" });
  return (
    <Card
      as="section"
      role="status"
      data-testid="closed-notice"
      className="space-y-1 border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 className="font-semibold">
        {closure.until ? t("noticeUntil", reopeningValues(closure.until)) : t("noticeIndefinitely")}
      </h2>
      <p className="text-sm">{t("noticeCards")}</p>
    </Card>
  );
}
