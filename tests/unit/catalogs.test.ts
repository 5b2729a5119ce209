// The message catalogs: each locale's catalog is every messages/<locale>/*.json
// merged, one namespace per file (file name = namespace). A key missing in one
// locale, an empty value or a message that does not parse would show a raw key
// or crash the page for that language only, so all three are checked here.
import {
  isArgumentElement,
  isDateElement,
  isLiteralElement,
  isNumberElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
  type PluralOrSelectOption,
} from "@formatjs/icu-messageformat-parser";
import { CATEGORIES } from "@/lib/business/categories";
import { PROGRAM_TYPE_LABELS } from "@/components/programs/program-type-icon";
import { applyVisit, describeProgress, PROGRAM_TYPES } from "@/lib/loyalty";
import type { EngineContext, ProgressState } from "@/lib/loyalty";
import { applyTimeLimited } from "@/lib/loyalty/time-limited";
import { catalog, type CatalogTree } from "@/tests/support/catalog";
import { engineContext } from "@/tests/support/loyalty";

const LOCALES = ["en", "es", "ca"] as const;
type Locale = (typeof LOCALES)[number];

/** Dotted key → message. Anything that is neither a string nor an object is
 * kept as is so the "every value is a non-empty string" check can report it. */
function flatten(tree: CatalogTree, prefix = ""): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, name)) flat.set(k, v);
    } else {
      flat.set(name, value);
    }
  }
  return flat;
}

function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (isLiteralElement(el) || isPoundElement(el)) continue;
    names.add(el.value);
    if (isPluralElement(el) || isSelectElement(el)) {
      for (const option of Object.values(el.options)) argumentNames(option.value, names);
    }
    if (isTagElement(el)) argumentNames(el.children, names);
  }
  return names;
}

type Values = Record<string, string | number>;

// The parser rejects a plural or select without `other`, so it is always there.
function otherOf(options: Record<string, PluralOrSelectOption>): PluralOrSelectOption {
  const other = options.other;
  if (!other) throw new Error("ICU plural/select without other");
  return other;
}

/** A minimal ICU formatter (literals, arguments, numbers, plural, select) so the
 * English output can be compared with what the product prints today. */
function format(message: string, values: Values, locale: Locale): string {
  const render = (elements: MessageFormatElement[], pound?: number): string =>
    elements
      .map((el) => {
        if (isLiteralElement(el)) return el.value;
        if (isPoundElement(el)) return new Intl.NumberFormat(locale).format(pound ?? Number.NaN);
        const value = values[el.value];
        if (value === undefined) throw new Error(`No value for {${el.value}}`);
        if (isArgumentElement(el)) return String(value);
        if (isNumberElement(el)) return new Intl.NumberFormat(locale).format(Number(value));
        if (isPluralElement(el)) {
          const n = Number(value) - el.offset;
          const option = el.options[`=${value}`] ?? el.options[new Intl.PluralRules(locale).select(n)];
          return render((option ?? otherOf(el.options)).value, n);
        }
        if (isSelectElement(el)) return render((el.options[String(value)] ?? otherOf(el.options)).value, pound);
        if (isDateElement(el) || isTimeElement(el) || isTagElement(el)) throw new Error("not used by these checks");
        return "";
      })
      .join("");
  return render(parse(message));
}

const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(catalog(locale))])) as Record<
  Locale,
  Map<string, unknown>
>;

function message(locale: Locale, key: string): string {
  const value = catalogs[locale].get(key);
  if (typeof value !== "string") throw new Error(`${locale}: no message ${key}`);
  return value;
}

