import { dueOwnerSummary, ownerSummaryKey } from "@/lib/business/owner-summary";
import { expiryReminderFrom, isExpiryReminderDue } from "@/lib/rewards/expiry-reminder";
import { addLocalDays, instantOnDay, isoWeekday } from "@/lib/time/wall-clock";

// Madrid changes its clocks on the last Sundays of March and October, at 01:00 UTC:
// 2026-03-29 02:00 CET → 03:00 CEST, and 2026-10-25 03:00 CEST → 02:00 CET.
const MADRID = "Europe/Madrid";
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("a business's wall clock", () => {
  it("names the instant of a local time, before, across and after a DST change", () => {
    expect(instantOnDay("2026-03-28", 7, 0, MADRID)).toEqual(at("2026-03-28T06:00:00Z"));
    expect(instantOnDay("2026-03-29", 7, 0, MADRID)).toEqual(at("2026-03-29T05:00:00Z"));
    expect(instantOnDay("2026-10-25", 7, 0, MADRID)).toEqual(at("2026-10-25T06:00:00Z"));
    expect(instantOnDay("2026-03-10", 7, 0, "Asia/Kolkata")).toEqual(at("2026-03-10T01:30:00Z"));
    expect(instantOnDay("2026-03-10", 7, 0, "UTC")).toEqual(at("2026-03-10T07:00:00Z"));
  });

  it("takes a skipped time as that much later and a repeated one as its first reading", () => {
    // 02:30 does not exist on 29 March in Madrid: 03:30 CEST.
    expect(instantOnDay("2026-03-29", 2, 30, MADRID)).toEqual(at("2026-03-29T01:30:00Z"));
    // 02:30 happens twice on 25 October: the first is still CEST.
    expect(instantOnDay("2026-10-25", 2, 30, MADRID)).toEqual(at("2026-10-25T00:30:00Z"));
  });

  it("moves by calendar days at the same time of day, so a day across a DST change is 23 or 25 hours", () => {
    const spring = addLocalDays(at("2026-03-30T10:00:00Z"), -3, MADRID);
    expect(spring).toEqual(at("2026-03-27T11:00:00Z"));
    expect(at("2026-03-30T10:00:00Z").getTime() - spring.getTime()).toBe(71 * HOUR);
    const autumn = addLocalDays(at("2026-10-27T11:00:00Z"), -3, MADRID);
    expect(autumn).toEqual(at("2026-10-24T10:00:00Z"));
    expect(at("2026-10-27T11:00:00Z").getTime() - autumn.getTime()).toBe(73 * HOUR);
    expect(addLocalDays(at("2026-06-10T10:00:00Z"), 3, "UTC")).toEqual(at("2026-06-13T10:00:00Z"));
  });

  it("knows the weekday of a calendar day", () => {
    expect(isoWeekday("2026-03-30")).toBe(1);
    expect(isoWeekday("2026-03-29")).toBe(7);
    expect(isoWeekday("2026-11-24")).toBe(2);
  });
});

describe("a reward's expiry reminder", () => {
  const reward = (expiresAt: string, issuedAt = "2026-01-01T00:00:00Z") => ({
    expiresAt: at(expiresAt),
    issuedAt: at(issuedAt),
  });

  it("is due from three days before the expiry on the business's clock until the expiry", () => {
    const r = reward("2026-06-20T18:00:00Z");
    expect(expiryReminderFrom(r.expiresAt, MADRID)).toEqual(at("2026-06-17T18:00:00Z"));
    expect(isExpiryReminderDue(r, MADRID, at("2026-06-17T17:59:59Z"))).toBe(false);
    expect(isExpiryReminderDue(r, MADRID, at("2026-06-17T18:00:00Z"))).toBe(true);
    expect(isExpiryReminderDue(r, MADRID, at("2026-06-20T17:59:59Z"))).toBe(true);
    expect(isExpiryReminderDue(r, MADRID, at("2026-06-20T18:00:00Z"))).toBe(false);
    expect(isExpiryReminderDue(r, MADRID, at("2026-07-01T00:00:00Z"))).toBe(false);
  });

  it("counts the three days on the business's calendar across the DST changes, not as 72 hours", () => {
    // Expires Monday 30 March 12:00 CEST: reminded from Friday 27 March 12:00 CET, 71 hours before.
    const spring = reward("2026-03-30T10:00:00Z");
    expect(isExpiryReminderDue(spring, MADRID, at("2026-03-27T10:30:00Z"))).toBe(false);
    expect(isExpiryReminderDue(spring, "UTC", at("2026-03-27T10:30:00Z"))).toBe(true);
    expect(isExpiryReminderDue(spring, MADRID, at("2026-03-27T11:00:00Z"))).toBe(true);
    // Expires Tuesday 27 October 12:00 CET: reminded from Saturday 24 October 12:00 CEST, 73 hours before.
    const autumn = reward("2026-10-27T11:00:00Z");
    expect(isExpiryReminderDue(autumn, MADRID, at("2026-10-24T10:00:00Z"))).toBe(true);
    expect(isExpiryReminderDue(autumn, "UTC", at("2026-10-24T10:00:00Z"))).toBe(false);
  });

  it("is never due for a reward without an expiry", () => {
    expect(
      isExpiryReminderDue({ expiresAt: null, issuedAt: at("2026-01-01T00:00:00Z") }, MADRID, at("2026-06-01")),
    ).toBe(false);
  });

  it("is skipped for a reward valid three days or less, whose announcement gave its expiry moments ago", () => {
    // Valid 72 hours across the spring change: the window opens an hour after it was issued.
    const short = reward("2026-03-30T10:00:00Z", "2026-03-27T10:00:00Z");
    for (const now of ["2026-03-27T11:00:00Z", "2026-03-28T12:00:00Z", "2026-03-30T09:00:00Z"])
      expect(isExpiryReminderDue(short, MADRID, at(now))).toBe(false);
    expect(
      isExpiryReminderDue(reward("2026-06-03T10:00:00Z", "2026-06-01T10:00:00Z"), MADRID, at("2026-06-02T10:00:00Z")),
    ).toBe(false);
    // Valid four days: reminded a day after it was issued.
    const four = reward("2026-06-05T10:00:00Z", "2026-06-01T10:00:00Z");
    expect(isExpiryReminderDue(four, MADRID, at("2026-06-02T10:00:00Z"))).toBe(true);
  });
});

