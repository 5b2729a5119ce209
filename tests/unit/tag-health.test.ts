import { tagAlertMail } from "@/lib/mail/notifications";
import {
  burstRule,
  counterJump,
  firingAlerts,
  isWithinHours,
  outOfHoursRule,
  plainUrlRule,
  silentRule,
  tagHealthView,
  usualTaps,
  type TagCheck,
  type TagHistory,
} from "@/lib/tags/health";
import type { OpeningRange } from "@/lib/locations/hours";
import { translator } from "@/tests/support/catalog";

// Tag health's rules (docs/tag-health.md), each on its own; days are the
// business's local days, hours the location's own clock.

const weekdays: OpeningRange[] = [1, 2, 3, 4, 5].map((day) => ({ day, opens: "09:00", closes: "18:00" }));

/** `n` local days before 2033-06-15 (a Wednesday) with the counts given, newest last. */
function history(counts: number[], hours: OpeningRange[] = [], claimedDay: string | null = null): TagHistory {
  const map = new Map<string, number>();
  counts.forEach((taps, i) => {
    const day = new Date(Date.parse("2033-06-15T00:00:00Z") - (counts.length - i) * 86_400_000);
    map.set(day.toISOString().slice(0, 10), taps);
  });
  return { counts: map, today: "2033-06-15", claimedDay, hours };
}

describe("usual taps on an open day", () => {
  test("the median of the open days of the last 28, empty days counted, one busy day does not move it", () => {
    const days = Array.from({ length: 28 }, (_, i) => (i === 10 ? 400 : 30));
    expect(usualTaps(history(days))).toBe(30);
  });

  test("closed days are not counted: a shop open on weekdays is judged on weekdays only", () => {
    // Weekends get 0 (closed), weekdays 12: with every day counted the median would still be 12,
    // but with half the days closed it would fall to 0.
    const counts = Array.from({ length: 28 }, (_, i) => {
      const day = new Date(Date.parse("2033-06-15T00:00:00Z") - (28 - i) * 86_400_000).getUTCDay();
      return day === 0 || day === 6 ? 0 : 12;
    });
    expect(usualTaps(history(counts, weekdays))).toBe(12);
    const everyOther = counts.map((taps, i) => (i % 2 ? taps : 0));
    expect(usualTaps(history(everyOther))).toBe(0);
  });

  test("a new tag: fewer than 7 open days since it was claimed", () => {
    expect(usualTaps(history(Array(28).fill(20), [], "2033-06-09"))).toBeNull();
    expect(usualTaps(history(Array(28).fill(20), [], "2033-06-07"))).toBe(20);
  });
});

describe("a silent tag", () => {
  test("usually tapped every open day, none for two open days: silent", () => {
    const counts = [...Array(26).fill(15), 0, 0];
    expect(silentRule(history(counts), 0)).toEqual({ silent: true, days: 2, threshold: 2 });
    expect(silentRule(history([...Array(27).fill(15), 0]), 0)).toEqual({ silent: false });
  });

  test("a tap today ends the silence", () => {
    expect(silentRule(history([...Array(25).fill(15), 0, 0, 0]), 1)).toEqual({ silent: false });
  });

  test("a tag empty one open day in three needs a longer silence (chance under 1 in 100)", () => {
    const counts = Array.from({ length: 24 }, (_, i) => (i % 3 === 1 ? 0 : 4));
    // (1/3)^4 = 0.012, (1/3)^5 = 0.004: five empty open days.
    expect(silentRule(history([...counts, 0, 0, 0, 0]), 0)).toEqual({ silent: false });
    expect(silentRule(history([...counts.slice(1), 0, 0, 0, 0, 0]), 0)).toMatchObject({ silent: true, threshold: 5 });
  });

  test("weekend days the location is closed do not count as silent days", () => {
    // Days 23..27 are Friday 10th, Saturday, Sunday, Monday 13th and Tuesday 14th: the
    // weekend is closed, so Friday, Monday and Tuesday are consecutive open days.
    const counts = Array(28).fill(10);
    counts[23] = 0;
    counts[24] = 0;
    counts[25] = 0;
    counts[27] = 0;
    expect(silentRule(history(counts, weekdays), 0)).toEqual({ silent: false });
    counts[26] = 0;
    expect(silentRule(history(counts, weekdays), 0)).toMatchObject({ silent: true, days: 3 });
  });

  test("a sporadic tag is never called silent", () => {
    const counts = Array.from({ length: 28 }, (_, i) => (i % 4 === 0 ? 3 : 0));
    expect(silentRule(history([...counts.slice(4), 0, 0, 0, 0]), 0)).toEqual({ silent: false });
  });
});

