import {
  DEFAULT_REVIEW_RULES,
  decideHold,
  guestAddressHold,
  offHoursHold,
  readReviewRules,
  tagBurstHold,
  tagSpreadHold,
  type HoldInputs,
} from "@/lib/review/rules";

const now = new Date("2026-11-27T11:00:00Z"); // 12:00 in Madrid, a Friday
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const MADRID = "Europe/Madrid";
// Open Monday to Saturday 08:00–20:00 on Madrid's clock.
const hours = [1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: "08:00", closes: "20:00" }));

function inputs(over: Partial<HoldInputs> = {}): HoldInputs {
  return {
    now,
    tagId: "tag-a",
    locationId: "loc-1",
    recent: [],
    tagLastHour: 0,
    tagPriorWeek: null,
    guestCardsFromAddress: [],
    locations: new Map([["loc-1", { hours, timeZone: MADRID }]]),
    ...over,
  };
}
const rules = DEFAULT_REVIEW_RULES;

describe("one customer at many tags in a few minutes", () => {
  test("a third different tag within 10 minutes is held; two are not", () => {
    const two = [{ tagId: "tag-b", locationId: "loc-1", at: minutesAgo(4) }];
    expect(tagSpreadHold(rules.tagSpread, inputs({ recent: two }))).toBeNull();
    const three = [...two, { tagId: "tag-c", locationId: "loc-1", at: minutesAgo(9) }];
    expect(tagSpreadHold(rules.tagSpread, inputs({ recent: three }))).toEqual({
      reason: "tag_spread",
      details: { tags: 3, minutes: 10 },
    });
  });

  test("the same tag again, or a tag visited before the window, is not a spread", () => {
    const recent = [
      { tagId: "tag-a", locationId: "loc-1", at: minutesAgo(1) },
      { tagId: "tag-b", locationId: "loc-1", at: minutesAgo(2) },
      { tagId: "tag-c", locationId: "loc-1", at: minutesAgo(11) },
    ];
    expect(tagSpreadHold(rules.tagSpread, inputs({ recent }))).toBeNull();
    expect(tagSpreadHold({ ...rules.tagSpread, minutes: 15 }, inputs({ recent }))?.reason).toBe("tag_spread");
    expect(tagSpreadHold({ ...rules.tagSpread, on: false, minutes: 15 }, inputs({ recent }))).toBeNull();
  });
});

describe("taps at a tag far above its usual rate", () => {
  // 336 visits in the week before: 2 an hour usually.
  test("20 in the last hour (this one included) and over 5× the usual hourly rate is held", () => {
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 19, tagPriorWeek: 336 }))).toEqual({
      reason: "tag_burst",
      details: { lastHour: 20, usualPerHour: 2, factor: 5 },
    });
  });

  test("a tag in use for a day is measured by that day, not by a whole week", () => {
    // 300 visits since yesterday at this time: about 13 an hour; 25 this hour is under 5×.
    const yesterday = new Date(now.getTime() - 24 * 3_600_000);
    expect(
      tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 24, tagPriorWeek: 300, tagPriorWeekFirst: yesterday })),
    ).toBeNull();
    // In use for an hour only: no usual rate yet.
    const anHourBefore = new Date(now.getTime() - 2 * 3_600_000);
    expect(
      tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 60, tagPriorWeek: 3, tagPriorWeekFirst: anHourBefore })),
    ).toBeNull();
    // Measured over the 168 hours it would read 1.8 an hour and hold.
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 24, tagPriorWeek: 300 }))?.reason).toBe("tag_burst");
  });

  test("under 20, or not above 5× the usual rate, or no usual rate at all, is not", () => {
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 18, tagPriorWeek: 1 }))).toBeNull();
    // Usually 10 an hour: 45 is under 5×.
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 44, tagPriorWeek: 1680 }))).toBeNull();
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 60, tagPriorWeek: 0 }))).toBeNull();
    expect(tagBurstHold(rules.tagBurst, inputs({ tagLastHour: 60, tagPriorWeek: null }))).toBeNull();
  });
});

