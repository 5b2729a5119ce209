// Automations on a real database: each kind enrols exactly the customers due on
// the business's own calendar (Madrid, around its midnight and across its DST
// changes), once per cycle however often the sweep runs, again in a new cycle,
// never while switched off; the held-out draw is the seeded one, recorded per
// row. The reward reminder is the fifth automation: off stops it, on keeps it.
//
// The sweep reads every enabled automation of the shared test database; each
// test reads only its own automation's rows. The times are in 2033-2034, which
// no other test uses.

import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { isHeldOut } from "@/lib/campaigns/holdout";
import { listAutomations, saveAutomation } from "@/lib/campaigns/automations/manage";
import { sweepAutomations } from "@/lib/campaigns/automations/sweep";
import type { AutomationKind } from "@/lib/campaigns/automations/kinds";
import { sweepRewardExpiry } from "@/lib/rewards/expiry-sweeps";
import { setMailer } from "@/lib/mail";
import { sendRewardMail } from "@/lib/notifications/mail-jobs";
import { recordVisit } from "@/lib/tap/record-visit";
import { createBusiness, createUser } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { startSmtpStandIn } from "../support/smtp-server";

afterAll(() => db.$disconnect());

const at = (iso: string) => new Date(iso);

async function turnOn(businessId: string, kind: AutomationKind, extra: Record<string, unknown> = {}) {
  const saved = await saveAutomation(businessId, kind, {
    enabled: true,
    message: "Come back!",
    days: null,
    holdoutPercent: 0,
    offer: null,
    ...extra,
  });
  if (!saved.ok) throw new Error(`save refused: ${JSON.stringify(saved.fieldErrors)}`);
  return saved;
}

/** A customer of the business with the given card facts (and birthday). */
async function member(
  businessId: string,
  facts: { lastVisitAt?: string; firstVisitAt?: string; birthday?: string; rewardsEarned?: number } = {},
) {
  const { user } = await createUser(facts.birthday ? { birthday: at(`${facts.birthday}T00:00:00Z`) } : {});
  const last = facts.lastVisitAt ? at(facts.lastVisitAt) : null;
  const membership = await db.membership.create({
    data: {
      userId: user.id,
      businessId,
      visitCount: last ? 1 : 0,
      firstVisitAt: facts.firstVisitAt ? at(facts.firstVisitAt) : last,
      lastVisitAt: last,
      rewardsEarned: facts.rewardsEarned ?? 0,
    },
  });
  return { userId: user.id, membershipId: membership.id };
}

async function enrolled(campaignId: string) {
  return db.campaignRecipient.findMany({
    where: { campaignId },
    select: { userId: true, cycle: true, heldOut: true, status: true, membershipId: true },
    orderBy: [{ userId: "asc" }, { cycle: "asc" }],
  });
}

const users = (rows: { userId: string }[]) => rows.map((row) => row.userId).sort();

describe("win-back", () => {
  it("enrols who has been away N days on Madrid's calendar, once per lapse, again after a new visit", async () => {
    const { business, tag } = await createBusiness({ timezone: "Europe/Madrid" });
    const { campaignId, id } = await turnOn(business.id, "WIN_BACK", { days: 30 });
    // Sweeps at Monday 11 April 2033 00:30 CEST (22:30 UTC the day before): away 30 days = last visit on 12 March or before.
    const now = at("2033-04-10T22:30:00Z");
    // 12 March 23:30 CET: 30 days away on Madrid's calendar (before the spring change of 27 March).
    const thirty = await member(business.id, { lastVisitAt: "2033-03-12T22:30:00Z" });
    // 13 March 00:30 CET, still 12 March in UTC: 29 days away in Madrid.
    const twentyNine = await member(business.id, { lastVisitAt: "2033-03-12T23:30:00Z" });
    // 59 days away: still within the catch-up; 62 days: left for a campaign.
    const fiftyNine = await member(business.id, { lastVisitAt: "2033-02-11T11:00:00Z" });
    const sixtyTwo = await member(business.id, { lastVisitAt: "2033-02-08T11:00:00Z" });
    await member(business.id); // never visited

    expect((await sweepAutomations(now))[id]).toBe(2);
    const first = await enrolled(campaignId);
    expect(users(first)).toEqual([thirty.userId, fiftyNine.userId].sort());
    expect(first.every((row) => row.status === "QUEUED" && !row.heldOut)).toBe(true);
    expect(users(first)).not.toContain(twentyNine.userId);
    expect(users(first)).not.toContain(sixtyTwo.userId);
    // The sender is woken for the standing campaign.
    expect(await jobsWhere(["campaign.send"], "campaignId", [campaignId])).toHaveLength(1);

    // The same slot again, twice at once, and the next hours: nobody twice.
    const again = await Promise.all([sweepAutomations(now), sweepAutomations(now)]);
    expect(again.map((run) => run[id])).toEqual([0, 0]);
    // 13 March's customer: 30 days away from 12 April 00:30 CEST, not an hour before.
    expect((await sweepAutomations(at("2033-04-11T21:30:00Z")))[id]).toBe(0);
    expect((await sweepAutomations(at("2033-04-11T22:30:00Z")))[id]).toBe(1);
    expect((await sweepAutomations(at("2033-04-11T23:30:00Z")))[id]).toBe(0);

    // A visit starts a new lapse: 30 days after it, a new cycle.
    const visit = await recordVisit({
      userId: thirty.userId,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: at("2033-04-12T10:00:00Z"),
    });
    expect(visit.ok).toBe(true);
    expect((await sweepAutomations(at("2033-05-11T21:30:00Z")))[id]).toBe(0); // 11 May 23:30 CEST: 29 days
    expect((await sweepAutomations(at("2033-05-11T22:30:00Z")))[id]).toBe(1); // 12 May 00:30 CEST: 30 days
    const rows = (await enrolled(campaignId)).filter((row) => row.userId === thirty.userId);
    expect(rows.map((row) => row.cycle)).toEqual(["lapse:2033-03-12T22:30:00.000", "lapse:2033-04-12T10:00:00.000"]);
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
    expect([campaign.status, campaign.recipientCount, campaign.heldOutCount]).toEqual(["SENDING", 4, 0]);
  }, 60_000);
});

