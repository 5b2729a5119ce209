// The engine's lines as each reader sees them: descriptors from lib/loyalty,
// rendered by next-intl's formatter from the real catalogs in en, es and ca.
import { applyVisit, describeProgress, emptyProgress, type ProgressState } from "@/lib/loyalty";
import { englishLine } from "@/lib/i18n/english-lines";
import { applyTier, describeTier } from "@/lib/loyalty/tier";
import { lineText } from "@/tests/support/catalog";
import { engineContext } from "@/tests/support/loyalty";

const ctx = engineContext({ membershipLinkedAt: new Date("2020-01-01T10:00:00Z") });
const progress = (count: number, state: Record<string, unknown> = {}): ProgressState => ({
  count,
  total: count,
  tier: null,
  state,
});
const visit = (type: string, rules: unknown, before: ProgressState = emptyProgress()) =>
  applyVisit({ type, rules, startDate: null, endDate: null }, before, ctx).summary.line;
const tiers = {
  tiers: [
    { name: "Bronze", minVisits: 0 },
    { name: "Silver", minVisits: 5 },
  ],
};

describe("engine lines in three languages", () => {
  it("counts 1 stamp and 2 stamps, 1 sello and 2 sellos, 1 segell and 2 segells", () => {
    const one = describeProgress("stamps", { stampsRequired: 1 }, progress(0)).line;
    const two = describeProgress("stamps", { stampsRequired: 2 }, progress(1)).line;
    expect([lineText(one), lineText(two)]).toEqual(["0/1 stamp", "1/2 stamps"]);
    expect([lineText(one, "es"), lineText(two, "es")]).toEqual(["0/1 sello", "1/2 sellos"]);
    expect([lineText(one, "ca"), lineText(two, "ca")]).toEqual(["0/1 segell", "1/2 segells"]);
  });

  it("says what a visit added", () => {
    const line = visit("stamps", { stampsRequired: 10 });
    expect(line).toEqual({ key: "programs.visit.stampAdded", values: { current: 1, target: 10 } });
    expect(lineText(line)).toBe("Stamp added: 1/10");
    expect(lineText(line, "es")).toBe("Sello añadido: 1/10");
    expect(lineText(line, "ca")).toBe("Segell afegit: 1/10");
  });

  it("says a full card earned the reward", () => {
    const line = visit("stamps", { stampsRequired: 3 }, progress(2));
    expect(lineText(line)).toBe("Card complete! Reward earned (3/3 stamps)");
    expect(lineText(line, "es")).toBe("¡Tarjeta completa! Premio conseguido (3/3 sellos)");
    expect(lineText(line, "ca")).toBe("Targeta completa! Premi aconseguit (3/3 segells)");
  });

  it("pluralises rewards and points", () => {
    const one = visit("points", { pointsPerVisit: 10, threshold: 10 });
    const three = visit("points", { pointsPerVisit: 30, threshold: 10 });
    expect([lineText(one), lineText(three)]).toEqual([
      "+10 points: reward earned! 0/10 towards the next",
      "+30 points: 3 rewards earned! 0/10 towards the next",
    ]);
    expect(lineText(three, "es")).toBe("+30 puntos: ¡3 premios conseguidos! 0/10 para el siguiente");
    expect(lineText(one, "ca")).toBe("+10 punts: premi aconseguit! 0/10 per al següent");
  });

  it("counts visits to the next tier", () => {
    const line = visit("tier", tiers);
    expect(lineText(line)).toBe("Bronze: 4 visits to Silver");
    expect(lineText(line, "es")).toBe("Bronze: 4 visitas para Silver");
    expect(lineText(line, "ca")).toBe("Bronze: 4 visites per a Silver");
    const progressLine = describeProgress("tier", tiers, { ...progress(4), tier: "Bronze" }).line;
    expect(lineText(progressLine)).toBe("Bronze — 1 visit to Silver");
    expect(lineText(progressLine, "es")).toBe("Bronze — 1 visita para Silver");
    expect(lineText(progressLine, "ca")).toBe("Bronze — 1 visita per a Silver");
  });

  it("reads a customer below every tier as having none", () => {
    // Saved rules always start at 0 visits; a tier list from before that rule may not.
    const rules = { tiers: [{ name: "Gold", minVisits: 5 }] };
    expect(lineText(describeTier(rules, progress(3)).line)).toBe("No tier — 2 visits to Gold");
    expect(lineText(describeTier(rules, progress(3)).line, "es")).toBe("Sin nivel — 2 visitas para Gold");
    expect(lineText(applyTier(rules, progress(5)).summary.line, "ca")).toBe("Ja ets a Gold! Premi aconseguit");
  });

  it("counts plays and wins, friends and visits", () => {
    const gamified = describeProgress("gamified", {}, progress(1, { wins: 2 })).line;
    expect([lineText(gamified), lineText(gamified, "es"), lineText(gamified, "ca")]).toEqual([
      "1 play, 2 wins",
      "1 jugada, 2 premios",
      "1 jugada, 2 premis",
    ]);
    const other = describeProgress("other", {}, progress(2)).line;
    expect([lineText(other), lineText(other, "es"), lineText(other, "ca")]).toEqual([
      "2 visits",
      "2 visitas",
      "2 visites",
    ]);
  });

  it("says an ended program is not running, in each language", () => {
    const line = applyVisit(
      { type: "stamps", rules: {}, startDate: null, endDate: new Date("2025-01-31T00:00:00Z") },
      emptyProgress(),
      ctx,
    ).summary.line;
    expect([lineText(line), lineText(line, "es"), lineText(line, "ca")]).toEqual([
      "This program is not running today",
      "Este programa no está activo hoy",
      "Aquest programa no està actiu avui",
    ]);
  });

  it("gives the JSON API the English text, counts ungrouped as always", () => {
    const line = describeProgress("points", { threshold: 1000 }, progress(999)).line;
    expect(englishLine(line)).toBe("999/1000 points");
    expect(lineText(line, "es")).toBe("999/1000 puntos");
  });
});
