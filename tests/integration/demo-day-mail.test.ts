// A whole day at the demo café, with SMTP_URL pointing at a real SMTP server
// on loopback: a sign-up, taps that earn rewards, a tap the daily limit
// refuses, a customer who turned notifications off, a reward about to
// expire, a redemption at the counter, the hourly sweeps, and the owner's
// daily summary the next morning. The day produces exactly the expected mails
// (docs/notifications.md lists them) and nothing more.
//
// The queued jobs are worked as a worker would (each queue's handler with the
// job's data, then the job marked completed), but only this file's: every test
// file shares the queue. The day is in 2033, which no other file uses, so the
// sweeps find only this file's rewards due; the owner-summary sweep reads every
// business, so this file turns summaries on only while it holds the lock the
// other file that does so also takes.

import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { registerAccount } from "@/lib/auth/register-account";
import { redeemRewardAtCounter } from "@/lib/rewards/redeem";
import { queryRows } from "@/lib/db/sql";
import { sweepOwnerSummaries } from "@/lib/business/owner-summary-sweep";
import { sweepRewardExpiry } from "@/lib/rewards/expiry-sweeps";
import { recordVisit } from "@/lib/tap/record-visit";
import { JOB_SCHEMA } from "@/lib/jobs/boss";
import { HANDLERS } from "@/lib/jobs/handlers";
import type { QueueName } from "@/lib/jobs/queues";
import { setMailer } from "@/lib/mail";
import { uniqueEmail } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { holdTestLock, OWNER_SUMMARY_LOCK } from "../support/jobs";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

const HOUR = 3_600_000;
/** A moment of the demo day (Tuesday 14 June 2033) or the next, in Madrid's summer time (UTC+2). */
const madrid = (day: 14 | 15, time: string) => new Date(`2033-06-${day}T${time}:00+02:00`);

let smtp: SmtpStandIn;
let releaseLock: () => Promise<void>;

beforeAll(async () => {
  releaseLock = await holdTestLock(OWNER_SUMMARY_LOCK);
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  setMailer(null);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  setMailer(null);
  await smtp.close();
  await releaseLock();
  await db.$disconnect();
});

type Job = { id: string; name: QueueName; data: unknown };

/** Works this day's queued jobs (its people's and its business's), oldest first, as the worker would. */
async function work(people: readonly string[], businessId: string): Promise<void> {
  for (;;) {
    const jobs = await queryRows<Job>(
      `SELECT id::text, name, data FROM ${JOB_SCHEMA}.job
      WHERE state = 'created' AND (data->>'userId' = ANY($1::text[]) OR data->>'businessId' = $2::text)
      ORDER BY created_on, name`,
      [people, businessId],
    );
    if (jobs.length === 0) return;
    for (const job of jobs) {
      const handler = HANDLERS[job.name];
      if (!handler) throw new Error(`no handler for ${job.name}`);
      await handler(job.data, { id: job.id, retryCount: 0 });
      await queryRows(`UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now() WHERE id = $1::uuid`, [
        job.id,
      ]);
    }
  }
}

