import { randomUUID } from "node:crypto";
import { POST as apiVisit } from "@/app/api/v1/visits/route";
import { POST as startCard } from "@/app/tap/start/route";
import { createApiKey } from "@/lib/api-keys/manage";
import { pauseBusiness, reopenBusiness, sweepEndedPauses } from "@/lib/business/pause-business";
import { db } from "@/lib/db";
import { markExpiredRewards } from "@/lib/db/sweeps";
import { getPassContent } from "@/lib/db/wallet-pass";
import { getBoss } from "@/lib/jobs/boss";
import { HANDLERS } from "@/lib/jobs/handlers";
import { recordPurchase } from "@/lib/purchases/record-purchase";
import { recordVisitViaQr } from "@/lib/qr/counter-visit";
import { sweepRewardExpiry } from "@/lib/rewards/expiry-sweeps";
import { redeemReward } from "@/lib/rewards/redeem";
import { recordTap, type TapRecordResult } from "@/lib/tap/record";
import { tapCheckJson } from "@/lib/tap/api-shape";
import { loadTapState } from "@/lib/tap/state";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { call } from "../support/api";
import { text } from "../support/catalog";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";
import { jobsWhere } from "../support/jobs";

// Closed for a season (docs/business-lifecycle.md) on a real database. The
// process runs in a zone that is neither UTC nor the businesses' own (jest
// config): the reopening morning is the business's, whatever the server's.
// Sweeps read every business and reward of the shared database: they run at
// moments no other file uses (the year 2000 for expired rewards, 2037 for
// reminders), so what they find is this file's.

process.env.LOYALTAP_TEST_CLOCK = "1";
// Each test makes a business with a few visits first: room for a loaded machine.
jest.setTimeout(30_000);

const ISSUER = "3388000000022200077";
const issuer = testGoogleIssuer(ISSUER, "wallet@loyaltap-pause.iam.gserviceaccount.com");
const saved = { ...process.env };
let service: GoogleWalletService;

beforeAll(async () => {
  service = await issuer.start();
  await getBoss();
});
beforeEach(() => {
  forgetAccessTokens();
  Object.assign(process.env, issuer.env(service));
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await service.close();
  await db.$disconnect();
});

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const identity = (userId: string) => ({ userId, sessionVersion: 0 });
const job = { id: "test-job", retryCount: 0 };
/** The answer with its message as an English client reads it. */
const inEnglish = ({ httpStatus, body }: TapRecordResult) => ({
  httpStatus,
  body: { ...body, message: text("en", body.message) },
});

/** Everything a counted visit, purchase or redemption would have written for the business. */
async function written(businessId: string) {
  const [taps, counts, stats, purchases, redeemed, audit, members] = await Promise.all([
    db.tap.count({ where: { businessId } }),
    db.dailyTapCount.findMany({ where: { businessId }, select: { userId: true, day: true, count: true } }),
    db.businessDailyStat.findMany({ where: { businessId }, select: { day: true, visits: true } }),
    db.purchase.count({ where: { businessId } }),
    db.reward.count({ where: { businessId, status: "REDEEMED" } }),
    db.auditLog.count({ where: { businessId, action: { in: ["VISIT_RECORDED", "PURCHASE_RECORDED", "REDEMPTION"] } } }),
    db.membership.findMany({ where: { businessId }, select: { userId: true, visitCount: true } }),
  ]);
  return { taps, counts, stats, purchases, redeemed, audit, members };
}

/**
 * A Madrid café with a 2-stamp card (rewards valid 30 days) and a spend card,
 * a customer who earned a reward on 2 and 3 February, an API key, and a staff
 * member at the counter.
 */
async function cafe(timezone = "Europe/Madrid") {
  const setup = await createBusiness({
    dailyTapLimit: 1,
    timezone,
    programs: [
      stampsProgram(2, { rewardExpiryDays: 30 }),
      {
        type: "points",
        name: "Spend card",
        rules: { pointsPerVisit: 0, threshold: 100, pointsPerEuro: 2, minimumCents: 0 },
        rewardName: "Free lunch",
      },
    ],
  });
  const customer = await createUser();
  for (const iso of ["2027-02-02T10:00:00Z", "2027-02-03T10:00:00Z"])
    expect((await recordTap(identity(customer.user.id), setup.tag.id, at(iso))).httpStatus).toBe(200);
  const reward = await db.reward.findFirstOrThrow({ where: { businessId: setup.business.id } });
  const key = await createApiKey(setup.owner.user.id, setup.business.id, { name: "Till", scopes: ["visits"] });
  return { ...setup, customer, reward, key: key!.key };
}

