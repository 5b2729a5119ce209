// Tag health on a real database (docs/tag-health.md): the periodic check
// (sweepTagHealth) run at chosen moments over visits written with their
// times, the TagAlert episodes it opens and clears, the mail.tag-alert and
// push.tag-alert jobs it queues in the same transaction, and the handlers
// delivering them over SMTP to a loopback server and through the product's
// push sender to a stand-in push service on loopback. Alerts are sent once per
// episode, not once per tap.
// The sweep reads every business of the shared test database; each test
// looks only at its own tags.
import webpush from "web-push";
import { db } from "@/lib/db";
import { listBusinessTags } from "@/lib/db/tags";
import { HANDLERS } from "@/lib/jobs/handlers";
import type { QueueName } from "@/lib/jobs/queues";
import { setMailer } from "@/lib/mail";
import { sendTagAlertMail } from "@/lib/notifications/tag-alert-mail";
import { deliverTagAlertPush } from "@/lib/push/deliver";
import { sweepTagHealth } from "@/lib/tags/health-sweep";
import { localDateIn } from "@/lib/time/local-date";
import { createBusiness, createUser } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import {
  browserSubscription,
  decryptPush,
  startPushService,
  type BrowserSubscription,
  type PushService,
} from "../support/push-service";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

jest.setTimeout(30_000);

const vapid = webpush.generateVAPIDKeys();
let smtp: SmtpStandIn;
let pushService: PushService;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  pushService = await startPushService();
  process.env.SMTP_URL = smtp.url;
  // Web push on, and the stand-in on loopback reachable (a test-only setting).
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.LOYALTAP_TEST_PUSH_ORIGINS = pushService.origin;
  setMailer(null);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  delete process.env.LOYALTAP_TEST_PUSH_ORIGINS;
  setMailer(null);
  await smtp.close();
  await pushService.close();
  await db.$disconnect();
});

const MIN = 60_000;
const DAY = 86_400_000;
// A Wednesday, 12:00 in Madrid.
const NOW = new Date("2034-03-15T11:00:00Z");

/** A business in Madrid with one tag claimed 40 days before NOW and `perDay` taps on each of the 28 days before. */
async function tagWithHistory(perDay: number, options: { silentDays?: number } = {}) {
  const { owner, business, tag } = await createBusiness({ timezone: "Europe/Madrid" });
  await db.tag.update({
    where: { id: tag.id },
    data: { claimedAt: new Date(NOW.getTime() - 40 * DAY), label: "Counter" },
  });
  const customer = await createUser();
  const rows = [];
  for (let back = 28; back > (options.silentDays ?? 0); back--) {
    for (let i = 0; i < perDay; i++) rows.push(new Date(NOW.getTime() - back * DAY + i * MIN));
  }
  await taps(business.id, tag.id, customer.user.id, rows);
  return { owner, business, tag, customer };
}

async function taps(businessId: string, tagId: string, userId: string, at: readonly Date[]) {
  await db.tap.createMany({
    data: at.map((createdAt) => ({
      businessId,
      tagId,
      userId,
      createdAt,
      day: new Date(`${localDateIn("Europe/Madrid", createdAt)}T00:00:00Z`),
    })),
  });
}

const burstAt = (end: Date, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(end.getTime() - (i + 1) * MIN));

async function alertsOf(tagId: string) {
  return db.tagAlert.findMany({ where: { tagId }, orderBy: { openedAt: "asc" } });
}

async function mailJobs(alertIds: string[]) {
  return jobsWhere(["mail.tag-alert"], "alertId", alertIds);
}

/** Browsers of `userId` subscribed to the stand-in push service. */
async function subscribe(userId: string, count: number): Promise<BrowserSubscription[]> {
  const browsers = Array.from({ length: count }, () => browserSubscription(pushService));
  for (const b of browsers)
    await db.pushSubscription.create({
      data: { userId, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth },
    });
  return browsers;
}

const pushesTo = (browser: BrowserSubscription) => pushService.received.filter((r) => r.path === browser.path);

/** Runs a queued job as the worker would: its queue's handler, with its data. */
async function run(job: { name: string; data: unknown }, retryCount = 0) {
  await HANDLERS[job.name as QueueName]!(job.data, { id: "test-job", retryCount });
}

