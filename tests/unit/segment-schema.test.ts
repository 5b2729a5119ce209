import { EVERY_MEMBER, SEGMENT_LIMITS, segmentSchema } from "@/lib/campaigns/segment";
import { FALLBACK_LAPSED_DAYS, MIN_GAPS, suggestedDaysFromGap } from "@/lib/campaigns/typical-gap-rule";

// A segment enters from a form or a stored campaign: what it accepts, what it
// refuses (with a catalog key, never zod's English), and the lapsed suggestion's rounding.

const issueOf = (input: unknown) => {
  const result = segmentSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!;
};

describe("segmentSchema", () => {
  test("an empty segment is every member, guests included", () => {
    expect(segmentSchema.parse({})).toEqual(EVERY_MEMBER);
    expect(EVERY_MEMBER).toMatchObject({ lapsedDays: null, topVisits: null, guests: "include", rewardsReady: false });
  });

  test.each([
    ["lapsedDays", SEGMENT_LIMITS.days],
    ["newDays", SEGMENT_LIMITS.days],
    ["closeToReward", SEGMENT_LIMITS.closeToReward],
    ["topVisits", SEGMENT_LIMITS.top],
  ] as const)("%s takes whole numbers from its minimum to its maximum", (field, { min, max }) => {
    expect(segmentSchema.parse({ [field]: min })[field]).toBe(min);
    expect(segmentSchema.parse({ [field]: max })[field]).toBe(max);
    expect(issueOf({ [field]: min - 1 })?.message).toBe("validation.numberAtLeast");
    expect(issueOf({ [field]: max + 1 })?.message).toBe("validation.numberAtMost");
    expect(issueOf({ [field]: min + 0.5 })?.message).toBe("validation.wholeNumber");
    expect(issueOf({ [field]: String(min) })?.message).toBe("validation.wholeNumber");
  });

  test("the rest: a program id, the guest switch, yes/no conditions, and nothing else", () => {
    expect(issueOf({ programId: "not-a-uuid" })?.message).toBe("validation.invalidOption");
    expect(segmentSchema.parse({ programId: "0196f3a2-7c1e-7d2a-9b3c-4d5e6f708192" }).programId).toBe(
      "0196f3a2-7c1e-7d2a-9b3c-4d5e6f708192",
    );
    expect(issueOf({ guests: "only" })?.message).toBe("validation.invalidOption");
    expect(issueOf({ rewardsReady: "yes" })?.message).toBe("validation.invalidValue");
    expect(issueOf({ vip: true })).not.toBeNull();
    expect(issueOf(null)?.message).toBe("validation.invalidValue");
  });
});

describe("suggestedDaysFromGap", () => {
  test("too few gaps, or none: the usual month", () => {
    expect(suggestedDaysFromGap(null, 0)).toBe(FALLBACK_LAPSED_DAYS);
    expect(suggestedDaysFromGap(3, MIN_GAPS - 1)).toBe(FALLBACK_LAPSED_DAYS);
  });

  test.each([
    [1, 7],
    [7, 7],
    [7.2, 14],
    [10, 14],
    [22, 30],
    [30, 30],
    [31, 45],
    [100, 120],
    [200, 270],
    [364, 365],
    [400, 365],
  ])("a gap of %p days suggests %p", (gap, days) => {
    expect(suggestedDaysFromGap(gap, MIN_GAPS)).toBe(days);
  });
});