describe("a day of the demo café", () => {
  it("mails the welcome, each earned reward, the expiry reminder and the owner's summary, once each", async () => {
    const { owner, business, tag } = await createBusiness({
      timezone: "Europe/Madrid",
      programs: [
        stampsProgram(10),
        {
          type: "points",
          name: "Pastry points",
          description: "10 points a visit; 100 points buy a pastry.",
          rules: { pointsPerVisit: 10, threshold: 100 },
          rewardName: "Free pastry",
        },
      ],
    });
    const ownerEmail = uniqueEmail("marta");
    await db.user.update({ where: { id: owner.user.id }, data: { email: ownerEmail, firstName: "Marta" } });
    await db.business.update({ where: { id: business.id }, data: { name: "Café Central", ownerSummary: "DAILY" } });
    const coffeeCard = await db.program.findFirstOrThrow({ where: { businessId: business.id, type: "stamps" } });

    const jordiEmail = uniqueEmail("jordi");
    const jordi = (await createUser({ email: jordiEmail, firstName: "Jordi" })).user;
    const pauEmail = uniqueEmail("pau");
    const pau = (await createUser({ email: pauEmail, firstName: "Pau", notificationsEnabled: false })).user;
    const tap = (userId: string, now: Date) =>
      recordVisit({ userId, businessId: business.id, tagId: tag.id, source: "TAG", now });

    // Before the day: Jordi and Pau came on the nine days before (9 stamps, 90 points each)…
    for (let day = 5; day <= 13; day++) {
      const morning = new Date(`2033-06-${String(day).padStart(2, "0")}T09:30:00+02:00`);
      expect((await tap(jordi.id, morning)).ok).toBe(true);
      expect((await tap(pau.id, new Date(morning.getTime() + HOUR))).ok).toBe(true);
    }
    // …and Jordi has a free coffee from last month that expires on Friday at 10:00.
    const oldCoffee = await db.reward.create({
      data: {
        code: `OLD${randomUUID().replace(/-/g, "").slice(0, 9).toUpperCase()}`,
        businessId: business.id,
        programId: coffeeCard.id,
        userId: jordi.id,
        name: "Free coffee",
        issuedAt: new Date("2033-05-18T10:00:00+02:00"),
        expiresAt: new Date("2033-06-17T10:00:00+02:00"),
      },
    });
    const people = [owner.user.id, jordi.id, pau.id];
    await work(people, business.id);
    expect(smtp.mails.filter((mail) => mail.to.some((to) => [ownerEmail, jordiEmail, pauEmail].includes(to)))).toEqual(
      [],
    );

    // The day, hour by hour: the hourly sweeps (minute 7 and 17) and what happens at the café.
    const laiaEmail = uniqueEmail("laia");
    const events: { at: Date; run: () => Promise<void> }[] = [
      {
        at: madrid(14, "08:30"),
        run: async () => {
          // Laia signs up in Catalan (her welcome), then taps: a first stamp and 10 points, no reward.
          const signUp = await registerAccount(
            { email: laiaEmail, password: "demo-day-pass-1", metadata: { first_name: "Laia" }, tap_id: null },
            "ca",
          );
          if (!signUp.ok) throw new Error("sign-up refused");
          people.push(signUp.user.id);
          expect(await tap(signUp.user.id, madrid(14, "08:35"))).toMatchObject({ ok: true, rewards: [] });
        },
      },
      {
        at: madrid(14, "10:00"),
        run: async () => {
          // Jordi's tenth stamp and hundredth point: two rewards.
          const visit = await tap(jordi.id, madrid(14, "10:00"));
          expect(visit.ok && visit.rewards.map((reward) => reward.name).sort()).toEqual(["Free coffee", "Free pastry"]);
        },
      },
      {
        at: madrid(14, "11:00"),
        // Pau earns his coffee too, but turned notifications off in Settings.
        run: async () => expect((await tap(pau.id, madrid(14, "11:00"))).ok).toBe(true),
      },
      {
        at: madrid(14, "12:00"),
        // Jordi taps again: one visit a day, refused, nothing earned.
        run: async () => expect((await tap(jordi.id, madrid(14, "12:00"))).ok).toBe(false),
      },
      {
        at: madrid(14, "16:00"),
        run: async () => {
          // Marta redeems Jordi's pastry at the counter.
          const pastry = await db.reward.findFirstOrThrow({ where: { userId: jordi.id, name: "Free pastry" } });
          const redeemed = await redeemRewardAtCounter(
            { id: owner.user.id, name: "Marta" },
            { businessId: business.id, customerId: jordi.id, rewardId: pastry.id },
            madrid(14, "16:00"),
          );
          expect(redeemed.ok).toBe(true);
        },
      },
    ];
    for (let t = madrid(14, "00:07").getTime(); t <= madrid(15, "08:17").getTime(); t += HOUR) {
      events.push({ at: new Date(t), run: async () => void (await sweepRewardExpiry(new Date(t))) });
      events.push({
        at: new Date(t + 10 * 60_000),
        run: async () => void (await sweepOwnerSummaries(new Date(t + 10 * 60_000))),
      });
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const event of events) {
      await event.run();
      await work(people, business.id);
    }
    await db.business.update({ where: { id: business.id }, data: { ownerSummary: "OFF" } });

    const ours = [laiaEmail, jordiEmail, pauEmail, ownerEmail];
    const mails = smtp.mails.filter((mail) => mail.to.some((to) => ours.includes(to)));
    expect(mails.map((mail) => [mail.to.join(","), mail.parsed.subject])).toEqual([
      // 07:17, the morning's summary of the day before (Jordi's and Pau's visits).
      [ownerEmail, "Café Central: your day, Jun 13, 2033"],
      [laiaEmail, "Et donem la benvinguda a Loyaltap"],
      [jordiEmail, "You earned Free coffee at Café Central"],
      [jordiEmail, "You earned Free pastry at Café Central"],
      // 10:07, three days before last month's coffee expires.
      [jordiEmail, "Your reward Free coffee at Café Central expires on Jun 17, 2033 10:00"],
      // Pau's reward mails nothing; the next morning, the day's summary.
      [ownerEmail, "Café Central: your day, Jun 14, 2033"],
    ]);

    // Each reward mail carries its own code; the reminder is last month's coffee's.
    const earned = await db.reward.findMany({ where: { userId: jordi.id, issuedAt: madrid(14, "10:00") } });
    expect(earned).toHaveLength(2);
    for (const reward of earned) {
      const mail = mails.find((candidate) => candidate.parsed.subject === `You earned ${reward.name} at Café Central`);
      expect(mail?.parsed.html).toContain(reward.code);
    }
    expect(mails[4]!.parsed.html).toContain(oldCoffee.code);
    // The summaries count their day: on the 13th two visits by regulars (first seen on the 5th); on the 14th three
    // visits (the refused tap is none), one new customer (Laia) and one redemption.
    const counts = (text: string | undefined) =>
      ["Visits", "New customers", "Rewards redeemed"].map(
        (label) => new RegExp(`${label}\\D*(\\d+)`).exec(text ?? "")?.[1],
      );
    expect(counts(mails[0]!.parsed.text)).toEqual(["2", "0", "0"]);
    expect(counts(mails[5]!.parsed.text)).toEqual(["3", "1", "1"]);
  });
});