describe("a burst", () => {
  test("five times the usual hourly rate and at least 20 taps", () => {
    // Usual 90 a day over 9 open hours: 10 an hour, so 50 in an hour is a burst.
    expect(burstRule(90, 9 * 60, 49)).toEqual({ burst: false });
    expect(burstRule(90, 9 * 60, 50)).toEqual({ burst: true, taps: 50, threshold: 50 });
  });
  test("a quiet tag needs at least 20 taps; a new tag is not judged", () => {
    expect(burstRule(2, 9 * 60, 19)).toEqual({ burst: false });
    expect(burstRule(2, 9 * 60, 20)).toMatchObject({ burst: true });
    expect(burstRule(null, 9 * 60, 500)).toEqual({ burst: false });
  });
});

describe("taps out of opening hours, on the location's clock", () => {
  const madrid = "Europe/Madrid";
  test("inside, the grace either side, and outside", () => {
    // 2033-06-15 is a Wednesday; Madrid is UTC+2 in summer.
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-15T10:00:00Z"))).toBe(true); // 12:00
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-15T06:50:00Z"))).toBe(true); // 08:50, grace
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-15T06:40:00Z"))).toBe(false); // 08:40
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-15T16:10:00Z"))).toBe(true); // 18:10, grace
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-15T16:20:00Z"))).toBe(false); // 18:20
    expect(isWithinHours(weekdays, madrid, new Date("2033-06-18T10:00:00Z"))).toBe(false); // Saturday
    expect(isWithinHours([], madrid, new Date("2033-06-18T10:00:00Z"))).toBeNull();
  });

  test("the same instant is in or out depending on the location's zone", () => {
    const at = new Date("2033-06-15T16:30:00Z"); // 18:30 in Madrid, 12:30 in New York
    expect(isWithinHours(weekdays, madrid, at)).toBe(false);
    expect(isWithinHours(weekdays, "America/New_York", at)).toBe(true);
  });

  test("a bar open across midnight: Friday 20:00–23:59 and Saturday 00:00–02:00", () => {
    const bar: OpeningRange[] = [
      { day: 5, opens: "20:00", closes: "23:59" },
      { day: 6, opens: "00:00", closes: "02:00" },
    ];
    // Friday 2033-06-17 23:59:30 and Saturday 00:30, 02:10 (grace), 02:30 (out) in Madrid.
    expect(isWithinHours(bar, madrid, new Date("2033-06-17T21:59:30Z"))).toBe(true);
    expect(isWithinHours(bar, madrid, new Date("2033-06-17T22:30:00Z"))).toBe(true);
    expect(isWithinHours(bar, madrid, new Date("2033-06-18T00:10:00Z"))).toBe(true);
    expect(isWithinHours(bar, madrid, new Date("2033-06-18T00:30:00Z"))).toBe(false);
    // Closing at 23:59 on Friday without a Saturday range: the grace runs past midnight.
    const friday: OpeningRange[] = [{ day: 5, opens: "20:00", closes: "23:59" }];
    expect(isWithinHours(friday, madrid, new Date("2033-06-17T22:10:00Z"))).toBe(true); // 00:10 Saturday
    expect(isWithinHours(friday, madrid, new Date("2033-06-17T22:20:00Z"))).toBe(false); // 00:20
    // Opening at 00:00 Monday: a tap at 23:50 Sunday is in its grace.
    const monday: OpeningRange[] = [{ day: 1, opens: "00:00", closes: "06:00" }];
    expect(isWithinHours(monday, madrid, new Date("2033-06-19T21:50:00Z"))).toBe(true);
  });

  test("two or more taps outside the hours is an alert, one stray tap is not", () => {
    const night = new Date("2033-06-15T21:00:00Z"); // 23:00 in Madrid
    const day = new Date("2033-06-15T10:00:00Z");
    expect(
      outOfHoursRule(weekdays, madrid, [
        { at: night, count: 1 },
        { at: day, count: 9 },
      ]),
    ).toEqual({
      outOfHours: false,
    });
    expect(outOfHoursRule(weekdays, madrid, [{ at: night, count: 2 }])).toEqual({
      outOfHours: true,
      taps: 2,
      first: night,
    });
    expect(outOfHoursRule([], madrid, [{ at: night, count: 9 }])).toEqual({ outOfHours: false });
  });
});