describe("message catalogs", () => {
  it("has a catalog per locale with messages in it", () => {
    for (const locale of LOCALES) expect(catalogs[locale].size).toBeGreaterThan(100);
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))("%s has exactly the keys en has", (locale) => {
    const en = [...catalogs.en.keys()].sort();
    const other = [...catalogs[locale].keys()].sort();
    expect({
      missing: en.filter((key) => !other.includes(key)),
      extra: other.filter((key) => !en.includes(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)("%s has no empty or non-text values", (locale) => {
    const bad = [...catalogs[locale]].filter(([, value]) => typeof value !== "string" || value.trim() === "");
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)("every %s message parses as ICU MessageFormat", (locale) => {
    const broken: string[] = [];
    for (const [key, value] of catalogs[locale]) {
      try {
        parse(String(value));
      } catch (error) {
        broken.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))("%s uses the same placeholders as en", (locale) => {
    const mismatched: string[] = [];
    for (const [key, value] of catalogs.en) {
      const theirs = catalogs[locale].get(key);
      if (typeof value !== "string" || typeof theirs !== "string") continue;
      const expected = [...argumentNames(parse(value))].sort().join(",");
      const actual = [...argumentNames(parse(theirs))].sort().join(",");
      if (expected !== actual) mismatched.push(`${key}: en {${expected}} vs ${locale} {${actual}}`);
    }
    expect(mismatched).toEqual([]);
  });
});

describe("categories catalog", () => {
  it("has one message per category value, English being the stored label", () => {
    const en = Object.fromEntries(CATEGORIES.map((c) => [`categories.${c.value}`, c.label]));
    const actual = Object.fromEntries([...catalogs.en].filter(([key]) => key.startsWith("categories.")));
    expect(actual).toEqual(en);
  });

  it.each(LOCALES)("gives every category a distinct %s name, so a picker never shows two alike", (locale) => {
    const names = CATEGORIES.map((c) => message(locale, `categories.${c.value}`).toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("reads like a shop sign in Spanish and Catalan", () => {
    expect(message("es", "categories.cafe")).toBe("Cafetería");
    expect(message("ca", "categories.cafe")).toBe("Cafeteria");
    expect(message("es", "categories.bakery")).toBe("Panadería");
    expect(message("ca", "categories.bakery")).toBe("Forn de pa");
  });
});

describe("programs catalog", () => {
  it("names every program type as the product does today", () => {
    for (const type of PROGRAM_TYPES) {
      expect(message("en", `programs.types.${type}.name`)).toBe(PROGRAM_TYPE_LABELS[type] ?? "Other");
      expect(message("en", `programs.types.${type}.description`)).not.toBe("");
    }
    expect(message("en", "programs.unknownType")).toBe("Loyalty program");
  });

  // Each row: catalog key, values, the rules and progress that make the engine
  // print the same thing today.
  const progress = (count: number, state: Record<string, unknown> = {}, total = count) => ({ count, total, state });
  const cases: [string, Values, string, unknown, ReturnType<typeof progress>][] = [];
  for (const n of [1, 2]) {
    cases.push(
      ["progress.stamps", { current: n, target: n }, "stamps", { stampsRequired: n }, progress(n)],
      ["progress.points", { current: n, target: n }, "points", { threshold: n, pointsPerVisit: 1 }, progress(n)],
      ["progress.visits", { current: n, target: n }, "visits", { visitsRequired: n }, progress(n)],
      ["progress.referral", { count: n }, "referral", {}, progress(0, { referrals: n })],
      ["progress.birthdayWithin", { days: n }, "birthday", { windowDays: n }, progress(0)],
      ["progress.gamified", { plays: n, wins: n }, "gamified", { winChance: 0.1 }, progress(n, { wins: n })],
      ["progress.other", { count: n }, "other", {}, progress(n)],
      [
        "progress.tier",
        { tier: "Bronze", remaining: n, next: "Gold" },
        "tier",
        {
          tiers: [
            { name: "Bronze", minVisits: 0 },
            { name: "Gold", minVisits: 5 },
          ],
        },
        progress(5 - n),
      ],
    );
  }

  // The engine names these lines by key; each must exist in every catalog with the values it sends.
  it.each(cases)("the engine describes %s with %j", (key, values, type, rules, state) => {
    expect(describeProgress(type, rules, { ...state, tier: null }).line).toEqual({ key: `programs.${key}`, values });
    for (const locale of LOCALES) expect(format(message(locale, `programs.${key}`), values, locale)).not.toBe("");
  });

  // The line shown after a visit, same idea: catalog key, values, then the
  // visit that makes the engine print the same thing today.
  const ctx = engineContext({ membershipLinkedAt: new Date("2020-01-01T10:00:00Z") });
  type Visit = { type: string; rules: unknown; before?: Partial<ProgressState>; ctx?: Partial<EngineContext> };
  const tiers = (...minVisits: number[]) => ({
    tiers: minVisits.map((min, i) => ({ name: ["Bronze", "Gold", "Platinum"][i], minVisits: min })),
  });
  const yearsAgo = (years: number) => new Date(`${2025 - years}-03-01T10:00:00Z`);
  const visits: [string, Values, Visit][] = [
    ["visit.recorded", {}, { type: "other", rules: {} }],
    ["visit.birthday", {}, { type: "birthday", rules: { windowDays: 0 }, ctx: { birthday: "1990-03-10" } }],
    ["visit.won", {}, { type: "gamified", rules: { winChance: 1 } }],
    ["visit.lost", {}, { type: "gamified", rules: { winChance: 0.1 } }],
    [
      "visit.referralBoth",
      {},
      { type: "referral", rules: { welcomeReward: true }, ctx: { isFirstVisit: true, referrerId: "f" } },
    ],
    ["visit.referralFriend", {}, { type: "referral", rules: {}, ctx: { isFirstVisit: true, referrerId: "f" } }],
    ["visit.tierReached", { tiers: "Gold" }, { type: "tier", rules: tiers(0, 1) }],
    [
      "visit.tierTop",
      { tier: "Gold" },
      { type: "tier", rules: tiers(0, 1), before: { total: 3, state: { reachedTiers: ["Bronze", "Gold"] } } },
    ],
  ];
  for (const n of [1, 2]) {
    visits.push(
      [
        "visit.stampAdded",
        { current: n, target: 3 },
        { type: "stamps", rules: { stampsRequired: 3 }, before: { count: n - 1 } },
      ],
      [
        "visit.stampsComplete",
        { target: n },
        { type: "stamps", rules: { stampsRequired: n }, before: { count: n - 1 } },
      ],
      [
        "visit.pointsAdded",
        { points: n, current: n, target: 10 },
        { type: "points", rules: { pointsPerVisit: n, threshold: 10 } },
      ],
      [
        "visit.pointsRewarded",
        { points: 5 * n, rewards: n, current: 0, target: 5 },
        { type: "points", rules: { pointsPerVisit: 5 * n, threshold: 5 } },
      ],
      [
        "visit.visitAdded",
        { current: n, target: 3 },
        { type: "visits", rules: { visitsRequired: 3 }, before: { count: n - 1 } },
      ],
      [
        "visit.visitsRewarded",
        { target: n },
        { type: "visits", rules: { visitsRequired: n }, before: { count: n - 1 } },
      ],
      [
        "visit.tierProgress",
        { tier: "Bronze", remaining: n, next: "Gold" },
        { type: "tier", rules: tiers(0, 5), before: { total: 4 - n, state: { reachedTiers: ["Bronze"] } } },
      ],
      [
        "visit.challengeComplete",
        { target: n },
        {
          type: "challenge",
          rules: { visitsRequired: n, withinDays: 7 },
          before: { count: n - 1, state: { windowStart: n > 1 ? "2025-03-09" : null } },
        },
      ],
      [
        "visit.challengeProgress",
        { current: 1, target: 3, days: n },
        { type: "challenge", rules: { visitsRequired: 3, withinDays: n } },
      ],
      ["visit.anniversary", { years: n }, { type: "anniversary", rules: {}, ctx: { membershipLinkedAt: yearsAgo(n) } }],
    );
  }

  it.each(visits)("the engine's line after a visit is %s with %j", (key, values, visit) => {
    const before: ProgressState = { count: 0, total: 0, tier: null, state: {}, ...visit.before };
    const input = { type: visit.type, rules: visit.rules, startDate: null, endDate: null };
    const { line } = applyVisit(input, before, { ...ctx, ...visit.ctx }).summary;
    expect(line).toEqual({ key: `programs.${key}`, values });
    for (const locale of LOCALES) expect(format(message(locale, `programs.${key}`), values, locale)).not.toBe("");
  });

  it("says a program or offer is not running today with its own line", () => {
    const ended = { startDate: null, endDate: new Date("2025-01-31T00:00:00Z") };
    const empty: ProgressState = { count: 0, total: 0, tier: null, state: {} };
    expect(applyVisit({ type: "stamps", rules: {}, ...ended }, empty, ctx).summary.line.key).toBe(
      "programs.visit.notRunning",
    );
    // The registry stops an ended program first; the time-limited rule says
    // the same on its own, in its own words.
    expect(applyTimeLimited({ stampsRequired: 5 }, empty, ctx, ended).summary.line.key).toBe(
      "programs.visit.offerNotRunning",
    );
  });

  // English reads as the product always printed it: counts without digit
  // grouping ("1000 points"); Spanish and Catalan format numbers their way.
  it("keeps English counts ungrouped and formats them per locale elsewhere", () => {
    const values = { current: 1000, target: 10000 };
    expect(format(message("en", "programs.progress.points"), values, "en")).toBe("1000/10000 points");
    expect(format(message("es", "programs.progress.points"), values, "es")).toBe("1000/10.000 puntos");
    expect(format(message("ca", "programs.progress.points"), values, "ca")).toBe("1.000/10.000 punts");
  });

  it("says 1 stamp and 2 stamps in every language", () => {
    const one = { count: 1 };
    const two = { count: 2 };
    expect([
      format(message("en", "programs.units.stamps"), one, "en"),
      format(message("en", "programs.units.stamps"), two, "en"),
    ]).toEqual(["1 stamp", "2 stamps"]);
    expect([
      format(message("es", "programs.units.stamps"), one, "es"),
      format(message("es", "programs.units.stamps"), two, "es"),
    ]).toEqual(["1 sello", "2 sellos"]);
    expect([
      format(message("ca", "programs.units.stamps"), one, "ca"),
      format(message("ca", "programs.units.stamps"), two, "ca"),
    ]).toEqual(["1 segell", "2 segells"]);
  });
});
