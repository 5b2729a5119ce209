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
import { recordVisit } from "@/lib/tap/record-visit";
import { createBusiness, createUser } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";

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
      (await enrolled(campaignId)).map((row) => [row.userId, row.cycle]).sort((a, b) => a.join().localeCompare(b.join()));

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