describe("secure tags", () => {
  test("a plain address tapped on a secure tag", () => {
    expect(plainUrlRule(true, 1)).toBe(true);
    expect(plainUrlRule(true, 0)).toBe(false);
    expect(plainUrlRule(false, 5)).toBe(false);
  });
  test("a counter jump: reads nobody recorded", () => {
    expect(counterJump(130, 100)).toBe(29);
    expect(counterJump(115, 100)).toBeNull();
    expect(counterJump(130, null)).toBeNull();
  });
});

describe("the episode keys", () => {
  const check = (over: Partial<TagCheck>): TagCheck => ({
    ...history([...Array(26).fill(15), 0, 0]),
    tagId: "t",
    secure: true,
    timeZone: "Pacific/Auckland",
    locationZone: "Pacific/Auckland",
    tapsToday: 0,
    tapsLastHour: 0,
    recentTaps: [],
    lastTapAt: new Date("2033-06-12T09:00:00Z"),
    claimedAt: new Date("2033-01-01T00:00:00Z"),
    missingSunLastDay: 0,
    ...over,
  });
  test("a silence is keyed by the tap before it; a burst by the local hour", () => {
    const now = new Date("2033-06-15T10:20:00Z");
    expect(firingAlerts(check({}), now)).toEqual([
      { kind: "SILENT", episodeKey: "last:2033-06-12T09:00:00.000Z", facts: { days: 2, usual: 15 } },
    ]);
    const burst = firingAlerts(check({ tapsToday: 80, tapsLastHour: 80, missingSunLastDay: 3 }), now);
    // 22:20 in Auckland (UTC+12).
    expect(burst.map(({ kind, episodeKey }) => [kind, episodeKey])).toEqual([
      ["BURST", "hour:2033-06-15T22"],
      ["PLAIN_URL", "day:2033-06-15"],
    ]);
  });
});

describe("what the list shows", () => {
  test("today against usual, the chip counter and its jump", () => {
    const days = Array.from({ length: 28 }, (_, i) => {
      const day = new Date(Date.parse("2033-06-15T00:00:00Z") - (28 - i) * 86_400_000).toISOString().slice(0, 10);
      return [day, 30] as const;
    });
    const view = tagHealthView(
      {
        days: [...days, ["2033-06-15", 12]],
        claimedAt: new Date("2033-01-01T00:00:00Z"),
        lastTapAt: new Date("2033-06-15T09:00:00Z"),
        secure: true,
        chipCounter: 150,
        previousCounter: 100,
        replays: 2,
        plainUrl: 0,
      },
      [],
      "2033-06-15",
      new Date("2033-06-15T11:30:00Z"),
      "Europe/Madrid",
    );
    expect(view).toMatchObject({
      tapsToday: 12,
      usual: 30,
      ago: { value: -2, unit: "hour" },
      chip: { counter: 150, jump: 49 },
      replays: 2,
    });
  });
});

describe("the alert mail", () => {
  const links = { unsubscribe: "https://x.test/u1", unsubscribeAll: "https://x.test/u2", settings: "https://x.test/s" };
  test.each(["en", "es", "ca"] as const)("says what happened and what to check, in %s", (locale) => {
    const mail = tagAlertMail(
      {
        firstName: "Ana",
        business: { name: "Café <b>Central</b>", color: null },
        kind: "SILENT",
        tag: "Counter",
        location: "Born",
        days: 3,
        taps: 0,
        usual: 30,
        tagsUrl: "https://x.test/tags",
      },
      links,
      translator(locale),
      locale,
    );
    expect(mail.text).toContain("Counter");
    expect(mail.text).toContain("30");
    expect(mail.html).not.toContain("<b>Central</b>");
    if (locale === "en") {
      expect(mail.subject).toBe("Tag Counter at Café <b>Central</b> has had no taps for 3 open days");
      expect(mail.text).toContain("Check the sticker is still at the counter");
    }
  });
});
