// Tag health on a real database (docs/tag-health.md): the periodic check
// (sweepTagHealth) run at chosen moments over visits written with their
// times, the TagAlert episodes it opens and clears, the mail.tag-alert jobs it
// queues in the same transaction, and the handler delivering them over SMTP
// to a loopback server. Alerts are sent once per episode, not once per tap.
// The sweep reads every business of the shared test database; each test
// looks only at its own tags.
import { db } from "@/lib/db";
import { listBusinessTags } from "@/lib/db/tags";
import { setMailer } from "@/lib/mail";
import { sendTagAlertMail } from "@/lib/notifications/tag-alert-mail";
import { sweepTagHealth } from "@/lib/tags/health-sweep";
import { localDateIn } from "@/lib/time/local-date";
import { createBusiness, createUser } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

jest.setTimeout(30_000);

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  setMailer(null);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  setMailer(null);
  await smtp.close();
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