describe("birthday", () => {
  it("enrols on the birthday of Madrid's calendar, across the autumn change, once a year", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { campaignId, id } = await turnOn(business.id, "BIRTHDAY", { days: 0 });
    const oct30 = await member(business.id, { birthday: "1990-10-30" });
    const oct31 = await member(business.id, { birthday: "1985-10-31" });
    const leap = await member(business.id, { birthday: "2000-02-29" });
    await member(business.id); // no birthday given
    const cycles = async () =>
      (await enrolled(campaignId))
        .map((row) => [row.userId, row.cycle])
        .sort((a, b) => a.join().localeCompare(b.join()));

    // 29 October 23:30 CEST: nobody's birthday yet.
    expect((await sweepAutomations(at("2033-10-29T21:30:00Z")))[id]).toBe(0);
    // 30 October 00:30 CEST, still the 29th in UTC: the 30th's birthday.
    expect((await sweepAutomations(at("2033-10-29T22:30:00Z")))[id]).toBe(1);
    // Summer time ends at 01:00 UTC on the 30th: 22:30 UTC is 23:30 CET, still the 30th.
    expect((await sweepAutomations(at("2033-10-30T22:30:00Z")))[id]).toBe(0);
    // 31 October 00:30 CET.
    expect((await sweepAutomations(at("2033-10-30T23:30:00Z")))[id]).toBe(1);
    expect((await sweepAutomations(at("2033-10-31T12:00:00Z")))[id]).toBe(0);
    expect(await cycles()).toEqual(
      [
        [oct30.userId, "2033"],
        [oct31.userId, "2033"],
      ].sort((a, b) => a.join().localeCompare(b.join())),
    );

    // 29 February falls on 28 February in 2034, a common year (00:30 CET on the 28th).
    expect((await sweepAutomations(at("2034-02-27T23:30:00Z")))[id]).toBe(1);
    // Next year's birthday is a new cycle (30 October 2034 00:30 CET; the change was on the 29th).
    expect((await sweepAutomations(at("2034-10-29T23:30:00Z")))[id]).toBe(1);
    expect((await cycles()).filter(([userId]) => userId === oct30.userId).map(([, cycle]) => cycle)).toEqual([
      "2033",
      "2034",
    ]);
    expect((await cycles()).filter(([userId]) => userId === leap.userId)).toEqual([[leap.userId, "2034"]]);
  }, 60_000);

  it("enrols some days before the birthday when the owner asks, in the birthday's year", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { campaignId, id } = await turnOn(business.id, "BIRTHDAY", { days: 3 });
    const january = await member(business.id, { birthday: "1970-01-02" });
    // 29 December 23:30 CET: four days before.
    expect((await sweepAutomations(at("2033-12-29T22:30:00Z")))[id]).toBe(0);
    // 30 December 00:30 CET: three days before 2 January 2034.
    expect((await sweepAutomations(at("2033-12-29T23:30:00Z")))[id]).toBe(1);
    expect((await sweepAutomations(at("2033-12-30T12:00:00Z")))[id]).toBe(0);
    expect((await enrolled(campaignId)).map((row) => [row.userId, row.cycle])).toEqual([[january.userId, "2034"]]);
  });
});

