import type { RejectionDay, SecureTagSettings } from "@/lib/db/secure-tags";

/** One column per reason a tap was refused, in the owner's words. */
const REJECTION_COLUMNS: { field: keyof Omit<RejectionDay, "day" | "lastAt">; label: string }[] = [
  { field: "badMac", label: "Bad MAC (forged or tampered link)" },
  { field: "replay", label: "Replay (link already used)" },
  { field: "missing", label: "Missing SUN message (plain tag address)" },
  { field: "wrongChip", label: "Wrong chip (link from another tag)" },
];

/** The owner's verification log of a secure tag: last accepted tap, and rejected taps per day. */
export function SecureTagLog({ settings }: { settings: SecureTagSettings }) {
  const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: settings.timezone });
  const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section aria-labelledby="secure-log-heading" className="space-y-3">
      <h2 id="secure-log-heading" className="text-lg font-semibold">
        Verification log
      </h2>
      <p data-testid="last-verified">
        {settings.lastVerifiedAt ? (
          <>
            Last verified tap: {when.format(settings.lastVerifiedAt)} · read counter{" "}
            <span className="font-mono">{settings.lastCounter ?? "—"}</span>
            {settings.chipUid ? (
              <>
                {" "}
                · chip <span className="font-mono">{settings.chipUid}</span>
              </>
            ) : null}
          </>
        ) : (
          "No verified tap yet."
        )}
      </p>
      {settings.rejections.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No rejected taps.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rejected taps per day</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2">
                  Day
                </th>
                {REJECTION_COLUMNS.map((column) => (
                  <th key={column.field} scope="col" className="py-2">
                    {column.label}
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
                    <td key={column.field} className="py-2">
                      {row[column.field]}
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
