import { liftMessage } from "@/components/campaigns/lift-text";

// The owner's one line of a campaign's extra visits: a number only once the
// 95% interval is clear of zero, and never before the results say there is enough data.

describe("the owner's reading of a campaign's extra visits", () => {
  it("says about how many extra visits, with the interval, in whole visits", () => {
    expect(liftMessage({ estimate: 36.4, low: 9.2, high: 63.7 }, true)).toEqual({
      key: "campaigns.results.broughtBack",
      values: { estimate: 36, low: 9, high: 64 },
    });
  });

  it("says not enough data yet while the interval is wider than the effect", () => {
    expect(liftMessage({ estimate: 5, low: -8, high: 18 }, true)).toEqual({ key: "campaigns.results.notEnough" });
  });

  it("says not enough data yet when the results say so, whatever the interval", () => {
    expect(liftMessage({ estimate: 36, low: 9, high: 63 }, false)).toEqual({ key: "campaigns.results.notEnough" });
  });

  it("says plainly when the messaged came back less, the interval as counts of fewer visits", () => {
    expect(liftMessage({ estimate: -12.2, low: -20.6, high: -3.1 }, true)).toEqual({
      key: "campaigns.results.fewer",
      values: { estimate: 12, low: 3, high: 21 },
    });
  });
});