describe("one stamp away", () => {
  it("enrols cards one visit short of their reward, once per fill of the card", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const programs = await Promise.all(
      [
        { type: "stamps", rules: { stampsRequired: 5 } },
        { type: "points", rules: { pointsPerVisit: 10, threshold: 100 } },
        { type: "visits", rules: { visitsRequired: 3 } },
        { type: "stamps", rules: { stampsRequired: 5 }, active: false },
        { type: "birthday", rules: { windowDays: 7 } },
      ].map((program) =>
        db.program.create({ data: { businessId: business.id, name: program.type, rewardName: "Coffee", ...program } }),
      ),
    );
    const [stamps, points, visits, archived, birthday] = programs.map((program) => program.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const { campaignId, id } = await turnOn(business.id, "ONE_STAMP_AWAY");
    const card = async (counts: Record<string, number>) => {
      const customer = await member(business.id, { lastVisitAt: "2033-06-01T10:00:00Z" });
      for (const [programId, count] of Object.entries(counts))
        await db.progress.create({ data: { membershipId: customer.membershipId, programId, count, total: count } });
      return customer;
    };
    const fourStamps = await card({ [stamps]: 4 });
    const threeStamps = await card({ [stamps]: 3 });
    const ninetyPoints = await card({ [points]: 90 });
    const ninetyNinePoints = await card({ [points]: 99 });
    const eightyNinePoints = await card({ [points]: 89 });
    const twoVisits = await card({ [visits]: 2 });
    const twoCards = await card({ [stamps]: 4, [visits]: 2 });
    await card({ [archived]: 4, [birthday]: 0 });

    const now = at("2033-06-02T10:27:00Z");
    expect((await sweepAutomations(now))[id]).toBe(5);
    const rows = await enrolled(campaignId);
    expect(users(rows)).toEqual(
      [fourStamps, ninetyPoints, ninetyNinePoints, twoVisits, twoCards].map((c) => c.userId).sort(),
    );
    expect(users(rows)).not.toContain(threeStamps.userId);
    expect(users(rows)).not.toContain(eightyNinePoints.userId);
    expect(rows.find((row) => row.userId === fourStamps.userId)?.cycle).toBe(`${stamps}:0`);
    expect((await sweepAutomations(now))[id]).toBe(0);

    // The card fills (a reward), then comes within one stamp again: a new cycle.
    await db.membership.update({ where: { id: fourStamps.membershipId }, data: { rewardsEarned: 1 } });
    expect((await sweepAutomations(at("2033-06-09T10:27:00Z")))[id]).toBe(1);
    expect(
      (await enrolled(campaignId)).filter((row) => row.userId === fourStamps.userId).map((row) => row.cycle),
    ).toEqual([`${stamps}:0`, `${stamps}:1`]);
  });
});

describe("welcome", () => {
  it("enrols a first visit of the last day with no visit since, once, with the seeded holdout recorded", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const { campaignId, id } = await turnOn(business.id, "WELCOME", { holdoutPercent: 50 });
    const now = at("2033-07-01T10:27:00Z");
    const fresh = [];
    for (let i = 0; i < 30; i++) fresh.push(await member(business.id, { lastVisitAt: "2033-07-01T08:00:00Z" }));
    const cameBack = await member(business.id, {
      firstVisitAt: "2033-07-01T08:00:00Z",
      lastVisitAt: "2033-07-01T09:00:00Z",
    });
    const yesterday = await member(business.id, { lastVisitAt: "2033-06-30T10:00:00Z" });
    const later = await member(business.id, { lastVisitAt: "2033-07-01T11:00:00Z" });

    expect((await sweepAutomations(now))[id]).toBe(30);
    const rows = await enrolled(campaignId);
    expect(users(rows)).toEqual(users(fresh));
    for (const other of [cameBack, yesterday, later]) expect(users(rows)).not.toContain(other.userId);
    expect(rows.every((row) => row.cycle === "first")).toBe(true);

    // The draw is the campaign's seeded one (isHeldOut), recorded on each row.
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
    for (const row of rows) {
      expect(row.heldOut).toBe(isHeldOut(campaign.seed, row.userId, 50));
      expect(row.status).toBe(row.heldOut ? "HELD_OUT" : "QUEUED");
    }
    const heldOut = rows.filter((row) => row.heldOut).length;
    expect(heldOut).toBeGreaterThan(0);
    expect(heldOut).toBeLessThan(30);
    expect([campaign.recipientCount, campaign.heldOutCount]).toEqual([30, heldOut]);
    const [view] = (await listAutomations(business.id)).filter((automation) => automation.kind === "WELCOME");
    expect([view?.recipients, view?.heldOut]).toEqual([30, heldOut]);

    // Later that day, the 11:00 first visit is due; the others are not again.
    expect((await sweepAutomations(at("2033-07-01T20:27:00Z")))[id]).toBe(1);
    expect((await sweepAutomations(at("2033-07-02T07:27:00Z")))[id]).toBe(0);
  });
});