describe("the owner's summary", () => {
  it("is never due when the owner turned it off", () => {
    expect(dueOwnerSummary("OFF", MADRID, at("2026-03-30T08:00:00Z"))).toBeNull();
  });

  it("is due daily from 07:00 on the business's clock until the day ends, for the day before", () => {
    const yesterday = {
      period: "DAILY",
      fromDay: "2026-03-09",
      from: at("2026-03-08T23:00:00Z"),
      to: at("2026-03-09T23:00:00Z"),
    };
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-10T05:59:59Z"))).toBeNull();
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-10T06:00:00Z"))).toEqual(yesterday);
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-10T22:59:59Z"))).toEqual(yesterday);
    // Midnight in Madrid: a new day, whose summary waits for 07:00.
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-10T23:00:00Z"))).toBeNull();
    expect(dueOwnerSummary("DAILY", "America/New_York", at("2026-03-10T06:00:00Z"))).toBeNull();
  });

  it("covers the 23-hour day of the spring change and opens at 07:00 summer time", () => {
    // Sunday 29 March: 07:00 CEST is 05:00 UTC.
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-29T04:30:00Z"))).toBeNull();
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-03-29T05:00:00Z"))?.fromDay).toBe("2026-03-28");
    const sunday = dueOwnerSummary("DAILY", MADRID, at("2026-03-30T05:17:00Z"))!;
    expect(sunday).toEqual({
      period: "DAILY",
      fromDay: "2026-03-29",
      from: at("2026-03-28T23:00:00Z"),
      to: at("2026-03-29T22:00:00Z"),
    });
    expect(sunday.to.getTime() - sunday.from.getTime()).toBe(23 * HOUR);
  });

  it("covers the 25-hour day of the autumn change", () => {
    const sunday = dueOwnerSummary("DAILY", MADRID, at("2026-10-26T06:17:00Z"))!;
    expect(sunday).toMatchObject({
      fromDay: "2026-10-25",
      from: at("2026-10-24T22:00:00Z"),
      to: at("2026-10-25T23:00:00Z"),
    });
    expect(sunday.to.getTime() - sunday.from.getTime()).toBe(25 * HOUR);
    expect(dueOwnerSummary("DAILY", MADRID, at("2026-10-26T05:59:00Z"))).toBeNull();
  });

  it("is due weekly on Mondays from 07:00, for Monday to Sunday before, across a DST change", () => {
    expect(dueOwnerSummary("WEEKLY", MADRID, at("2026-03-29T10:00:00Z"))).toBeNull(); // Sunday
    expect(dueOwnerSummary("WEEKLY", MADRID, at("2026-03-31T10:00:00Z"))).toBeNull(); // Tuesday
    expect(dueOwnerSummary("WEEKLY", MADRID, at("2026-03-30T04:59:00Z"))).toBeNull(); // Monday 06:59 CEST
    const week = dueOwnerSummary("WEEKLY", MADRID, at("2026-03-30T05:00:00Z"))!;
    expect(week).toEqual({
      period: "WEEKLY",
      fromDay: "2026-03-23",
      from: at("2026-03-22T23:00:00Z"),
      to: at("2026-03-29T22:00:00Z"),
    });
    expect(week.to.getTime() - week.from.getTime()).toBe(7 * 24 * HOUR - HOUR);
    const autumn = dueOwnerSummary("WEEKLY", MADRID, at("2026-10-26T21:00:00Z"))!;
    expect(autumn).toMatchObject({
      fromDay: "2026-10-19",
      from: at("2026-10-18T22:00:00Z"),
      to: at("2026-10-25T23:00:00Z"),
    });
  });

  it("follows the business's own Monday, not UTC's", () => {
    // Sunday 19:00 UTC is Monday 08:00 in Auckland (NZDT, +13).
    expect(dueOwnerSummary("WEEKLY", "Pacific/Auckland", at("2026-03-01T19:00:00Z"))).toMatchObject({
      fromDay: "2026-02-23",
      from: at("2026-02-22T11:00:00Z"),
      to: at("2026-03-01T11:00:00Z"),
    });
    expect(dueOwnerSummary("WEEKLY", "UTC", at("2026-03-01T19:00:00Z"))).toBeNull();
  });

  it("has one event key per business and period", () => {
    expect(ownerSummaryKey("b1", { period: "WEEKLY", fromDay: "2026-03-23" })).toBe(
      "owner-summary:b1:WEEKLY:2026-03-23",
    );
  });
});
