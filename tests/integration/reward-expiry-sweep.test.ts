// The reward-expiry sweep on a real database: the hourly cron (lib/jobs/queues.ts,
// minute 7) is played hour by hour across Madrid's DST changes, with the same
// slot run twice at once and again 20 minutes later. Each reward's reminder
// is queued once (a mail and a web push), at the first sweep after the moment
// three days before its expiry on the business's clock.
//
// The sweep reads every reward of the shared test database; the times here are
// in 2031, which no other test uses, so what it finds due is this file's.

import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { sweepRewardExpiry } from "@/lib/rewards/expiry-sweeps";
import { createBusiness, createUser } from "../support/fixtures";
import { jobsWhere, whileJobsRefused } from "../support/jobs";

afterAll(() => db.$disconnect());

const HOUR = 3_600_000;
const QUEUES = ["mail.reward-expiring", "push.reward-expiring"];
const at = (iso: string) => new Date(iso);

async function reward(
  businessId: string,
  userId: string | null,
  expiresAt: string,
  extra: { issuedAt?: string; status?: "AVAILABLE" | "REDEEMED" } = {},
) {
  return db.reward.create({
    data: {
      code: randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase(),
      businessId,
      userId,
      name: "Free coffee",
      expiresAt: at(expiresAt),
      issuedAt: at(extra.issuedAt ?? "2031-01-01T00:00:00Z"),
      status: extra.status ?? "AVAILABLE",
    },
  });
}

/** Every hour's cron slot from `from` to `to`: two sweeps at once, then a third 20 minutes later. */
async function playHours(from: string, to: string, batchSize: number): Promise<string[]> {
  const queued: string[] = [];
  for (let t = at(from).getTime(); t <= at(to).getTime(); t += HOUR) {
    const slot = new Date(t);
    const [a, b] = await Promise.all([sweepRewardExpiry(slot, batchSize), sweepRewardExpiry(slot, batchSize)]);
    queued.push(...a, ...b, ...(await sweepRewardExpiry(new Date(t + 20 * 60_000), batchSize)));
  }
  return queued;
}

async function remindedAt(ids: readonly string[]): Promise<Record<string, string | null>> {
  const rows = await db.reward.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, expiryReminderAt: true },
  });
  return Object.fromEntries(rows.map((row) => [row.id, row.expiryReminderAt?.toISOString() ?? null]));
}

