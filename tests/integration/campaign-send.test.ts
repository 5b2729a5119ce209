import webpush from "web-push";
import { applyCampaignOffer } from "@/lib/campaigns/apply-offer";
import { getMarketingConsent, saveOutreachSettings } from "@/lib/campaigns/consent";
import { holdoutDraw, isHeldOut } from "@/lib/campaigns/holdout";
import { cancelCampaign, createCampaign, scheduleCampaign, sendTestMessage } from "@/lib/campaigns/manage";
import { campaignPreview } from "@/lib/campaigns/preview";
import { campaignProgress } from "@/lib/campaigns/progress";
import { campaignConcurrency, sendCampaignBatch, startCampaign } from "@/lib/campaigns/send";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { mailer, setMailer } from "@/lib/mail";
import { GET as clickRoute } from "@/app/api/campaigns/click/route";
import { GET as openRoute } from "@/app/api/campaigns/open/route";
import { POST as unsubscribeRoute } from "@/app/api/campaigns/unsubscribe/route";
import { jobsWhere } from "../support/jobs";
import { campaignBusiness, customer, draft, dropCampaignJobs, manyCustomers } from "../support/campaigns";
import { browserSubscription, decryptPush, startPushService, type PushService } from "../support/push-service";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";

// The campaign engine on a real PostgreSQL and the real job queue, with the
// stand-ins for the mail server, the browsers' push service and Google
// Wallet. The handlers are run by the test at chosen moments (`now`), so the
// business's clock (quiet hours) and the cap's days can be played.

jest.mock("@/lib/campaigns/apply-offer", () => ({
  applyCampaignOffer: jest.fn(async () => ({ applied: true, rewardId: null })),
}));
const applied = applyCampaignOffer as jest.MockedFunction<typeof applyCampaignOffer>;

const vapid = webpush.generateVAPIDKeys();
const issuer = testGoogleIssuer("3388000000022277777", "campaigns@loyaltap-test.iam.gserviceaccount.com");
const saved = { ...process.env };
let smtp: SmtpStandIn;
let push: PushService;
let google: GoogleWalletService;
const campaigns: string[] = [];

// Noon in Madrid on a June Monday: outside the default quiet hours.
const NOON = new Date("2030-06-10T10:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  push = await startPushService();
  google = await issuer.start();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    LOYALTAP_TEST_PUSH_ORIGINS: push.origin,
    SITE_URL: "https://loyaltap.example",
    ...issuer.env(google),
  });
});
afterEach(async () => {
  await dropCampaignJobs(campaigns);
});
afterAll(async () => {
  await smtp.close();
  await push.close();
  await google.close();
  process.env = { ...saved };
  await db.$disconnect();
});

async function scheduled(ownerId: string, input: ReturnType<typeof draft>, now = NOON, at: Date | null = null) {
  const created = await createCampaign(ownerId, input);
  if (!created.ok) throw new Error(`create: ${created.code}`);
  campaigns.push(created.id);
  const result = await scheduleCampaign(ownerId, created.id, at, now);
  if (!result.ok) throw new Error(`schedule: ${result.code}`);
  return { id: created.id, ...result };
}

/** The start job, then every batch until the campaign is done (or deferred by quiet hours). */
async function run(campaignId: string, now = NOON) {
  await startCampaign({ campaignId }, now);
  for (let i = 0; i < 100; i++) {
    const batch = await sendCampaignBatch({ campaignId }, now, { limit: 7, queueNext: false });
    if (batch.done || batch.deferredUntil) return batch;
  }
  throw new Error("the campaign never finished");
}

/** A header of a received mail, unfolded as RFC 5322 reads one that spans lines. */
function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(unfolded)?.[1];
}

const recipients = (campaignId: string) =>
  db.campaignRecipient.findMany({ where: { campaignId }, orderBy: { userId: "asc" } });

