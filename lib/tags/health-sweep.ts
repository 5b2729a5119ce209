import "server-only";
import { normaliseTimezone } from "@/lib/business/timezone";
import { inTransaction } from "@/lib/db/sql";
import { localDateIn } from "@/lib/time/local-date";
import { readTagChecks, recordTagAlerts, type AlertToOpen, type TagCheckRow } from "@/lib/db/tag-health";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { tagAlertsOpened } from "@/lib/jobs/events";
import { readOpeningHours } from "@/lib/locations/format-hours";
import { firingAlerts, OUT_OF_HOURS_WINDOW_MINUTES, type TagCheck } from "@/lib/tags/health";

// sweep.tag-health (docs/tag-health.md): every 15 minutes, the tags of every
// open business (a business closed for a season, a closed location: skipped)
// are read in batches, one statement per batch; the pure rules say which
// conditions hold; one transaction per batch clears the episodes that ended,
// inserts the new ones (ON CONFLICT DO NOTHING) and queues a mail for each
// episode inserted. Never on the tap's path.

export const TAG_HEALTH_BATCH = 200;

export function tagCheckOf(row: TagCheckRow): TagCheck {
  return {
    tagId: row.tagId,
    secure: row.secure,
    timeZone: normaliseTimezone(row.timezone),
    locationZone: normaliseTimezone(row.locationZone ?? row.timezone),
    today: row.today,
    claimedDay: row.claimedAt ? localDateIn(normaliseTimezone(row.timezone), row.claimedAt) : null,
    hours: readOpeningHours(row.openingHours),
    counts: new Map(row.days),
    tapsToday: row.days.find(([day]) => day === row.today)?.[1] ?? 0,
    tapsLastHour: row.tapsLastHour,
    recentTaps: row.recent.map(([ms, count]) => ({ at: new Date(Number(ms)), count })),
    lastTapAt: row.lastTapAt,
    claimedAt: row.claimedAt,
    missingSunLastDay: row.missingSunLastDay,
  };
}

/** One run of the check at `now`. Returns the alerts it opened (and queued a mail for). */
export async function sweepTagHealth(
  now: Date,
  batchSize = TAG_HEALTH_BATCH,
): Promise<{ id: string; tagId: string; kind: string }[]> {
  await jobQueueReady();
  const opened: { id: string; tagId: string; kind: string }[] = [];
  let after = "";
  for (;;) {
    const { rows, lastBusinessId, businesses } = await readTagChecks(
      now,
      after,
      batchSize,
      OUT_OF_HOURS_WINDOW_MINUTES,
    );
    const firing: AlertToOpen[] = rows.flatMap((row) =>
      firingAlerts(tagCheckOf(row), now).map((alert) => ({ ...alert, tagId: row.tagId, businessId: row.businessId })),
    );
    if (rows.length) {
      const inserted = await inTransaction(async (tx) => {
        const alerts = await recordTagAlerts(
          tx,
          now,
          rows.map((row) => row.tagId),
          firing,
        );
        await tagAlertsOpened(
          tx,
          alerts.map((alert) => alert.id),
        );
        return alerts;
      });
      opened.push(...inserted);
    }
    if (lastBusinessId === null || businesses < batchSize) return opened;
    after = lastBusinessId;
  }
}
