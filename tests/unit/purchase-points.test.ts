// Points for spending (docs/purchases.md): rounding down, the minimum, minor
// units per currency, refund math and a card's debt.
import { emptyProgress, parseProgramRules, type ProgressState } from "@/lib/loyalty";
import { describeOffer } from "@/lib/loyalty/offer";
import { applyPoints, earnPoints, takeBackPoints } from "@/lib/loyalty/points";
import { minorUnitDigits, pointsForAmount, pointsToTakeBack, spendRuleOf } from "@/lib/loyalty/spend";
import { businessCurrency, formatAmount, parseAmount } from "@/lib/purchases/money";

const rule = { pointsPerEuro: 1, minimumCents: 0 };
const progress = (count: number, state: Record<string, unknown> = {}): ProgressState => ({
  count,
  total: count,
  tier: null,
  state,
});

describe("points for an amount", () => {
  it("rounds down: 9.99 € at 1 point per euro is 9 points, 10.00 € is 10", () => {
    expect(pointsForAmount(rule, 999)).toBe(9);
    expect(pointsForAmount(rule, 1000)).toBe(10);
    expect(pointsForAmount({ pointsPerEuro: 3, minimumCents: 0 }, 1)).toBe(0);
    expect(pointsForAmount({ pointsPerEuro: 3, minimumCents: 0 }, 34)).toBe(1);
    expect(pointsForAmount({ pointsPerEuro: 3, minimumCents: 0 }, 1299)).toBe(38);
  });

  it("gives nothing under the minimum and counts from exactly the minimum", () => {
    const withMinimum = { pointsPerEuro: 2, minimumCents: 500 };
    expect(pointsForAmount(withMinimum, 499)).toBe(0);
    expect(pointsForAmount(withMinimum, 500)).toBe(10);
  });

  it("counts whole units of the currency: cents for EUR, yen for JPY", () => {
    expect(minorUnitDigits("EUR")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(pointsForAmount(rule, 1500, "EUR")).toBe(15);
    expect(pointsForAmount(rule, 1500, "JPY")).toBe(1500);
    expect(pointsForAmount(rule, 1500, "KWD")).toBe(1);
  });

  it("gives nothing for amounts that are not whole positive minor units", () => {
    for (const bad of [0, -100, 12.5, Number.NaN]) expect(pointsForAmount(rule, bad)).toBe(0);
  });

  it("a program gives points for spending only as a points program with a rate", () => {
    expect(spendRuleOf({ type: "points", rules: {} })).toBeNull();
    expect(spendRuleOf({ type: "stamps", rules: { pointsPerEuro: 2 } })).toBeNull();
    expect(spendRuleOf({ type: "points", rules: { pointsPerEuro: 2, minimumCents: 300 } })).toEqual({
      pointsPerEuro: 2,
      minimumCents: 300,
      threshold: 100,
    });
  });
});

describe("the rule's validation", () => {
  it("takes points per visit, per euro, or both, never neither", () => {
    expect(parseProgramRules("points", { pointsPerVisit: 0, pointsPerEuro: 1 }).ok).toBe(true);
    expect(parseProgramRules("points", { pointsPerVisit: 0, pointsPerEuro: 0 }).ok).toBe(false);
    expect(parseProgramRules("points", { pointsPerEuro: -1 }).ok).toBe(false);
    expect(parseProgramRules("points", { pointsPerEuro: 1.5 }).ok).toBe(false);
    expect(parseProgramRules("points", { minimumCents: 12.5 }).ok).toBe(false);
  });
});

describe("refunds", () => {
  const r = { pointsPerEuro: 1, minimumCents: 500 };

  it("take back what the purchase no longer earns, so partial refunds add up to a whole one", () => {
    // 29.99 € earned 29; refunding 0.99 € leaves 29.00 €: still 29, nothing back.
    expect(pointsToTakeBack(r, 2999, 0, 99)).toBe(0);
    // Then 10.00 € more leaves 19.00 €: 10 back.
    expect(pointsToTakeBack(r, 2999, 99, 1099)).toBe(10);
    const inParts = pointsToTakeBack(r, 2999, 0, 1000) + pointsToTakeBack(r, 2999, 1000, 2999);
    expect(inParts).toBe(pointsToTakeBack(r, 2999, 0, 2999));
    expect(inParts).toBe(29);
  });

  it("take everything back once what is left falls under the minimum", () => {
    // 10.00 € earned 10; a 5.01 € refund leaves 4.99 €, under 5.00 €.
    expect(pointsToTakeBack(r, 1000, 0, 501)).toBe(10);
  });

  it("take from the balance first; what it lacks is a debt the next points pay", () => {
    const after = takeBackPoints(progress(30), 110);
    expect(after).toMatchObject({ count: 0, state: { debt: 80 } });
    const paid = earnPoints(after, 100, 50);
    expect(paid).toMatchObject({ rewardsIssued: 0, next: { count: 0, state: { debt: 30 } } });
    const clear = earnPoints(paid.next, 100, 130);
    expect(clear.rewardsIssued).toBe(1);
    expect(clear.next.count).toBe(0);
    expect(clear.next.state).toEqual({});
  });

  it("a visit pays the debt too, and never issues a negative number of rewards", () => {
    const result = applyPoints({ pointsPerVisit: 10, threshold: 100 }, progress(0, { debt: 25 }));
    expect(result.rewardsIssued).toBe(0);
    expect(result.next).toMatchObject({ count: 0, state: { debt: 15 } });
    expect(earnPoints(emptyProgress(), 100, 0)).toMatchObject({ rewardsIssued: 0, next: { count: 0 } });
  });
});

describe("money", () => {
  it("reads typed amounts as minor units without floats", () => {
    expect(parseAmount("12")).toBe(1200);
    expect(parseAmount("12.5")).toBe(1250);
    expect(parseAmount("12,50")).toBe(1250);
    expect(parseAmount("0.29")).toBe(29);
    expect(parseAmount(" 1.10 ")).toBe(110);
    for (const bad of ["", "0", "0.00", "-1", "1.234", "1e3", "abc", "12.", "1,000.00"])
      expect(parseAmount(bad)).toBeNull();
    expect(parseAmount("1500", "JPY")).toBe(1500);
    expect(parseAmount("15.5", "JPY")).toBeNull();
  });

  it("writes amounts in the business's language and currency", () => {
    expect(formatAmount(1250, "EUR", "en")).toBe("€12.50");
    expect(formatAmount(1250, "EUR", "es")).toBe("12,50\u00a0€");
    expect(formatAmount(1250, "EUR", "ca")).toBe("12,50\u00a0€");
  });

  it("is in euros until a business has a currency of its own", () => {
    expect(businessCurrency({})).toBe("EUR");
    expect(businessCurrency(null)).toBe("EUR");
    expect(businessCurrency({ currency: "GBP" })).toBe("GBP");
    expect(businessCurrency({ currency: "gbp" })).toBe("EUR");
  });
});

describe("the offer a points program reads", () => {
  it("names points per euro when the program gives them", () => {
    expect(describeOffer("points", {}, "Coffee")).toMatchObject({ key: "programs.offer.points" });
    expect(describeOffer("points", { pointsPerVisit: 0, pointsPerEuro: 2 }, "Coffee")).toMatchObject({
      key: "programs.offer.pointsSpend",
      values: { perEuro: 2, threshold: 100 },
    });
    expect(describeOffer("points", { pointsPerEuro: 1 }, "Coffee")).toMatchObject({ key: "programs.offer.pointsBoth" });
  });
});