describe("switched off", () => {
  it("enrols nobody, and the due customers once it is on again", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const due = await member(business.id, { lastVisitAt: "2033-08-01T10:00:00Z" });
    const { campaignId, id } = await turnOn(business.id, "WIN_BACK", { days: 30, enabled: false });
    const now = at("2033-09-01T10:27:00Z");
    expect((await sweepAutomations(now))[id]).toBeUndefined();
    expect(await enrolled(campaignId)).toEqual([]);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).status).toBe("DRAFT");
    await turnOn(business.id, "WIN_BACK", { days: 30 });
    expect((await sweepAutomations(now))[id]).toBe(1);
    expect(users(await enrolled(campaignId))).toEqual([due.userId]);
  });
});

describe("reward about to expire", () => {
  const reward = (businessId: string, userId: string) =>
    db.reward.create({
      data: {
        code: randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase(),
        businessId,
        userId,
        name: "Free coffee",
        expiresAt: at("2033-11-20T10:00:00Z"),
        issuedAt: at("2033-11-01T00:00:00Z"),
        status: "AVAILABLE",
      },
    });
  const QUEUES = ["mail.reward-expiring", "push.reward-expiring"];

  it("is on by default, stops when switched off, reminds again when switched on, each reminder recorded", async () => {
    const never = await createBusiness({ timezone: "Europe/Madrid" });
    const off = await createBusiness({ timezone: "Europe/Madrid" });
    const { user } = await createUser();
    const neverSaved = await reward(never.business.id, user.id);
    const switchedOff = await reward(off.business.id, user.id);
    const views = await listAutomations(off.business.id);
    expect(views.find((view) => view.kind === "REWARD_EXPIRING")).toMatchObject({ enabled: true, saved: false });
    const saved = await saveAutomation(off.business.id, "REWARD_EXPIRING", {
      enabled: false,
      message: "Your coffee expires soon!",
      holdoutPercent: 0,
    });
    expect(saved.ok).toBe(true);

    // 17 November, three days before: the business that never saved it reminds, the one that switched it off does not.
    expect(await sweepRewardExpiry(at("2033-11-17T10:07:00Z"))).toEqual([neverSaved.id]);
    expect(await jobsWhere(QUEUES, "rewardId", [switchedOff.id])).toHaveLength(0);
    expect(await jobsWhere(QUEUES, "rewardId", [neverSaved.id])).toHaveLength(2);

    // Switched on: the next sweep reminds, and the reminder is the automation's enrolment (cycle: the reward).
    const on = await saveAutomation(off.business.id, "REWARD_EXPIRING", {
      enabled: true,
      message: "Your coffee expires soon!",
      holdoutPercent: 0,
    });
    if (!on.ok) throw new Error("refused");
    expect(await sweepRewardExpiry(at("2033-11-17T11:07:00Z"))).toEqual([switchedOff.id]);
    expect(await jobsWhere(QUEUES, "rewardId", [switchedOff.id])).toHaveLength(2);
    expect(await sweepRewardExpiry(at("2033-11-17T12:07:00Z"))).toEqual([]);
    const rows = await enrolled(on.campaignId);
    expect(rows.map((row) => [row.userId, row.cycle, row.heldOut, row.status])).toEqual([
      [user.id, switchedOff.id, false, "SENT"],
    ]);
    // The hourly automations sweep leaves it to the expiry sweep.
    expect((await sweepAutomations(at("2033-11-17T12:27:00Z")))[on.id]).toBeUndefined();
  });
});

