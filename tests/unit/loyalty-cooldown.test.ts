import { cooldownEndsAt, cooldownPassed } from "@/lib/loyalty/cooldown";
import { formatNextVisit, nextVisitAfterCooldown, nextVisitMessageKey } from "@/lib/tap/next-visit";

const MADRID = "Europe/Madrid";
const at = (iso: string) => new Date(iso);

describe("a program's cooldown boundary", () => {
  const last = at("2026-11-27T11:30:00Z"); // 12:30 in Madrid

  test("no cooldown, or no stamp yet: the visit earns it", () => {
    expect(cooldownPassed(null, 2, last)).toBe(true);
    expect(cooldownPassed(last, null, last)).toBe(true);
  });

  test("inside the hours no stamp; from their end (included) a stamp", () => {
    expect(cooldownPassed(last, 2, at("2026-11-27T13:29:59.999Z"))).toBe(false);
    expect(cooldownPassed(last, 2, at("2026-11-27T13:30:00.000Z"))).toBe(true);
    expect(cooldownPassed(last, 168, at("2026-12-04T11:29:00Z"))).toBe(false);
    expect(cooldownPassed(last, 168, at("2026-12-04T11:30:00Z"))).toBe(true);
  });

  test("'Next stamp from 14:30' on the business's clock, not UTC's", () => {
    const next = nextVisitAfterCooldown(last, 2 * 60, at("2026-11-27T12:00:00Z"), MADRID);
    expect(next.at).toBe(cooldownEndsAt(last, 2).toISOString());
    expect(formatNextVisit(next, "en").time).toBe("14:30");
    expect(formatNextVisit(next, "en").time).not.toBe(formatNextVisit({ ...next, time_zone: "UTC" }, "en").time);
    expect(nextVisitMessageKey(next)).toBe("cooldownToday");
  });

  test("an end after the business's midnight is tomorrow, on its calendar", () => {
    // 22:00 in Madrid (21:00 UTC) + 3 hours = 01:00 Madrid the next day, still 00:00 UTC of that day.
    const evening = at("2026-11-27T21:00:00Z");
    const next = nextVisitAfterCooldown(evening, 3 * 60, evening, MADRID);
    expect(nextVisitMessageKey(next)).toBe("cooldownTomorrow");
    expect(formatNextVisit(next, "es").time).toBe("01:00");
  });

  test("across the spring DST change the hours are elapsed time: 2 hours from 01:30 reads 04:30", () => {
    // 29 March 2026: Madrid's clocks jump 02:00 → 03:00. 01:30 CET is 00:30 UTC.
    const before = at("2026-03-29T00:30:00Z");
    const end = cooldownEndsAt(before, 2);
    expect(end.toISOString()).toBe("2026-03-29T02:30:00.000Z");
    expect(formatNextVisit({ at: end.toISOString(), time_zone: MADRID }, "ca").time).toBe("04:30");
    expect(cooldownPassed(before, 2, at("2026-03-29T02:29:00Z"))).toBe(false);
  });

  test("across the autumn DST change: 2 hours from 01:30 reads 02:30 (the clock went back)", () => {
    // 25 October 2026: Madrid's clocks go 03:00 → 02:00. 01:30 CEST is 23:30 UTC the day before.
    const before = at("2026-10-24T23:30:00Z");
    const end = cooldownEndsAt(before, 2);
    expect(formatNextVisit({ at: end.toISOString(), time_zone: MADRID }, "en").time).toBe("02:30");
    expect(cooldownPassed(before, 2, at("2026-10-25T01:29:59Z"))).toBe(false);
    expect(cooldownPassed(before, 2, end)).toBe(true);
  });
});