describe("scheduling fixes the recipients and the control group", () => {
  it("draws the holdout in SQL exactly as holdout.ts does, stably, within binomial bounds", async () => {
    const { business, owner } = await campaignBusiness();
    const members = await manyCustomers(business.id, 2000);
    const started = Date.now();
    const campaign = await scheduled(owner.id, draft(business.id, { holdoutPercent: 10 }));
    // 2,000 members written by one INSERT … SELECT: well within a second or two.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(campaign.recipients).toBe(2000);

    const { seed } = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const rows = await recipients(campaign.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([...members].sort());
    for (const row of rows) {
      expect([row.userId, row.heldOut]).toEqual([row.userId, isHeldOut(seed, row.userId, 10)]);
      expect(row.status).toBe(row.heldOut ? "HELD_OUT" : "QUEUED");
    }
    // The same rule in SQL for draws near the line too: every draw value agrees.
    const sqlDraws = await queryRows<{ userId: string; draw: string }>(
      `SELECT "userId", (('x' || substr(md5($1::text || ':' || "userId"), 1, 8))::bit(32)::bigint % 10000)::text AS draw
       FROM "CampaignRecipient" WHERE "campaignId" = $2::text`,
      [seed, campaign.id],
    );
    for (const { userId, draw } of sqlDraws) expect(Number(draw)).toBe(holdoutDraw(seed, userId));

    // 99.9% bounds of Binomial(2000, 0.1): 200 ± 3.29 × sqrt(2000 × 0.1 × 0.9) ≈ 200 ± 44.
    const heldOut = rows.filter((r) => r.heldOut).length;
    expect(campaign.heldOut).toBe(heldOut);
    expect(heldOut).toBeGreaterThanOrEqual(156);
    expect(heldOut).toBeLessThanOrEqual(244);

    // Scheduling again changes nothing: the set is fixed once.
    expect(await scheduleCampaign(owner.id, campaign.id, null, NOON)).toEqual({ ok: false, code: "not_draft" });
    const again = await recipients(campaign.id);
    expect(again.map((r) => [r.userId, r.heldOut])).toEqual(rows.map((r) => [r.userId, r.heldOut]));
  }, 60_000);

  it("only the owner schedules, and the start job is queued in the same transaction for the chosen moment", async () => {
    const { business, owner } = await campaignBusiness();
    await customer(business.id);
    const stranger = await campaignBusiness();
    expect(await createCampaign(stranger.owner.id, draft(business.id))).toEqual({ ok: false, code: "not_found" });
    expect(await createCampaign(owner.id, draft(business.id, { message: "" }))).toEqual({ ok: false, code: "invalid" });
    expect(await createCampaign(owner.id, draft(business.id, { holdoutPercent: 51 }))).toEqual({
      ok: false,
      code: "invalid",
    });
    const created = await createCampaign(owner.id, draft(business.id));
    if (!created.ok) throw new Error("create");
    campaigns.push(created.id);
    expect(await scheduleCampaign(stranger.owner.id, created.id, null, NOON)).toEqual({ ok: false, code: "not_found" });
    expect(await recipients(created.id)).toHaveLength(0);
    const at = new Date(NOON.getTime() + DAY);
    expect(await scheduleCampaign(owner.id, created.id, at, NOON)).toMatchObject({ ok: true, recipients: 1 });
    const [job] = await jobsWhere(["campaign.start"], "campaignId", [created.id]);
    expect(job).toBeDefined();
    const [row] = await queryRows<{ start: Date }>(`SELECT start_after AS start FROM jobs.job WHERE id = $1::uuid`, [
      job!.id,
    ]);
    expect(new Date(row!.start).getTime()).toBe(at.getTime());
  });
});

describe("a stored audience that cannot be read", () => {
  it("is refused when scheduling, never widened to every member, and nothing is written", async () => {
    const { business, owner } = await campaignBusiness();
    const member = await customer(business.id);
    const created = await createCampaign(owner.id, draft(business.id, { segment: { rewardsReady: true } }));
    if (!created.ok) throw new Error(created.code);
    campaigns.push(created.id);
    // A segment an older or broken form left behind: a field of the wrong type.
    await db.campaign.update({ where: { id: created.id }, data: { segment: { rewardsReady: "yes" } } });

    expect(await scheduleCampaign(owner.id, created.id, null, NOON)).toEqual({ ok: false, code: "bad_segment" });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: "DRAFT",
      scheduledAt: null,
      recipientCount: 0,
    });
    expect(await recipients(created.id)).toEqual([]);
    expect(await jobsWhere(["campaign.start"], "campaignId", [created.id])).toEqual([]);
    expect(smtp.to(member.user.email!)).toHaveLength(0);
  });
});

