// The owner-summary sweep on a real database: the hourly cron (minute 17) is
// played hour by hour across Madrid's spring DST change, each slot run twice
// at once and again 20 minutes later. Each business gets one mail.owner-summary
// job per due period, for the right local day or week, whatever its zone.
//
// Other files leave every business's summary OFF (the default), or turn it on
// only while they hold the same test lock; the sweep's answer is still
// filtered to this file's businesses.

import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { sweepOwnerSummaries, type QueuedOwnerSummary } from "@/lib/business/owner-summary-sweep";
import { jobIdFor } from "@/lib/jobs/enqueue";
import type { OwnerSummary } from "@/lib/generated/prisma/enums";
import { createBusiness } from "../support/fixtures";
import { holdTestLock, jobsWhere, OWNER_SUMMARY_LOCK } from "../support/jobs";

let releaseLock: () => Promise<void>;
beforeAll(async () => {
  releaseLock = await holdTestLock(OWNER_SUMMARY_LOCK);
});
afterAll(async () => {
  await releaseLock();
  await db.$disconnect();
});

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

async function business(timezone: string, ownerSummary: OwnerSummary) {
  const { business } = await createBusiness({ timezone });
  await db.business.update({ where: { id: business.id }, data: { ownerSummary } });
  return business.id;
}

/** Every cron slot from `from` to `to` an hour apart: two sweeps at once, then a third 20 minutes later. */
async function playHours(from: string, to: string, mine: readonly string[]) {
  const queued: (QueuedOwnerSummary & { sweptAt: string })[] = [];
  for (let t = at(from).getTime(); t <= at(to).getTime(); t += HOUR) {
    const slot = new Date(t);
    const runs = await Promise.all([sweepOwnerSummaries(slot, 2), sweepOwnerSummaries(slot, 2)]);
    runs.push(await sweepOwnerSummaries(new Date(t + 20 * 60_000), 2));
    for (const run of runs)
      for (const summary of run)
        if (mine.includes(summary.businessId)) queued.push({ ...summary, sweptAt: slot.toISOString() });
  }
  return queued;
}

const periodsOf = (queued: readonly QueuedOwnerSummary[], businessId: string) =>
  queued.filter((summary) => summary.businessId === businessId).map((summary) => summary.fromDay);

