import {
  differenceOfMeans,
  isEnoughData,
  MIN_GROUP_SIZE,
  scaleInterval,
  twoProportionDifference,
  wilsonInterval,
  type CountSummary,
} from "@/lib/campaigns/lift";

// The campaign's lift against published values: Wilson's interval and
// Newcombe's hybrid score interval for a difference of proportions are the
// worked examples of Newcombe (1998), "Two-sided confidence intervals for the
// single proportion" (Table I, method 3) and "Interval estimation for the
// difference between independent proportions" (Table II, method 10).

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const rounded = (i: { estimate?: number; low: number; high: number } | null) =>
  i && {
    ...(i.estimate === undefined ? {} : { estimate: round4(i.estimate) }),
    low: round4(i.low),
    high: round4(i.high),
  };

const summary = (counts: number[]): CountSummary => ({
  n: counts.length,
  sum: counts.reduce((a, b) => a + b, 0),
  sumOfSquares: counts.reduce((a, b) => a + b * b, 0),
});

describe("Wilson's interval", () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("%i/%i → %f to %f", (x, n, low, high) => {
    expect(rounded(wilsonInterval(x, n))).toEqual({ low, high });
  });
});

describe("the difference of two return rates (Newcombe's hybrid score interval)", () => {
  it.each([
    [56, 70, 48, 80, 0.2, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.6, 0.1705, 0.809],
    [6, 7, 2, 7, 0.5714, 0.0582, 0.8062],
    [5, 56, 0, 29, 0.0893, -0.0381, 0.1926],
    [0, 10, 0, 20, 0, -0.1611, 0.2775],
    [0, 10, 0, 10, 0, -0.2775, 0.2775],
    [10, 10, 0, 20, 1, 0.6791, 1],
    [10, 10, 0, 10, 1, 0.6075, 1],
  ])("%i/%i − %i/%i = %f (%f to %f)", (x1, n1, x2, n2, estimate, low, high) => {
    expect(rounded(twoProportionDifference(x1, n1, x2, n2))).toEqual({ estimate, low, high });
  });

  it("has no answer for an empty group", () => {
    expect(twoProportionDifference(3, 10, 0, 0)).toBeNull();
    expect(twoProportionDifference(0, 0, 3, 10)).toBeNull();
  });
});

describe("the difference of visits per member (Welch, normal approximation)", () => {
  it("uses each group's own variance", () => {
    // Means 2 and 0.5, sample variances 2.5 and 1/3: SE = √(2.5/5 + (1/3)/4) = 0.763763, ×1.959964 = 1.496948.
    const result = differenceOfMeans(summary([0, 1, 2, 3, 4]), summary([0, 0, 1, 1]));
    expect(rounded(result)).toEqual({ estimate: 1.5, low: 0.0031, high: 2.9969 });
  });

  it("is exact when nobody's visits vary, and absent below two members a group", () => {
    expect(differenceOfMeans(summary([1, 1, 1]), summary([0, 0]))).toEqual({ estimate: 1, low: 1, high: 1 });
    expect(differenceOfMeans(summary([1, 2]), summary([0]))).toBeNull();
  });

  it("scales to extra visits over the members messaged", () => {
    expect(scaleInterval({ estimate: 0.25, low: 0.1, high: 0.4 }, 1000)).toEqual({
      estimate: 250,
      low: 100,
      high: 400,
    });
  });
});

describe("enough data", () => {
  const n = MIN_GROUP_SIZE;
  it("needs an interval that leaves out zero", () => {
    expect(isEnoughData({ estimate: 0.3, low: 0.05, high: 0.55 }, n, n)).toBe(true);
    expect(isEnoughData({ estimate: -0.3, low: -0.55, high: -0.05 }, n, n)).toBe(true);
    expect(isEnoughData({ estimate: 0.3, low: -0.01, high: 0.61 }, n, n)).toBe(false);
    expect(isEnoughData({ estimate: 0, low: 0, high: 0 }, n, n)).toBe(false);
    expect(isEnoughData(null, n, n)).toBe(false);
  });

  it(`needs ${MIN_GROUP_SIZE} members in each group`, () => {
    expect(MIN_GROUP_SIZE).toBe(30);
    const clear = { estimate: 2, low: 1, high: 3 };
    expect(isEnoughData(clear, n - 1, n)).toBe(false);
    expect(isEnoughData(clear, n, n - 1)).toBe(false);
  });
});