describe("sending", () => {
  it("mails each consenting customer once, in their language, and skips the rest with a reason", async () => {
    const { business, owner } = await campaignBusiness();
    const en = await customer(business.id);
    const es = await customer(business.id, { language: "es" });
    const noConsent = await customer(business.id, { consent: false });
    const noChannel = await customer(business.id, { email: false });
    const campaign = await scheduled(owner.id, draft(business.id, { message: "Hola <b>friends</b>" }));
    expect((await campaignProgress(campaign.id))?.status).toBe("SCHEDULED");
    const outcome = await run(campaign.id);
    expect(outcome.done).toBe(true);

    const [mailEn] = smtp.to(en.user.email!);
    const [mailEs] = smtp.to(es.user.email!);
    expect(smtp.to(en.user.email!)).toHaveLength(1);
    expect(mailEn!.parsed.subject).toBe(`News from ${business.name}`);
    expect(mailEs!.parsed.subject).toBe(`Novedades de ${business.name}`);
    // The owner's text as typed; in HTML, escaped.
    expect(mailEn!.parsed.text).toContain("Hola <b>friends</b>");
    expect(mailEn!.parsed.html).toContain("Hola &lt;b&gt;friends&lt;/b&gt;");
    expect(header(mailEn!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mailEn!.raw, "List-Unsubscribe")).toMatch(
      /^<https:\/\/loyaltap\.example\/api\/campaigns\/unsubscribe\?t=[A-Za-z0-9_.%-]+>$/,
    );
    expect(smtp.to(noConsent.user.email!)).toHaveLength(0);

    const rows = new Map((await recipients(campaign.id)).map((r) => [r.userId, r]));
    expect(rows.get(en.user.id)).toMatchObject({ status: "SENT", channel: "EMAIL" });
    expect(rows.get(noConsent.user.id)).toMatchObject({ status: "SKIPPED", skipReason: "no_consent" });
    expect(rows.get(noChannel.user.id)).toMatchObject({ status: "SKIPPED", skipReason: "no_channel" });
    const progress = await campaignProgress(campaign.id);
    expect(progress).toMatchObject({
      status: "SENT",
      recipients: 4,
      heldOut: 0,
      byChannel: { EMAIL: { sent: 2, failed: 0 }, WALLET: { opened: null } },
      skipped: { no_consent: 1, no_channel: 1 },
    });
  });

  it("applies each messaged recipient's offer once, however often the job runs", async () => {
    const { business, owner } = await campaignBusiness();
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => customer(business.id)));
    await customer(business.id, { consent: false });
    const campaign = await scheduled(
      owner.id,
      draft(business.id, { offer: { kind: "STAMPS", amount: 2, validDays: 14 }, holdoutPercent: 20 }),
    );
    applied.mockClear();
    await startCampaign({ campaignId: campaign.id }, NOON);
    // The job run twice at once (a retry overlapping a slow first try), then once more.
    await Promise.all([
      sendCampaignBatch({ campaignId: campaign.id }, NOON, { queueNext: false }),
      sendCampaignBatch({ campaignId: campaign.id }, NOON, { queueNext: false }),
    ]);
    await sendCampaignBatch({ campaignId: campaign.id }, NOON, { queueNext: false });
    const rows = await recipients(campaign.id);
    const sent = rows.filter((r) => r.status === "SENT").map((r) => r.id);
    const consenting = new Set(members.map((m) => m.user.id));
    expect(sent.length).toBe(rows.filter((r) => !r.heldOut && consenting.has(r.userId)).length);
    expect(applied.mock.calls.map(([id]) => id).sort()).toEqual([...sent].sort());
    for (const member of members)
      expect(smtp.to(member.user.email!).length).toBe(rows.find((r) => r.userId === member.user.id)!.heldOut ? 0 : 1);
  });

  it("an offer that cannot be given fails its recipient once, with no message", async () => {
    const { business, owner } = await campaignBusiness();
    const { user } = await customer(business.id);
    const campaign = await scheduled(
      owner.id,
      draft(business.id, { offer: { kind: "POINTS", amount: 5, validDays: 7 } }),
    );
    applied.mockRejectedValueOnce(new Error("program gone"));
    expect(await run(campaign.id)).toMatchObject({ done: true });
    expect((await recipients(campaign.id))[0]).toMatchObject({ status: "FAILED", failedReason: "offer: program gone" });
    expect(smtp.to(user.email!)).toHaveLength(0);
  });

  it("an offer refused for a customer skips them with no message; one already given on a retry still sends", async () => {
    const { business, owner } = await campaignBusiness();
    const refused = await customer(business.id);
    const retried = await customer(business.id);
    const campaign = await scheduled(
      owner.id,
      draft(business.id, { offer: { kind: "STAMPS", amount: 1, validDays: 7 } }),
    );
    const ids = new Map((await recipients(campaign.id)).map((r) => [r.id, r.userId]));
    applied.mockImplementation(async (id) =>
      ids.get(id) === refused.user.id
        ? { applied: false, rewardId: null, reason: "program_not_found" }
        : { applied: false, rewardId: null, reason: "already_applied" },
    );
    try {
      expect(await run(campaign.id)).toMatchObject({ done: true });
    } finally {
      applied.mockReset();
      applied.mockImplementation(async () => ({ applied: true, rewardId: null }));
    }
    const rows = new Map((await recipients(campaign.id)).map((r) => [r.userId, r]));
    expect(rows.get(refused.user.id)).toMatchObject({ status: "SKIPPED", skipReason: "offer_unavailable" });
    expect(smtp.to(refused.user.email!)).toHaveLength(0);
    expect(rows.get(retried.user.id)).toMatchObject({ status: "SENT", channel: "EMAIL" });
    expect(smtp.to(retried.user.email!)).toHaveLength(1);
    expect(await campaignProgress(campaign.id)).toMatchObject({ skipped: { offer_unavailable: 1 } });
  });

  it("delivers a batch several at a time, never more than the bound, each member once", async () => {
    const { business, owner } = await campaignBusiness();
    const members = await Promise.all(Array.from({ length: 12 }, () => customer(business.id)));
    const campaign = await scheduled(owner.id, draft(business.id));
    await startCampaign({ campaignId: campaign.id }, NOON);
    // A mail server that takes 300 ms per mail: one at a time, 12 mails would take 3.6 s.
    const smtpMailer = mailer();
    let inFlight = 0;
    let most = 0;
    setMailer({
      async send(mail) {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await smtpMailer.send(mail);
        inFlight--;
      },
    });
    try {
      const started = Date.now();
      const batch = await sendCampaignBatch({ campaignId: campaign.id }, NOON, { limit: 12, queueNext: false });
      expect(batch).toMatchObject({ claimed: 12, sent: 12 });
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(campaignConcurrency());
      // One at a time, 12 mails of 300 ms take 3.6 s: sooner means they overlapped.
      expect(Date.now() - started).toBeLessThan(12 * 300);
    } finally {
      setMailer(null);
    }
    for (const member of members) expect(smtp.to(member.user.email!)).toHaveLength(1);
  });

  it("bounds a campaign's rate: a quick batch waits out its least time, then queues the next", async () => {
    const { business, owner } = await campaignBusiness();
    await customer(business.id);
    await customer(business.id);
    const campaign = await scheduled(owner.id, draft(business.id));
    await startCampaign({ campaignId: campaign.id }, NOON);
    await dropCampaignJobs([campaign.id]);
    const started = Date.now();
    expect(await sendCampaignBatch({ campaignId: campaign.id }, NOON, { minBatchMs: 800 })).toMatchObject({ sent: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(await jobsWhere(["campaign.send"], "campaignId", [campaign.id])).toHaveLength(1);
  });

  it("holds the frequency cap: the next campaign within capDays skips, after capDays it sends", async () => {
    const { business, owner } = await campaignBusiness();
    const { user } = await customer(business.id);
    const first = await scheduled(owner.id, draft(business.id));
    await run(first.id);
    const second = await scheduled(owner.id, draft(business.id, { name: "Again" }), new Date(NOON.getTime() + DAY));
    await run(second.id, new Date(NOON.getTime() + DAY));
    expect((await recipients(second.id))[0]).toMatchObject({ status: "SKIPPED", skipReason: "capped" });
    expect(smtp.to(user.email!)).toHaveLength(1);
    const later = new Date(NOON.getTime() + 7 * DAY);
    const third = await scheduled(owner.id, draft(business.id, { name: "A week on" }), later);
    await run(third.id, later);
    expect((await recipients(third.id))[0]).toMatchObject({ status: "SENT" });
    expect(smtp.to(user.email!)).toHaveLength(2);
  });

  it("follows the business's own cap: two messages in three days", async () => {
    const { business, owner } = await campaignBusiness();
    expect(
      await saveOutreachSettings(business.id, { capMessages: 4, capDays: 3, quietStartMinute: 0, quietEndMinute: 0 }),
    ).toEqual({ ok: false, code: "invalid" });
    expect(
      await saveOutreachSettings(business.id, { capMessages: 2, capDays: 3, quietStartMinute: 0, quietEndMinute: 0 }),
    ).toEqual({ ok: true });
    const { user } = await customer(business.id);
    for (const [i, status] of (["SENT", "SENT", "SKIPPED"] as const).entries()) {
      const at = new Date(NOON.getTime() + i * 3600_000);
      const campaign = await scheduled(owner.id, draft(business.id, { name: `n${i}` }), at);
      await run(campaign.id, at);
      expect((await recipients(campaign.id))[0]!.status).toBe(status);
    }
    expect(smtp.to(user.email!)).toHaveLength(2);
  });

  it("defers a batch that falls in quiet hours to their end on the business's clock, sending nothing before", async () => {
    const { business, owner } = await campaignBusiness();
    const { user } = await customer(business.id);
    const night = new Date("2030-06-10T21:00:00Z"); // 23:00 in Madrid
    const campaign = await scheduled(owner.id, draft(business.id), night);
    await startCampaign({ campaignId: campaign.id }, night);
    const batch = await sendCampaignBatch({ campaignId: campaign.id }, night);
    expect(batch).toMatchObject({ claimed: 0, deferredUntil: new Date("2030-06-11T07:00:00Z") });
    expect(smtp.to(user.email!)).toHaveLength(0);
    expect((await recipients(campaign.id))[0]!.status).toBe("QUEUED");
    const jobs = await queryRows<{ start: Date }>(
      `SELECT start_after AS start FROM jobs.job WHERE name = 'campaign.send' AND data->>'campaignId' = $1::text`,
      [campaign.id],
    );
    expect(jobs.map((j) => new Date(j.start).toISOString())).toContain("2030-06-11T07:00:00.000Z");
    // At 08:59 local still nothing; at 09:00 it goes.
    const early = await sendCampaignBatch({ campaignId: campaign.id }, new Date("2030-06-11T06:59:00Z"), {
      queueNext: false,
    });
    expect(early.claimed).toBe(0);
    await run(campaign.id, new Date("2030-06-11T07:00:00Z"));
    expect(smtp.to(user.email!)).toHaveLength(1);
  });

  it("cancelled before its start, a campaign sends nothing", async () => {
    const { business, owner } = await campaignBusiness();
    const { user } = await customer(business.id);
    const campaign = await scheduled(owner.id, draft(business.id), NOON, new Date(NOON.getTime() + 3600_000));
    expect(await cancelCampaign(owner.id, campaign.id)).toEqual({ ok: true });
    expect(await startCampaign({ campaignId: campaign.id }, NOON)).toBe("skipped");
    const batch = await sendCampaignBatch({ campaignId: campaign.id }, NOON, { queueNext: false });
    expect(batch.claimed).toBe(0);
    expect(smtp.to(user.email!)).toHaveLength(0);
    expect((await recipients(campaign.id))[0]).toMatchObject({ status: "SKIPPED", skipReason: "cancelled" });
    expect(await cancelCampaign(owner.id, campaign.id)).toEqual({ ok: false, code: "not_cancellable" });
  });

  it("cancelled while sending, the recipients still waiting are skipped", async () => {
    const { business, owner } = await campaignBusiness();
    await Promise.all([1, 2, 3, 4].map(() => customer(business.id)));
    const campaign = await scheduled(owner.id, draft(business.id));
    await startCampaign({ campaignId: campaign.id }, NOON);
    await sendCampaignBatch({ campaignId: campaign.id }, NOON, { limit: 1, queueNext: false });
    expect(await cancelCampaign(owner.id, campaign.id)).toEqual({ ok: true });
    await sendCampaignBatch({ campaignId: campaign.id }, NOON, { queueNext: false });
    const progress = await campaignProgress(campaign.id);
    expect(progress).toMatchObject({
      status: "CANCELLED",
      byStatus: { SENT: 1, SKIPPED: 3 },
      skipped: { cancelled: 3 },
    });
  });
});