describe("the reminder's wording", () => {
  it("carries the owner's words as typed once saved, and the mail's own wording before", async () => {
    const smtp = await startSmtpStandIn();
    process.env.SMTP_URL = smtp.url;
    setMailer(null);
    try {
      const saved = await createBusiness({ timezone: "Europe/Madrid" });
      const never = await createBusiness({ timezone: "Europe/Madrid" });
      const words = "Marta here: your coffee is waiting, don't let it go to waste!";
      expect(
        (
          await saveAutomation(saved.business.id, "REWARD_EXPIRING", {
            enabled: true,
            message: words,
            holdoutPercent: 0,
          })
        ).ok,
      ).toBe(true);
      const mailFor = async (businessId: string) => {
        const { user } = await createUser();
        const reward = await db.reward.create({
          data: {
            code: randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase(),
            businessId,
            userId: user.id,
            name: "Free coffee",
            expiresAt: at("2033-12-20T10:00:00Z"),
            issuedAt: at("2033-12-01T00:00:00Z"),
            status: "AVAILABLE",
          },
        });
        await sendRewardMail(
          "expiring",
          { rewardId: reward.id, userId: user.id, businessId },
          at("2033-12-17T10:07:00Z"),
        );
        const [mail] = smtp.to(user.email!);
        return mail?.parsed.text ?? "";
      };
      expect(await mailFor(saved.business.id)).toContain(words);
      const plain = await mailFor(never.business.id);
      expect(plain).toContain("Free coffee");
      expect(plain).not.toContain(words);
    } finally {
      delete process.env.SMTP_URL;
      setMailer(null);
      await smtp.close();
    }
  });
});

describe("saving", () => {
  it("refuses out-of-bounds settings with a clear message and changes nothing", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const other = await createBusiness({
      programs: [{ type: "stamps", name: "Card", rules: { stampsRequired: 5 }, rewardName: "Coffee" }],
    });
    const otherProgram = await db.program.findFirstOrThrow({ where: { businessId: other.business.id } });
    const good = { enabled: true, message: "Hello", days: 30, holdoutPercent: 10, offer: null };
    const refusals: [AutomationKind, Record<string, unknown>, string, string][] = [
      ["WIN_BACK", { days: 3 }, "days", "automations.errors.daysBetween"],
      ["WIN_BACK", { days: 366 }, "days", "automations.errors.daysBetween"],
      ["BIRTHDAY", { days: 31 }, "days", "automations.errors.daysBetween"],
      ["WIN_BACK", { message: "x".repeat(241) }, "message", "validation.tooLong"],
      ["WIN_BACK", { message: "   " }, "message", "validation.required"],
      ["WIN_BACK", { holdoutPercent: 51 }, "holdoutPercent", "validation.numberAtMost"],
      ["REWARD_EXPIRING", { holdoutPercent: 10 }, "holdoutPercent", "validation.numberAtMost"],
      [
        "WIN_BACK",
        { offer: { kind: "STAMPS", programId: otherProgram.id, amount: 1 } },
        "offer.programId",
        "automations.errors.program",
      ],
      [
        "WIN_BACK",
        { offer: { kind: "STAMPS", programId: "x", amount: 0 } },
        "offer.amount",
        "validation.numberAtLeast",
      ],
    ];
    for (const [kind, change, field, key] of refusals) {
      const outcome = await saveAutomation(business.id, kind, { ...good, ...change });
      expect(outcome).toMatchObject({ ok: false, fieldErrors: { [field]: { key } } });
    }
    expect(await saveAutomation(business.id, "WIN_BACK", { ...good, days: 3 })).toMatchObject({
      ok: false,
      error: { key: "automations.errors.daysBetween", values: { min: 7, max: 365 } },
    });
    expect(await db.automation.count({ where: { businessId: business.id } })).toBe(0);
    expect(await db.campaign.count({ where: { businessId: business.id } })).toBe(0);

    // A good save is kept as typed; a bad one after it leaves it as it was.
    const ok = await saveAutomation(business.id, "WIN_BACK", { ...good, message: "  Vuelve pronto 🙂 " });
    expect(ok.ok).toBe(true);
    await saveAutomation(business.id, "WIN_BACK", { ...good, days: 1000, message: "Changed" });
    const view = (await listAutomations(business.id, "es")).find((automation) => automation.kind === "WIN_BACK");
    expect(view).toMatchObject({ saved: true, enabled: true, message: "Vuelve pronto 🙂", days: 30 });
  });

  it("lists every kind with its default wording in the owner's language until saved", async () => {
    const { business } = await createBusiness({ timezone: "Europe/Madrid" });
    const views = await listAutomations(business.id, "ca");
    expect(views.map((view) => [view.kind, view.enabled, view.days])).toEqual([
      ["WIN_BACK", false, 30],
      ["BIRTHDAY", false, 0],
      ["ONE_STAMP_AWAY", false, null],
      ["WELCOME", false, null],
      ["REWARD_EXPIRING", true, null],
    ]);
    expect(views[1]?.message).toBe("Per molts anys! Passa i ho celebrem amb tu.");
  });
});
