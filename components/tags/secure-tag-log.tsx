import { getLocale, getTranslations } from "next-intl/server";
import type { RejectionDay, SecureTagSettings } from "@/lib/db/secure-tags";
import { displayZone } from "@/lib/time/display-zone";

/** One column per reason a tap was refused, in the owner's words. */
const REJECTION_COLUMNS: readonly (keyof Omit<RejectionDay, "day" | "lastAt">)[] = [
  "badMac",
  "replay",
  "missing",
  "wrongChip",
  "notOurUrl",
];

/**
 * The owner's verification log of a tag: for a secure tag its last accepted
 * tap; for any tag the refused taps and the checked stickers with another
 * address ("not our URL") per day.
 */
export async function SecureTagLog({ settings }: { settings: SecureTagSettings }) {
  const [t, locale] = await Promise.all([getTranslations("tags.log"), getLocale()]);
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: displayZone(settings.timezone),
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section aria-labelledby="secure-log-heading" className="space-y-3">
      <h2 id="secure-log-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {settings.secure || settings.lastVerifiedAt ? (
        <p data-testid="last-verified">
          {settings.lastVerifiedAt ? (
            <>
              {t("lastVerified", { when: when.format(settings.lastVerifiedAt) })} · {t("readCounter")}{" "}
              <span className="font-mono">{settings.lastCounter ?? "—"}</span>
              {settings.chipUid ? (
                <>
                  {" "}
                  · {t("chip")} <span className="font-mono">{settings.chipUid}</span>
                </>
              ) : null}
            </>
          ) : (
            t("noneVerified")
          )}
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("plainNote")}</p>
      )}
      {settings.rejections.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("noneRejected")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2">
                  {t("day")}
                </th>
                {REJECTION_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-2">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {settings.rejections.map((row) => (
                <tr key={row.day} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-2 font-normal">
                    {day.format(new Date(`${row.day}T00:00:00Z`))}
                  </th>
                  {REJECTION_COLUMNS.map((column) => (
                    <td key={column} className="py-2">
                      {row[column]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