describe("channels, opt-out and tracking", () => {
  async function reachableEverywhere(businessId: string) {
    const member = await customer(businessId);
    const browser = browserSubscription(push);
    await db.pushSubscription.create({
      data: {
        userId: member.user.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      },
    });
    const objectId = `${issuer.issuerId}.${member.membership.id}`;
    await db.googleWalletObject.create({ data: { membershipId: member.membership.id, objectId } });
    google.objects.set(objectId, { id: objectId, classId: `${issuer.issuerId}.c` });
    return { ...member, browser, objectId };
  }

  it("uses the best channel: the wallet, else web push, else mail", async () => {
    const { business, owner } = await campaignBusiness();
    const everywhere = await reachableEverywhere(business.id);
    const pushOnly = await customer(business.id);
    const browser = browserSubscription(push);
    await db.pushSubscription.create({
      data: {
        userId: pushOnly.user.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      },
    });
    const campaign = await scheduled(owner.id, draft(business.id));
    await run(campaign.id);

    const messages = google.objects.get(everywhere.objectId)!.messages as Record<string, unknown>[];
    expect(messages).toEqual([
      expect.objectContaining({ header: `News from ${business.name}`, body: "Two stamps for one this week!" }),
    ]);
    expect(push.received.filter((p) => p.path === everywhere.browser.path)).toHaveLength(0);
    expect(smtp.to(everywhere.user.email!)).toHaveLength(0);

    const [received] = push.received.filter((p) => p.path === browser.path);
    const payload = JSON.parse(decryptPush(received!.body, browser));
    expect(payload).toMatchObject({ title: `News from ${business.name}`, body: "Two stamps for one this week!" });
    expect(payload.url).toMatch(/^\/api\/campaigns\/click\?t=/);
    expect(smtp.to(pushOnly.user.email!)).toHaveLength(0);
    expect((await campaignProgress(campaign.id))?.byChannel).toMatchObject({
      WALLET: { sent: 1, opened: null },
      PUSH: { sent: 1 },
    });
  });

  it("an unsubscribe link withdraws the consent: no wallet, push or mail after it", async () => {
    const { business, owner } = await campaignBusiness();
    await saveOutreachSettings(business.id, { capMessages: 3, capDays: 3, quietStartMinute: 0, quietEndMinute: 0 });
    const member = await customer(business.id);
    const first = await scheduled(owner.id, draft(business.id));
    await run(first.id);
    const [mail] = smtp.to(member.user.email!);
    const link = header(mail!.raw, "List-Unsubscribe")!.slice(1, -1);
    // The one-click POST a mail program makes.
    const answer = await unsubscribeRoute(new Request(link, { method: "POST", body: "List-Unsubscribe=One-Click" }));
    expect(answer.status).toBe(200);
    expect((await getMarketingConsent(member.user.id, business.id)).granted).toBe(false);

    // Now give them every channel: none may be used.
    const browser = browserSubscription(push);
    await db.pushSubscription.create({
      data: {
        userId: member.user.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      },
    });
    const objectId = `${issuer.issuerId}.${member.membership.id}`;
    await db.googleWalletObject.create({ data: { membershipId: member.membership.id, objectId } });
    google.objects.set(objectId, { id: objectId, classId: `${issuer.issuerId}.c` });
    const second = await scheduled(owner.id, draft(business.id, { name: "After" }));
    await run(second.id);
    expect((await recipients(second.id))[0]).toMatchObject({ status: "SKIPPED", skipReason: "no_consent" });
    expect(smtp.to(member.user.email!)).toHaveLength(1);
    expect(push.received.filter((p) => p.path === browser.path)).toHaveLength(0);
    expect(google.objects.get(objectId)!.messages).toBeUndefined();
    // A forged token withdraws nothing.
    const forged = await unsubscribeRoute(
      new Request(
        link.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
        { method: "POST" },
      ),
    );
    expect(forged.status).toBe(400);
  });

  it("records the mail's open and click, and the click lands on the card's page of this site only", async () => {
    const { business, owner } = await campaignBusiness();
    const member = await customer(business.id);
    const campaign = await scheduled(owner.id, draft(business.id));
    await run(campaign.id);
    const html = String(smtp.to(member.user.email!)[0]!.parsed.html);
    const pixel = /<img src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const click = /href="(https:\/\/loyaltap\.example\/api\/campaigns\/click[^"]+)"/
      .exec(html)![1]!
      .replace(/&amp;/g, "&");
    const opened = await openRoute(new Request(pixel));
    expect(opened.headers.get("content-type")).toBe("image/gif");
    const clicked = await clickRoute(new Request(click));
    expect(clicked.status).toBe(303);
    expect(clicked.headers.get("location")).toBe(`https://loyaltap.example/b/${business.slug}`);
    const [row] = await recipients(campaign.id);
    expect(row!.openedAt).not.toBeNull();
    expect(row!.clickedAt).not.toBeNull();
    // A link someone made up goes home and records nothing.
    const bogus = await clickRoute(new Request("https://loyaltap.example/api/campaigns/click?t=x.y"));
    expect(bogus.headers.get("location")).toBe("https://loyaltap.example/");
    expect((await campaignProgress(campaign.id))?.byChannel.EMAIL).toMatchObject({ sent: 1, opened: 1, clicked: 1 });
  });

  it("previews each channel as a recipient in that language sees it", async () => {
    const preview = await campaignPreview(
      { message: "Dos per un <aquesta setmana>" },
      { name: "Forn Pau", slug: "forn-pau" },
      "ca",
    );
    expect(preview.wallet.text).toBe("Dos per un <aquesta setmana>");
    expect(preview.push).toEqual({ title: "Novetats de Forn Pau", body: "Dos per un <aquesta setmana>" });
    expect(preview.email.subject).toBe("Novetats de Forn Pau");
    expect(preview.email.text).toContain("No vull més ofertes de Forn Pau");
    expect(preview.email.html).toContain("Dos per un &lt;aquesta setmana&gt;");
    expect(preview.email.html).toContain("https://loyaltap.example/b/forn-pau");
  });

  it("a test message reaches the owner only, and is not counted", async () => {
    const { business, owner } = await campaignBusiness();
    await customer(business.id);
    const created = await createCampaign(owner.id, draft(business.id));
    if (!created.ok) throw new Error("create");
    expect(await sendTestMessage(owner.id, created.id)).toEqual({ ok: true, channels: ["EMAIL"] });
    const [mail] = smtp.to(owner.email!);
    expect(mail!.parsed.subject).toBe(`[Test] News from ${business.name}`);
    expect(await recipients(created.id)).toHaveLength(0);
  });
});
