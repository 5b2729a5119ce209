import {
  cooldownEndsAt,
  dailyLimitResetAt,
  formatNextVisit,
  nextVisitAfterCooldown,
  nextVisitAfterDailyLimit,
  nextVisitDay,
  nextVisitMessageKey,
  readNextVisit,
} from "@/lib/tap/next-visit";

const MADRID = "Europe/Madrid";

describe("when the daily limit opens again", () => {
  test("the next midnight on the business's clock, not UTC's", () => {
    // 23:30 in Madrid (CET, UTC+1) is 22:30 UTC: the next visit counts at 00:00 Madrid, 23:00 UTC.
    expect(dailyLimitResetAt(new Date("2026-11-27T22:30:00Z"), MADRID).toISOString()).toBe("2026-11-27T23:00:00.000Z");
    // 00:30 in Madrid is still 23:30 UTC the day before: the limit counts Madrid's day.
    expect(dailyLimitResetAt(new Date("2026-11-27T23:30:00Z"), MADRID).toISOString()).toBe("2026-11-28T23:00:00.000Z");
    expect(dailyLimitResetAt(new Date("2026-11-27T10:00:00Z"), "UTC").toISOString()).toBe("2026-11-28T00:00:00.000Z");
  });

  test("summer time: midnight is 22:00 UTC", () => {
    expect(dailyLimitResetAt(new Date("2026-07-01T12:00:00Z"), MADRID).toISOString()).toBe("2026-07-01T22:00:00.000Z");
  });

  test("on the DST days in Europe/Madrid the day is 23 or 25 hours long, and midnight still opens it", () => {
    // Clocks go forward on 29 March 2026 at 02:00: that day ends at 22:00 UTC, 23 hours after it began.
    const spring = dailyLimitResetAt(new Date("2026-03-29T08:00:00Z"), MADRID);
    expect(spring.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(spring.getTime() - Date.parse("2026-03-28T23:00:00Z")).toBe(23 * 3_600_000);
    // Clocks go back on 25 October 2026 at 03:00: that day is 25 hours long.
    const autumn = dailyLimitResetAt(new Date("2026-10-25T08:00:00Z"), MADRID);
    expect(autumn.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(autumn.getTime() - Date.parse("2026-10-24T22:00:00Z")).toBe(25 * 3_600_000);
    // Both read 00:00 on Madrid's clock.
    expect(formatNextVisit({ at: spring.toISOString(), time_zone: MADRID }, "es").time).toBe("00:00");
    expect(formatNextVisit({ at: autumn.toISOString(), time_zone: MADRID }, "ca").time).toBe("00:00");
  });

  test("the answer's next_visit: tomorrow, on the business's zone", () => {
    expect(nextVisitAfterDailyLimit(new Date("2026-11-27T22:30:00Z"), MADRID)).toEqual({
      kind: "daily_limit",
      at: "2026-11-27T23:00:00.000Z",
      time_zone: MADRID,
      day: "tomorrow",
    });
  });
});

describe("a program's cooldown", () => {
  const last = new Date("2026-11-27T11:30:00Z"); // 12:30 in Madrid

  test("ends the cooldown's minutes after the last counted visit", () => {
    expect(cooldownEndsAt(last, 120).toISOString()).toBe("2026-11-27T13:30:00.000Z");
    expect(cooldownEndsAt(last, -5).toISOString()).toBe(last.toISOString());
  });

  test("later today: 'at 14:30'", () => {
    const next = nextVisitAfterCooldown(last, 120, new Date("2026-11-27T12:00:00Z"), MADRID);
    expect(next.day).toBe("today");
    expect(nextVisitMessageKey(next)).toBe("cooldownToday");
    expect(formatNextVisit(next, "en").time).toBe("14:30");
  });

  test("past midnight in the business's zone: 'tomorrow at 09:15'", () => {
    const evening = new Date("2026-11-27T20:15:00Z"); // 21:15 in Madrid
    const next = nextVisitAfterCooldown(evening, 12 * 60, evening, MADRID);
    expect(next.day).toBe("tomorrow");
    expect(nextVisitMessageKey(next)).toBe("cooldownTomorrow");
    expect(formatNextVisit(next, "es").time).toBe("09:15");
  });

  test("days away: 'on <date> at <time>'", () => {
    const next = nextVisitAfterCooldown(last, 3 * 24 * 60, last, MADRID);
    expect(next.day).toBe("later");
    expect(nextVisitMessageKey(next)).toBe("cooldownOn");
    expect(formatNextVisit(next, "en").date).toBe("November 30");
  });
});

describe("the relative day and the stored answer", () => {
  test("the relative day is the business's calendar day, not UTC's", () => {
    // 23:30 UTC on the 27th is already the 28th in Madrid.
    expect(nextVisitDay(new Date("2026-11-27T23:30:00Z"), new Date("2026-11-27T22:00:00Z"), MADRID)).toBe("tomorrow");
    expect(nextVisitDay(new Date("2026-11-27T23:30:00Z"), new Date("2026-11-27T22:00:00Z"), "UTC")).toBe("today");
  });

  test("the daily limit's line says 'tomorrow after'", () => {
    expect(nextVisitMessageKey({ kind: "daily_limit", day: "tomorrow" })).toBe("dailyTomorrow");
  });

  test("a malformed or missing next_visit shows no line", () => {
    expect(readNextVisit(undefined)).toBeNull();
    expect(readNextVisit({ kind: "daily_limit", at: "soon", time_zone: MADRID, day: "tomorrow" })).toBeNull();
    expect(
      readNextVisit({ kind: "daily_limit", at: "2026-11-27T23:00:00Z", time_zone: "Mars/Base", day: "tomorrow" }),
    ).toBeNull();
    const good = { kind: "daily_limit", at: "2026-11-27T23:00:00.000Z", time_zone: MADRID, day: "tomorrow" };
    expect(readNextVisit(good)).toEqual(good);
  });
});