/** POST /api/v1/visits with the business's key for one of its customers (their card's id). */
async function apiVisitAt(key: string, customerId: string, now: string) {
  const response = await apiVisit(
    new Request("http://localhost/api/v1/visits", {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "x-loyaltap-now": now,
      },
      body: JSON.stringify({ customerId }),
    }),
    { params: Promise.resolve(undefined as unknown as Record<string, string>) },
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("closed for the season: nothing counts", () => {
  it("a tap, the counter, the API, a purchase and a redemption are refused with the reopening day, and nothing is written", async () => {
    const { owner, business, tag, customer, reward, key } = await cafe();
    expect(await pauseBusiness(owner.user.id, business.id, "2027-03-01", at("2027-02-10T09:00:00Z"))).toEqual({
      ok: true,
    });
    const before = await written(business.id);
    const during = at("2027-02-20T10:00:00Z");

    const tapped = await recordTap(identity(customer.user.id), tag.id, during);
    expect(inEnglish(tapped)).toEqual({
      httpStatus: 409,
      body: {
        status: "error",
        code: "business_closed",
        message: `${business.name} is closed for the season until 1 March. Your card is safe.`,
        tag_id: tag.id,
        closed: {
          business: business.name,
          until: "2027-03-01",
          reopens_at: "2027-02-28T23:00:00.000Z",
          time_zone: "Europe/Madrid",
        },
      },
    });
    // The same answer in the customer's language.
    expect(text("es", tapped.body.message)).toBe(
      `${business.name} está cerrado por temporada hasta el 1 de marzo. Tu tarjeta sigue guardada.`,
    );
    expect(text("ca", tapped.body.message)).toBe(
      `${business.name} està tancat per temporada fins al dia 1 de març. La teva targeta es conserva.`,
    );

    const counter = await recordVisitViaQr(owner.user.id, business.id, customer.user.id, during);
    expect(counter.ok).toBe(false);
    expect(!counter.ok && text("en", counter.error)).toBe(
      `${business.name} is closed for the season until 1 March: no visit, purchase or redemption counts until it reopens.`,
    );

    const card = await db.membership.findFirstOrThrow({ where: { businessId: business.id, userId: customer.user.id } });
    const api = await apiVisitAt(key, card.id, during.toISOString());
    expect(api.status).toBe(409);
    expect(api.json).toMatchObject({ code: "business-closed", title: "Closed for the season" });
    expect(api.json.detail).toContain("until 1 March");

    const purchase = await recordPurchase({
      businessId: business.id,
      customer: { userId: customer.user.id },
      amountCents: 2_000,
      actor: { kind: "user", id: owner.user.id },
      now: during,
    });
    expect(purchase).toEqual({
      ok: false,
      reason: "business_closed",
      businessName: business.name,
      until: "2027-03-01",
    });

    const redemption = await redeemReward(owner.user.id, { rewardId: reward.id }, during);
    expect(redemption).toMatchObject({
      ok: false,
      code: "business_closed",
      closed: { business: business.name, until: "2027-03-01" },
    });

    // The daily counters, the insights' counts, the cards and the audit log are as they were.
    expect(await written(business.id)).toEqual(before);
  });

  it("'Start my card' from a page that still offered it: no guest is made, and the visitor is told it is closed", async () => {
    const { owner, business, tag } = await cafe();
    expect(await pauseBusiness(owner.user.id, business.id, null, new Date(Date.now() - 60_000))).toEqual({ ok: true });
    const guests = () => db.user.count({ where: { guest: true, memberships: { some: { businessId: business.id } } } });
    const answer = await call(startCard, "POST", "/tap/start", {
      rawBody: new URLSearchParams({ id: tag.id, lang: "en" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain(`${business.name} is closed for the season. Your card is safe.`);
    expect(await guests()).toBe(0);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(2);
  });

  it("until reopened: refused without a day; the owner reopens and the next tap counts", async () => {
    const { owner, business, tag, customer } = await cafe();
    expect(await pauseBusiness(owner.user.id, business.id, null, at("2027-02-10T09:00:00Z"))).toEqual({ ok: true });
    const refused = await recordTap(identity(customer.user.id), tag.id, at("2027-06-01T10:00:00Z"));
    expect(inEnglish(refused).body.message).toBe(`${business.name} is closed for the season. Your card is safe.`);
    expect(refused.body).toMatchObject({ closed: { until: null, reopens_at: null } });
    // GET /api/tap says it too, from the tag's landing.
    const looked = tapCheckJson(await loadTapState(tag.id, null, at("2027-06-01T10:00:00Z")));
    expect(looked).toMatchObject({
      closed: { business: business.name, until: null, reopens_at: null, time_zone: "Europe/Madrid" },
    });

    expect((await reopenBusiness(owner.user.id, business.id, at("2027-06-01T11:00:00Z"))).ok).toBe(true);
    expect((await recordTap(identity(customer.user.id), tag.id, at("2027-06-01T12:00:00Z"))).httpStatus).toBe(200);
    expect(tapCheckJson(await loadTapState(tag.id, null, at("2027-06-01T12:00:00Z")))).not.toHaveProperty("closed");
  });

  it("only the owner pauses or reopens: anyone else, staff included, gets the answer of a business that does not exist", async () => {
    const { business } = await cafe();
    const stranger = await createUser();
    await db.businessStaff.create({ data: { businessId: business.id, userId: stranger.user.id } });
    const now = at("2027-02-10T09:00:00Z");
    expect(await pauseBusiness(stranger.user.id, business.id, "2027-03-01", now)).toMatchObject({ ok: false });
    expect(await reopenBusiness(stranger.user.id, business.id, now)).toMatchObject({ ok: false });
    expect(await db.business.findUniqueOrThrow({ where: { id: business.id } })).toMatchObject({
      pausedAt: null,
      pausedUntil: null,
    });
  });

  it("a reopening day must be after today and at most a year ahead, on the business's calendar", async () => {
    const { owner, business } = await cafe("Pacific/Auckland");
    // 11:30 UTC on 10 February is already 11 February in Auckland.
    const now = at("2027-02-10T11:30:00Z");
    expect(await pauseBusiness(owner.user.id, business.id, "2027-02-11", now)).toMatchObject({
      ok: false,
      fieldErrors: { until: "lifecycle.pause.errors.dateTooSoon" },
    });
    expect(await pauseBusiness(owner.user.id, business.id, "2028-03-01", now)).toMatchObject({
      ok: false,
      fieldErrors: { until: "lifecycle.pause.errors.dateTooFar" },
    });
    expect(await pauseBusiness(owner.user.id, business.id, "2027-02-12", now)).toEqual({ ok: true });
  });
});

describe("the pause ends by itself on the morning of its day, in the business's zone", () => {
  it.each([
    // Madrid is UTC+1 in February: 1 March starts at 23:00 UTC on 28 February.
    ["Europe/Madrid", "2027-02-28T22:59:59Z", "2027-02-28T23:00:00Z"],
    // Auckland is UTC+13 in summer: 1 March starts at 11:00 UTC on 28 February.
    ["Pacific/Auckland", "2027-02-28T10:59:59Z", "2027-02-28T11:00:00Z"],
    // New York (the tests' own zone) is UTC-5: 1 March starts at 05:00 UTC on 1 March.
    ["America/New_York", "2027-03-01T04:59:59Z", "2027-03-01T05:00:00Z"],
  ])("%s: a second before midnight it is closed; at midnight the tap counts", async (timezone, before, after) => {
    const { owner, business, tag, customer } = await cafe(timezone);
    expect(await pauseBusiness(owner.user.id, business.id, "2027-03-01", at("2027-02-10T12:00:00Z"))).toEqual({
      ok: true,
    });
    const closed = await recordTap(identity(customer.user.id), tag.id, at(before));
    expect(closed).toMatchObject({ httpStatus: 409, body: { code: "business_closed" } });
    expect(closed.body).toMatchObject({ closed: { reopens_at: new Date(after).toISOString() } });
    expect((await recordTap(identity(customer.user.id), tag.id, at(after))).httpStatus).toBe(200);
  });
});

describe("rewards do not expire while closed", () => {
  /** A reward of the business as the sweep or a reopening finds it. */
  async function rewardOf(
    businessId: string,
    userId: string,
    issuedAt: string,
    expiresAt: string | null,
    status: "AVAILABLE" | "REDEEMED" = "AVAILABLE",
  ) {
    return db.reward.create({
      data: {
        code: randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase(),
        businessId,
        userId,
        name: "Free coffee",
        status,
        issuedAt: at(issuedAt),
        expiresAt: expiresAt ? at(expiresAt) : null,
      },
    });
  }
  const expiryOf = async (id: string) =>
    (await db.reward.findUniqueOrThrow({ where: { id }, select: { expiresAt: true } })).expiresAt?.toISOString() ??
    null;

  it("reopening moves each ready reward's expiry on by the time it spent closed, in one audited statement", async () => {
    const { owner, business, customer } = await cafe();
    const pausedAt = at("2027-04-01T08:00:00Z");
    const reopenedAt = at("2027-04-11T08:00:00Z"); // ten days later
    const userId = customer.user.id;
    const valid = await rewardOf(business.id, userId, "2027-03-20T10:00:00Z", "2027-04-19T10:00:00Z");
    const expiresDuring = await rewardOf(business.id, userId, "2027-03-05T10:00:00Z", "2027-04-04T10:00:00Z");
    const expiredBefore = await rewardOf(business.id, userId, "2027-02-01T10:00:00Z", "2027-03-03T10:00:00Z");
    const redeemed = await rewardOf(business.id, userId, "2027-03-20T10:00:00Z", "2027-04-19T10:00:00Z", "REDEEMED");
    const forever = await rewardOf(business.id, userId, "2027-03-20T10:00:00Z", null);
    // Given during the pause (a campaign's offer): its clock starts at the reopening.
    const givenDuring = await rewardOf(business.id, userId, "2027-04-06T08:00:00Z", "2027-05-06T08:00:00Z");

    expect(await pauseBusiness(owner.user.id, business.id, null, pausedAt)).toEqual({ ok: true });
    expect(await reopenBusiness(owner.user.id, business.id, reopenedAt)).toEqual({ ok: true, rewardsMoved: 3 });

    expect({
      valid: await expiryOf(valid.id),
      expiresDuring: await expiryOf(expiresDuring.id),
      expiredBefore: await expiryOf(expiredBefore.id),
      redeemed: await expiryOf(redeemed.id),
      forever: await expiryOf(forever.id),
      givenDuring: await expiryOf(givenDuring.id),
    }).toEqual({
      valid: "2027-04-29T10:00:00.000Z",
      expiresDuring: "2027-04-14T10:00:00.000Z",
      expiredBefore: "2027-03-03T10:00:00.000Z",
      redeemed: "2027-04-19T10:00:00.000Z",
      forever: null,
      givenDuring: "2027-05-11T08:00:00.000Z",
    });
    const audit = await db.auditLog.findMany({
      where: { businessId: business.id, action: { in: ["BUSINESS_PAUSED", "BUSINESS_REOPENED"] } },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorId: true, details: true },
    });
    expect(audit).toEqual([
      { action: "BUSINESS_PAUSED", actorId: owner.user.id, details: {} },
      {
        action: "BUSINESS_REOPENED",
        actorId: owner.user.id,
        details: { reopenedAt: reopenedAt.toISOString(), by: "owner", rewardsMoved: 3 },
      },
    ]);
    expect(await db.business.findUniqueOrThrow({ where: { id: business.id } })).toMatchObject({
      pausedAt: null,
      pausedUntil: null,
    });
  });

  it("the hourly sweep settles a pause that ended by its date as of that morning, once", async () => {
    const { owner, business, customer } = await cafe();
    const reward = await rewardOf(business.id, customer.user.id, "2000-01-01T10:00:00Z", "2000-01-21T10:00:00Z");
    // Closed from 10 January until the morning of 1 February, Madrid: 2000-01-31T23:00Z, 21 days and 15 hours.
    expect(await pauseBusiness(owner.user.id, business.id, "2000-02-01", at("2000-01-10T08:00:00Z"))).toEqual({
      ok: true,
    });
    const settled = await sweepEndedPauses(at("2000-02-01T06:07:00Z"));
    expect(settled).toEqual([{ businessId: business.id, endedAt: at("2000-01-31T23:00:00Z"), rewardsMoved: 1 }]);
    expect(await sweepEndedPauses(at("2000-02-01T07:07:00Z"))).toEqual([]);
    expect(await expiryOf(reward.id)).toBe("2000-02-12T01:00:00.000Z");
    const audit = await db.auditLog.findFirstOrThrow({
      where: { businessId: business.id, action: "BUSINESS_REOPENED" },
    });
    expect(audit).toMatchObject({ actorId: null, details: { by: "date", rewardsMoved: 1 } });
  });

  it("while closed, the expiry sweeps and the expiry reminder leave its rewards alone", async () => {
    const paused = await cafe();
    const open = await cafe();
    // Expired in the year 2000: only this file's rewards are that old.
    const pausedOld = await rewardOf(
      paused.business.id,
      paused.customer.user.id,
      "2000-05-01T10:00:00Z",
      "2000-06-01T10:00:00Z",
    );
    const openOld = await rewardOf(
      open.business.id,
      open.customer.user.id,
      "2000-05-01T10:00:00Z",
      "2000-06-01T10:00:00Z",
    );
    // Expiring within three days of a sweep in 2037.
    const pausedSoon = await rewardOf(
      paused.business.id,
      paused.customer.user.id,
      "2037-05-01T10:00:00Z",
      "2037-06-02T10:00:00Z",
    );
    const openSoon = await rewardOf(
      open.business.id,
      open.customer.user.id,
      "2037-05-01T10:00:00Z",
      "2037-06-02T10:00:00Z",
    );
    expect(await pauseBusiness(paused.owner.user.id, paused.business.id, null, at("2000-05-15T10:00:00Z"))).toEqual({
      ok: true,
    });

    await markExpiredRewards(at("2000-07-01T10:00:00Z"), async () => undefined);
    const reminded = await sweepRewardExpiry(at("2037-06-01T10:07:00Z"));

    const swept = await db.reward.findMany({
      where: { id: { in: [pausedOld.id, openOld.id] } },
      select: { id: true, expirySweptAt: true },
    });
    expect(Object.fromEntries(swept.map((r) => [r.id, r.expirySweptAt !== null]))).toEqual({
      [pausedOld.id]: false,
      [openOld.id]: true,
    });
    expect(reminded).toContain(openSoon.id);
    expect(reminded).not.toContain(pausedSoon.id);
    expect(await jobsWhere(["mail.reward-expiring"], "rewardId", [pausedSoon.id])).toEqual([]);
  });
});

describe("wallet cards say it", () => {
  it("pausing refreshes every card of the business: its Google Wallet card says 'Closed until 1 March'; reopening takes it off", async () => {
    const { owner, business, customer } = await cafe();
    const membership = await db.membership.findFirstOrThrow({ where: { businessId: business.id } });
    await db.googleWalletObject.create({
      data: { membershipId: membership.id, objectId: `${ISSUER}.${membership.id}` },
    });
    await db.user.update({ where: { id: customer.user.id }, data: { language: "es" } });
    const objectId = `${ISSUER}.${membership.id}`;

    const refresh = async () => {
      const changed = await jobsWhere(["wallet.business-changed"], "businessId", [business.id]);
      for (const queued of changed) await HANDLERS["wallet.business-changed"]!(queued.data, job);
      const updates = await jobsWhere(["wallet.google-update"], "membershipId", [membership.id]);
      await HANDLERS["wallet.google-update"]!(updates.at(-1)!.data, job);
      return service.objects.get(objectId) as { textModulesData?: { id: string; header: string; body: string }[] };
    };

    const now = new Date();
    const until = new Date(now.getTime() + 20 * DAY).toISOString().slice(0, 10);
    expect(await pauseBusiness(owner.user.id, business.id, until, now)).toEqual({ ok: true });
    expect((await getPassContent(membership.id))?.closed).toEqual({ until });
    const closed = await refresh();
    expect(closed.textModulesData?.[0]).toMatchObject({ id: "closed", header: "Cerrado por temporada" });
    expect(closed.textModulesData?.[0]?.body).toMatch(/^Cerrado hasta el \d{1,2} de [a-z]+$/);

    expect((await reopenBusiness(owner.user.id, business.id, new Date())).ok).toBe(true);
    expect((await getPassContent(membership.id))?.closed).toBeNull();
    const reopened = await refresh();
    expect(reopened.textModulesData?.map((m) => m.id)).toEqual(["program"]);
  });
});