describe("the reward-expiry sweep", () => {
  it("reminds of each reward once, three days before its expiry on Madrid's clock, across the spring change", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { user } = await createUser();
    // Madrid moves to summer time on Sunday 30 March 2031 at 01:00 UTC.
    // Tuesday 1 April 12:00 CEST: due Saturday 29 March 12:00 CET (11:00 UTC), 71 hours before.
    const noon = await reward(business.id, user.id, "2031-04-01T10:00:00Z");
    // Wednesday 2 April 02:30 CEST: due "Sunday 30 March 02:30", a time that day skips: 03:30 CEST (01:30 UTC).
    const skipped = await reward(business.id, user.id, "2031-04-02T00:30:00Z");
    // Tuesday 1 April 00:30 CEST: due Saturday 29 March 00:30 CET (Friday 23:30 UTC).
    const midnight = await reward(business.id, user.id, "2031-03-31T22:30:00Z");
    // Valid three days only: the mail announcing it gave its expiry; no reminder.
    const short = await reward(business.id, user.id, "2031-04-01T10:00:00Z", { issuedAt: "2031-03-29T10:00:00Z" });
    // Redeemed, or of a deleted account: nobody to remind.
    const redeemed = await reward(business.id, user.id, "2031-04-01T10:00:00Z", { status: "REDEEMED" });
    const orphan = await reward(business.id, null, "2031-04-01T10:00:00Z");
    // Expires later than the days played.
    const later = await reward(business.id, user.id, "2031-04-10T10:00:00Z");

    // Batches of two: the keyset walks past rewards that are not due yet.
    const queued = await playHours("2031-03-26T00:07:00Z", "2031-04-03T00:07:00Z", 2);

    expect(await remindedAt([noon, skipped, midnight, short, redeemed, orphan, later].map((r) => r.id))).toEqual({
      [noon.id]: "2031-03-29T11:07:00.000Z",
      [skipped.id]: "2031-03-30T02:07:00.000Z",
      [midnight.id]: "2031-03-29T00:07:00.000Z",
      [short.id]: null,
      [redeemed.id]: null,
      [orphan.id]: null,
      [later.id]: null,
    });
    // Of all the sweeps (three per hour, two of them at once), one queued each reminder.
    expect(queued.sort()).toEqual([noon.id, skipped.id, midnight.id].sort());
    const jobs = await jobsWhere(QUEUES, "rewardId", [noon.id, skipped.id, midnight.id, short.id, later.id]);
    expect(jobs.map((job) => [job.name, job.data.rewardId]).sort()).toEqual(
      [
        ["mail.reward-expiring", noon.id],
        ["push.reward-expiring", noon.id],
        ["mail.reward-expiring", skipped.id],
        ["push.reward-expiring", skipped.id],
        ["mail.reward-expiring", midnight.id],
        ["push.reward-expiring", midnight.id],
      ].sort(),
    );
    expect(jobs.find((job) => job.data.rewardId === noon.id)?.data).toEqual({
      rewardId: noon.id,
      userId: user.id,
      businessId: business.id,
    });
  }, 120_000);

  it("reminds once across the autumn change, when an hour repeats", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { user } = await createUser();
    // Madrid returns to winter time on Sunday 26 October 2031 at 01:00 UTC.
    // Tuesday 28 October 12:00 CET: due Saturday 25 October 12:00 CEST (10:00 UTC), 73 hours before.
    const noon = await reward(business.id, user.id, "2031-10-28T11:00:00Z");
    // Wednesday 29 October 02:30 CET: due "Sunday 26 October 02:30", which happens twice: the first (00:30 UTC).
    const repeated = await reward(business.id, user.id, "2031-10-29T01:30:00Z");

    const queued = await playHours("2031-10-23T00:07:00Z", "2031-10-30T00:07:00Z", 500);

    expect(await remindedAt([noon.id, repeated.id])).toEqual({
      [noon.id]: "2031-10-25T10:07:00.000Z",
      [repeated.id]: "2031-10-26T01:07:00.000Z",
    });
    expect(queued.sort()).toEqual([noon.id, repeated.id].sort());
    expect(await jobsWhere(QUEUES, "rewardId", [noon.id, repeated.id])).toHaveLength(4);
  }, 120_000);

  it("does not remind again once the first reminder's jobs are long gone from the queue", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { user } = await createUser();
    const expiring = await reward(business.id, user.id, "2031-06-10T10:00:00Z");
    expect(await sweepRewardExpiry(at("2031-06-07T10:07:00Z"))).toEqual([expiring.id]);
    // The queue archives finished jobs after a while; their ids no longer stop a second insert.
    await queryRows(`DELETE FROM jobs.job WHERE data->>'rewardId' = $1::text`, [expiring.id]);
    for (const slot of ["2031-06-07T11:07:00Z", "2031-06-08T10:07:00Z", "2031-06-10T09:07:00Z"])
      expect(await sweepRewardExpiry(at(slot))).toEqual([]);
    expect(await jobsWhere(QUEUES, "rewardId", [expiring.id])).toHaveLength(0);
  });

  it("leaves the mark and the jobs out together when its transaction fails", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { user } = await createUser();
    const expiring = await reward(business.id, user.id, "2031-07-10T10:00:00Z");
    // A reminder whose queue insert fails (the queue's table refuses it) rolls back its mark.
    await whileJobsRefused(`NEW.data->>'rewardId' = '${expiring.id}'`, () =>
      expect(sweepRewardExpiry(at("2031-07-07T10:07:00Z"))).rejects.toThrow("refused"),
    );
    expect(await remindedAt([expiring.id])).toEqual({ [expiring.id]: null });
    // The retried sweep (its queue's policy) queues it.
    expect(await sweepRewardExpiry(at("2031-07-07T10:08:00Z"))).toEqual([expiring.id]);
    expect(await jobsWhere(QUEUES, "rewardId", [expiring.id])).toHaveLength(2);
  });
});