describe("many new guest cards from one address (off by default, switched on here)", () => {
  const guestRule = { ...rules.guestAddress, on: true };
  test("off by default: a café's Wi-Fi is one address for many honest customers", () => {
    const many = Array.from({ length: 20 }, (_, i) => minutesAgo(i / 4));
    expect(rules.guestAddress.on).toBe(false);
    expect(guestAddressHold(rules.guestAddress, inputs({ guestCardsFromAddress: many }))).toBeNull();
  });

  test("the fifth card from one address within 10 minutes is held", () => {
    const four = [0, 1, 2, 3].map((m) => minutesAgo(m * 2));
    expect(guestAddressHold(guestRule, inputs({ guestCardsFromAddress: four }))).toBeNull();
    const five = [...four, minutesAgo(9)];
    expect(guestAddressHold(guestRule, inputs({ guestCardsFromAddress: five }))).toEqual({
      reason: "guest_address",
      details: { cards: 5, minutes: 10 },
    });
  });

  test("cards started longer ago than the window do not count", () => {
    const spread = [0, 3, 6, 12, 20].map(minutesAgo);
    expect(guestAddressHold(guestRule, inputs({ guestCardsFromAddress: spread }))).toBeNull();
  });
});

describe("a customer whose visits all fall outside opening hours", () => {
  const night = (daysAgo: number) => new Date(Date.UTC(2026, 10, 27 - daysAgo, 1, 30)); // 02:30 in Madrid

  test("three visits, all outside the location's hours on its clock, are held", () => {
    const recent = [1, 2].map((d) => ({ tagId: "tag-a", locationId: "loc-1", at: night(d) }));
    expect(offHoursHold(rules.offHours, inputs({ now: night(0), recent }))).toEqual({
      reason: "off_hours",
      details: { visits: 3 },
    });
  });

  test("one visit within hours, too few visits, or hours not published: not held", () => {
    const recent = [1, 2].map((d) => ({ tagId: "tag-a", locationId: "loc-1", at: night(d) }));
    // This tap at 12:00 Madrid, a Friday: open.
    expect(offHoursHold(rules.offHours, inputs({ recent }))).toBeNull();
    expect(offHoursHold(rules.offHours, inputs({ now: night(0), recent: recent.slice(1) }))).toBeNull();
    const unpublished = new Map([["loc-1", { hours: [], timeZone: MADRID }]]);
    expect(offHoursHold(rules.offHours, inputs({ now: night(0), recent, locations: unpublished }))).toBeNull();
  });

  test("the location's own clock decides: 21:30 UTC is 22:30 in Madrid (closed) but 16:30 in New York (open)", () => {
    const evening = (d: number) => new Date(Date.UTC(2026, 10, 26 - d, 21, 30)); // Thursdays… Tuesdays
    const recent = [1, 2].map((d) => ({ tagId: "tag-a", locationId: "loc-1", at: evening(d) }));
    const madrid = inputs({ now: evening(0), recent });
    expect(offHoursHold(rules.offHours, madrid)?.reason).toBe("off_hours");
    const newYork = new Map([["loc-1", { hours, timeZone: "America/New_York" }]]);
    expect(offHoursHold(rules.offHours, { ...madrid, locations: newYork })).toBeNull();
  });
});

describe("the settings", () => {
  test("stored values within bounds are kept; others fall back to the defaults", () => {
    const read = readReviewRules({ tagSpread: { on: false, tags: 99, minutes: 5 }, offHours: "x" });
    expect(read.tagSpread).toEqual({ on: false, tags: 3, minutes: 5 });
    expect(read.offHours).toEqual(DEFAULT_REVIEW_RULES.offHours);
    expect(readReviewRules(null)).toEqual(DEFAULT_REVIEW_RULES);
  });

  test("an ordinary visit is held by no rule", () => {
    const recent = [{ tagId: "tag-a", locationId: "loc-1", at: minutesAgo(60 * 24) }];
    expect(decideHold(rules, inputs({ recent, tagLastHour: 3, tagPriorWeek: 200 }))).toBeNull();
  });
});
