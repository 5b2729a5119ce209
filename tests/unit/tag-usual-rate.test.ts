import { keepPriorWeek, keptPriorWeek, PRIOR_WEEK_KEPT_MS } from "@/lib/db/tag-usual-rate";

// A tag's counted week is used for its next taps for a few minutes, and only by
// taps at a time near the count (an approved held visit or another clock counts its own).
describe("a tag's prior week kept between taps", () => {
  const t0 = new Date("2026-06-10T10:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const week = { n: 168, first: new Date("2026-06-03T09:30:00Z") };

  it("is used within the kept minutes, either side of the count", () => {
    keepPriorWeek("tag-a", t0, week);
    expect(keptPriorWeek("tag-a", at(PRIOR_WEEK_KEPT_MS))).toEqual(week);
    expect(keptPriorWeek("tag-a", at(-PRIOR_WEEK_KEPT_MS))).toEqual(week);
  });

  it("is counted again after them, and never lent to another tag", () => {
    keepPriorWeek("tag-b", t0, week);
    expect(keptPriorWeek("tag-b", at(PRIOR_WEEK_KEPT_MS + 1))).toBeNull();
    expect(keptPriorWeek("tag-b", at(-PRIOR_WEEK_KEPT_MS - 1))).toBeNull();
    expect(keptPriorWeek("tag-c", t0)).toBeNull();
  });

  it("a newer count replaces the older", () => {
    keepPriorWeek("tag-d", t0, week);
    keepPriorWeek("tag-d", at(60_000), { n: 170, first: week.first });
    expect(keptPriorWeek("tag-d", at(60_000))?.n).toBe(170);
  });
});