describe("the owner-summary sweep", () => {
  it("queues one job per due period and business, on each business's clock, across a DST change", async () => {
    const madridDaily = await business("Europe/Madrid", "DAILY");
    const madridWeekly = await business("Europe/Madrid", "WEEKLY");
    const aucklandWeekly = await business("Pacific/Auckland", "WEEKLY");
    const newYorkDaily = await business("America/New_York", "DAILY");
    const off = await business("Europe/Madrid", "OFF");
    const mine = [madridDaily, madridWeekly, aucklandWeekly, newYorkDaily, off];

    // Madrid moves to summer time on Sunday 28 March 2032; Monday is the 29th.
    const queued = await playHours("2032-03-24T00:17:00Z", "2032-04-01T00:17:00Z", mine);

    // Madrid: every day from 07:00 local (06:17 UTC in winter, 05:17 in summer), for the day before.
    expect(periodsOf(queued, madridDaily)).toEqual([
      "2032-03-23",
      "2032-03-24",
      "2032-03-25",
      "2032-03-26",
      "2032-03-27",
      "2032-03-28",
      "2032-03-29",
      "2032-03-30",
    ]);
    expect(queued.filter((s) => s.businessId === madridDaily).map((s) => s.sweptAt)).toEqual([
      "2032-03-24T06:17:00.000Z",
      "2032-03-25T06:17:00.000Z",
      "2032-03-26T06:17:00.000Z",
      "2032-03-27T06:17:00.000Z",
      "2032-03-28T05:17:00.000Z",
      "2032-03-29T05:17:00.000Z",
      "2032-03-30T05:17:00.000Z",
      "2032-03-31T05:17:00.000Z",
    ]);
    // New York: the first sweep is the evening of the 23rd there, still that day: its summary of the 22nd.
    expect(periodsOf(queued, newYorkDaily)).toEqual([
      "2032-03-22",
      "2032-03-23",
      "2032-03-24",
      "2032-03-25",
      "2032-03-26",
      "2032-03-27",
      "2032-03-28",
      "2032-03-29",
      "2032-03-30",
    ]);
    // Weekly: on the business's own Monday morning.
    expect(queued.filter((s) => s.businessId === madridWeekly)).toEqual([
      expect.objectContaining({ fromDay: "2032-03-22", sweptAt: "2032-03-29T05:17:00.000Z" }),
    ]);
    expect(queued.filter((s) => s.businessId === aucklandWeekly)).toEqual([
      expect.objectContaining({ fromDay: "2032-03-22", sweptAt: "2032-03-28T18:17:00.000Z" }),
    ]);
    expect(periodsOf(queued, off)).toEqual([]);

    // The jobs themselves: one per period, with the period's instants.
    const jobs = await jobsWhere(["mail.owner-summary"], "businessId", mine);
    expect(jobs).toHaveLength(8 + 9 + 1 + 1);
    const sunday = jobs.find(
      (job) => job.data.businessId === madridDaily && job.data.from === "2032-03-27T23:00:00.000Z",
    );
    // The 23-hour Sunday of the change.
    expect(sunday?.data).toEqual({
      businessId: madridDaily,
      period: "DAILY",
      from: "2032-03-27T23:00:00.000Z",
      to: "2032-03-28T22:00:00.000Z",
    });
    expect(sunday?.id).toBe(jobIdFor("mail.owner-summary", `owner-summary:${madridDaily}:DAILY:2032-03-28`));
    expect(jobs.find((job) => job.data.businessId === madridWeekly)?.data).toEqual({
      businessId: madridWeekly,
      period: "WEEKLY",
      from: "2032-03-21T23:00:00.000Z",
      to: "2032-03-28T22:00:00.000Z",
    });
    expect(jobs.find((job) => job.data.businessId === aucklandWeekly)?.data).toEqual({
      businessId: aucklandWeekly,
      period: "WEEKLY",
      from: "2032-03-21T11:00:00.000Z",
      to: "2032-03-28T11:00:00.000Z",
    });
  }, 120_000);

  it("sends a late summary the same day, skips a day the sweeps missed entirely, and never sends a period twice", async () => {
    const id = await business("Europe/Madrid", "DAILY");
    const sweep = async (iso: string) =>
      (await sweepOwnerSummaries(at(iso))).filter((summary) => summary.businessId === id).map((s) => s.fromDay);

    // Monday 10 May 2032: the queue was down from 07:00 to 17:00 local; the summary goes out when it is back.
    expect(await sweep("2032-05-10T04:17:00Z")).toEqual([]);
    expect(await sweep("2032-05-10T15:17:00Z")).toEqual(["2032-05-09"]);
    expect(await sweep("2032-05-10T16:17:00Z")).toEqual([]);
    // The queue archives finished jobs after a while; the business remembers the period anyway.
    await queryRows(`DELETE FROM jobs.job WHERE data->>'businessId' = $1::text`, [id]);
    expect(await sweep("2032-05-10T21:17:00Z")).toEqual([]);
    // No sweep at all on Tuesday: Monday's summary is not sent on Wednesday, Tuesday's is.
    expect(await sweep("2032-05-12T05:17:00Z")).toEqual(["2032-05-11"]);
    expect(await jobsWhere(["mail.owner-summary"], "businessId", [id])).toHaveLength(1);
  });

  it("follows the owner's choice: a business switched off gets nothing more", async () => {
    const id = await business("Europe/Madrid", "WEEKLY");
    await db.business.update({ where: { id }, data: { ownerSummary: "OFF" } });
    const queued = await sweepOwnerSummaries(at("2032-05-17T06:17:00Z"));
    expect(queued.filter((summary) => summary.businessId === id)).toEqual([]);
  });
});