describe("tag health alerts", () => {
  it("a burst is told once per episode, not once per tap; once it clears and comes back it is told again", async () => {
    const { owner, business, tag, customer } = await tagWithHistory(20);
    await taps(business.id, tag.id, customer.user.id, burstAt(NOW, 25));

    const first = (await sweepTagHealth(NOW)).filter((a) => a.tagId === tag.id);
    expect(first.map((a) => a.kind)).toEqual(["BURST"]);

    // More taps, the check runs again (and twice at once): the episode is still open, nothing new.
    const later = new Date(NOW.getTime() + 15 * MIN);
    await taps(business.id, tag.id, customer.user.id, burstAt(later, 30));
    const again = await Promise.all([sweepTagHealth(later), sweepTagHealth(later)]);
    expect(again.flat().filter((a) => a.tagId === tag.id)).toEqual([]);
    // An hour later it is still a burst, in a new local hour: still the same episode.
    const nextHour = new Date(NOW.getTime() + 60 * MIN);
    await taps(business.id, tag.id, customer.user.id, burstAt(nextHour, 40));
    expect((await sweepTagHealth(nextHour)).filter((a) => a.tagId === tag.id)).toEqual([]);

    let alerts = await alertsOf(tag.id);
    expect(alerts).toHaveLength(1);
    expect(await mailJobs(alerts.map((a) => a.id))).toHaveLength(1);
    expect(await sendTagAlertMail({ alertId: alerts[0]!.id })).toBe("sent");
    expect(await sendTagAlertMail({ alertId: alerts[0]!.id })).toBe("already sent");
    const [mail] = smtp.to(owner.user.email!);
    expect(mail!.parsed.subject).toMatch(/^Tag Counter at .*: 25 taps in the last hour$/);
    expect(mail!.parsed.text).toContain("Check nobody is tapping it again and again");

    // Quiet for hours: the episode ends.
    const quiet = new Date(NOW.getTime() + 4 * 60 * MIN);
    expect((await sweepTagHealth(quiet)).filter((a) => a.tagId === tag.id)).toEqual([]);
    alerts = await alertsOf(tag.id);
    expect(alerts[0]!.clearedAt).not.toBeNull();

    // A new burst: a new episode, told again.
    const second = new Date(NOW.getTime() + 6 * 60 * MIN);
    await taps(business.id, tag.id, customer.user.id, burstAt(second, 30));
    expect((await sweepTagHealth(second)).filter((a) => a.tagId === tag.id).map((a) => a.kind)).toEqual(["BURST"]);
    alerts = await alertsOf(tag.id);
    expect(alerts).toHaveLength(2);
    expect(await sendTagAlertMail({ alertId: alerts[1]!.id })).toBe("sent");
    expect(smtp.to(owner.user.email!)).toHaveLength(2);
  });

  it("a silent tag is told once; a tap ends the silence; the next silence is told again", async () => {
    const { business, tag, customer } = await tagWithHistory(10, { silentDays: 2 });
    expect((await sweepTagHealth(NOW)).filter((a) => a.tagId === tag.id).map((a) => a.kind)).toEqual(["SILENT"]);
    expect((await sweepTagHealth(new Date(NOW.getTime() + 15 * MIN))).filter((a) => a.tagId === tag.id)).toEqual([]);
    const [alert] = await alertsOf(tag.id);
    expect(alert).toMatchObject({ kind: "SILENT", facts: { days: 2, usual: 10 } });

    // A tap today: cleared. Two empty open days later, silent again: a second alert.
    await taps(business.id, tag.id, customer.user.id, [new Date(NOW.getTime() + 30 * MIN)]);
    await sweepTagHealth(new Date(NOW.getTime() + 45 * MIN));
    expect((await alertsOf(tag.id))[0]!.clearedAt).not.toBeNull();
    const twoDaysOn = new Date(NOW.getTime() + 3 * DAY + 60 * MIN);
    expect((await sweepTagHealth(twoDaysOn)).filter((a) => a.tagId === tag.id).map((a) => a.kind)).toEqual(["SILENT"]);
    expect(await alertsOf(tag.id)).toHaveLength(2);
  });

  it("taps out of the location's hours, and a secure tag's plain address, each open an alert", async () => {
    const { business, tag, customer } = await tagWithHistory(5);
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: "09:00", closes: "18:00" }));
    await db.location.updateMany({ where: { businessId: business.id }, data: { openingHours: weekdays } });
    await db.tag.update({ where: { id: tag.id }, data: { secure: true } });
    // 23:00 and 23:10 in Madrid, Wednesday night.
    const night = new Date("2034-03-15T22:30:00Z");
    await taps(business.id, tag.id, customer.user.id, [
      new Date("2034-03-15T22:00:00Z"),
      new Date("2034-03-15T22:10:00Z"),
    ]);
    await db.tagRejection.create({
      data: { tagId: tag.id, day: new Date("2034-03-15T00:00:00Z"), reason: "MISSING_SUN", count: 3, lastAt: night },
    });
    const opened = (await sweepTagHealth(night)).filter((a) => a.tagId === tag.id).map((a) => a.kind);
    expect(opened.sort()).toEqual(["OUT_OF_HOURS", "PLAIN_URL"]);
  });

  it("the owner's settings hold: an opt-out from the business, or notifications off, sends nothing", async () => {
    const { owner, business, tag, customer } = await tagWithHistory(20);
    await taps(business.id, tag.id, customer.user.id, burstAt(NOW, 25));
    await sweepTagHealth(NOW);
    const [alert] = await alertsOf(tag.id);
    await db.mailOptOut.create({ data: { userId: owner.user.id, businessId: business.id } });
    expect(await sendTagAlertMail({ alertId: alert!.id })).toBe("skipped: unsubscribed from this business");
    await db.mailOptOut.deleteMany({ where: { userId: owner.user.id } });
    await db.user.update({ where: { id: owner.user.id }, data: { notificationsEnabled: false } });
    expect(await sendTagAlertMail({ alertId: alert!.id })).toBe("skipped: notifications turned off");
    expect(smtp.to(owner.user.email!)).toHaveLength(0);
  });

  it("an episode reaches the owner by one mail and one push per browser; a retried job pushes nothing twice", async () => {
    const { owner, business, tag, customer } = await tagWithHistory(20);
    await db.user.update({ where: { id: owner.user.id }, data: { language: "es" } });
    await db.tag.update({ where: { id: tag.id }, data: { label: "Barra" } });
    const [phone, laptop, failing, gone] = await subscribe(owner.user.id, 4);
    pushService.answer(failing!.path, 500);
    pushService.answer(gone!.path, 410);
    await taps(business.id, tag.id, customer.user.id, burstAt(NOW, 25));

    // Checked twice (a retried sweep): one alert, one mail job, one push job.
    await sweepTagHealth(NOW);
    await sweepTagHealth(new Date(NOW.getTime() + 15 * MIN));
    const alerts = await alertsOf(tag.id);
    expect(alerts).toHaveLength(1);
    const jobs = await jobsWhere(["mail.tag-alert", "push.tag-alert"], "alertId", [alerts[0]!.id]);
    expect(jobs.map((j) => j.name).sort()).toEqual(["mail.tag-alert", "push.tag-alert"]);

    for (const job of jobs.filter((j) => j.name === "mail.tag-alert")) await run(job);
    const pushJob = jobs.find((j) => j.name === "push.tag-alert")!;
    // One browser's push service fails: the job throws, to be retried; the others were told.
    await expect(run(pushJob)).rejects.toThrow(/1 of 4 failed/);
    expect(pushesTo(phone!)).toHaveLength(1);
    expect(pushesTo(laptop!)).toHaveLength(1);
    // 410: that browser is gone, its subscription deleted.
    expect(await db.pushSubscription.count({ where: { endpoint: gone!.endpoint } })).toBe(0);

    // The retries (and one more run of the job, as after a lost worker): only the browser that missed it is told.
    pushService.answer(failing!.path, 201);
    await run(pushJob, 1);
    await run(pushJob, 2);
    await expect(deliverTagAlertPush({ alertId: alerts[0]!.id })).resolves.toMatchObject({ sent: 0, alreadySent: 3 });
    expect(pushesTo(phone!)).toHaveLength(1);
    expect(pushesTo(laptop!)).toHaveLength(1);
    // The one refused with a 500, then the one accepted.
    expect(pushesTo(failing!)).toHaveLength(2);
    expect(
      await db.pushDelivery.count({ where: { eventKey: `tag-alert:${alerts[0]!.id}`, sentAt: { not: null } } }),
    ).toBe(3);
    expect(smtp.to(owner.user.email!)).toHaveLength(1);

    // In the owner's language: the tag, what was seen, what to check; a tap opens the tag list.
    const push = JSON.parse(decryptPush(pushesTo(phone!)[0]!.body, phone!)) as Record<string, string>;
    const { locationId } = await db.tag.findUniqueOrThrow({ where: { id: tag.id } });
    const location = await db.location.findUniqueOrThrow({ where: { id: locationId! } });
    expect(push).toEqual({
      title: `Etiqueta Barra de ${business.name}: 25 toques en una hora`,
      body:
        `En ${location.name}. Suele tener unos 20 al día. Comprueba que nadie la toca una y otra vez, ` +
        "y que su dirección no se ha compartido en internet.",
      url: `/dashboard/business/${business.id}?tab=tags`,
      tag: `tag-alert:${alerts[0]!.id}`,
      icon: "/icons/icon-192.png",
      lang: "es",
    });
  });

  it("the owner's settings hold for the push as for the mail: an opt-out from the business, or notifications off", async () => {
    const { owner, business, tag, customer } = await tagWithHistory(20);
    const [browser] = await subscribe(owner.user.id, 1);
    await taps(business.id, tag.id, customer.user.id, burstAt(NOW, 25));
    await sweepTagHealth(NOW);
    const [alert] = await alertsOf(tag.id);
    await db.mailOptOut.create({ data: { userId: owner.user.id, businessId: business.id } });
    await expect(deliverTagAlertPush({ alertId: alert!.id })).resolves.toEqual({
      skipped: "unsubscribed from this business",
    });
    await db.mailOptOut.deleteMany({ where: { userId: owner.user.id } });
    await db.user.update({ where: { id: owner.user.id }, data: { notificationsEnabled: false } });
    await expect(deliverTagAlertPush({ alertId: alert!.id })).resolves.toEqual({ skipped: "notifications turned off" });
    expect(pushesTo(browser!)).toHaveLength(0);
  });

  it("a business closed for a season, and a closed location, are not checked", async () => {
    const paused = await tagWithHistory(20);
    await taps(paused.business.id, paused.tag.id, paused.customer.user.id, burstAt(NOW, 25));
    await db.business.update({
      where: { id: paused.business.id },
      data: { pausedAt: new Date(NOW.getTime() - DAY), pausedUntil: null },
    });
    const closed = await tagWithHistory(20);
    await taps(closed.business.id, closed.tag.id, closed.customer.user.id, burstAt(NOW, 25));
    await db.location.updateMany({ where: { businessId: closed.business.id }, data: { closedAt: NOW } });
    const opened = await sweepTagHealth(NOW);
    expect(opened.filter((a) => a.tagId === paused.tag.id || a.tagId === closed.tag.id)).toEqual([]);
  });

  it("the owner's list reads last tap, today against usual and the secure chip in one statement", async () => {
    const { owner, business, tag, customer } = await tagWithHistory(30);
    await db.tag.update({ where: { id: tag.id }, data: { secure: true } });
    await taps(business.id, tag.id, customer.user.id, burstAt(NOW, 12));
    await db.secureTagChip.create({
      data: { tagId: tag.id, uid: "04A1B2C3D4E5F6", lastCounter: 140, lastVerifiedAt: NOW },
    });
    await db.tap.create({
      data: {
        businessId: business.id,
        tagId: tag.id,
        userId: customer.user.id,
        sunCounter: 100,
        createdAt: new Date(NOW.getTime() - 2 * MIN),
        day: new Date("2034-03-15T00:00:00Z"),
      },
    });
    await db.tap.create({
      data: {
        businessId: business.id,
        tagId: tag.id,
        userId: customer.user.id,
        sunCounter: 140,
        createdAt: new Date(NOW.getTime() - MIN / 2),
        day: new Date("2034-03-15T00:00:00Z"),
      },
    });
    const listed = await listBusinessTags(owner.user.id, business.id, NOW);
    expect(listed!.today).toBe("2034-03-15");
    expect(listed!.tags[0]).toMatchObject({
      id: tag.id,
      tapsToday: 14,
      tapsTotal: 28 * 30 + 14,
      lastTapAt: new Date(NOW.getTime() - MIN / 2),
      chipCounter: 140,
      previousCounter: 100,
    });
    expect(await listBusinessTags(customer.user.id, business.id, NOW)).toBeNull();
  });
});
