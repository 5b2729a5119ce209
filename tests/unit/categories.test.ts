import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  filterCategories,
  isCategoryLabel,
  keywordsFromPlaceTypes,
  PLACE_TYPE_LABELS,
} from "@/lib/business/categories";

describe("categories", () => {
  // About 75 in the first list; Barcelona's small shops added ten more (a pastry shop, a market stall, …).
  it("has about 75 to 95 categories with unique values and labels", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(70);
    expect(CATEGORIES.length).toBeLessThanOrEqual(95);
    expect(new Set(CATEGORIES.map((c) => c.value)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORY_LABELS).size).toBe(CATEGORIES.length);
  });

  it("names the small shops of a Barcelona street in each language", () => {
    const catalog = (locale: string) =>
      JSON.parse(readFileSync(path.join("messages", locale, "categories.json"), "utf8")) as Record<string, string>;
    const [es, ca] = [catalog("es"), catalog("ca")];
    const shops = {
      pastry_shop: ["Pastelería", "Pastisseria"],
      bakery: ["Panadería", "Forn de pa"],
      chocolate_shop: ["Chocolatería", "Xocolateria"],
      vermouth_bar: ["Vermutería", "Vermuteria"],
      cheese_shop: ["Quesería", "Formatgeria"],
      market_stall: ["Puesto de mercado", "Parada de mercat"],
      herbalist: ["Herbolario", "Herbolari"],
      stationery: ["Papelería", "Papereria"],
      newsstand: ["Quiosco", "Quiosc"],
      haberdashery: ["Mercería", "Merceria"],
      dry_cleaner: ["Tintorería", "Tintoreria"],
    };
    for (const [value, [spanish, catalan]] of Object.entries(shops)) {
      expect(CATEGORIES.some((c) => c.value === value)).toBe(true);
      expect([es[value], ca[value]]).toEqual([spanish, catalan]);
    }
    expect(filterCategories("past", [])).toContain("Pastry Shop");
    expect(keywordsFromPlaceTypes(["confectionery", "bakery"])).toEqual(["Pastry Shop", "Bakery"]);
  });

  it("includes the common examples", () => {
    const values = CATEGORIES.map((c) => c.value);
    for (const value of [
      "restaurant",
      "fine_dining",
      "fast_food",
      "cafe",
      "bakery",
      "bar",
      "gym",
      "spa",
      "retail",
      "grocery",
      "beauty",
      "pets",
      "car_wash",
    ]) {
      expect(values).toContain(value);
    }
    expect(CATEGORIES.find((c) => c.value === "fine_dining")?.label).toBe("Fine Dining");
    expect(CATEGORIES.find((c) => c.value === "cafe")?.label).toBe("Cafe");
  });

  it("maps every place type to a category label or to nothing", () => {
    for (const label of Object.values(PLACE_TYPE_LABELS)) {
      if (label !== null) expect(isCategoryLabel(label)).toBe(true);
    }
  });
});

describe("keywordsFromPlaceTypes", () => {
  it("turns Google place types into friendly labels", () => {
    expect(keywordsFromPlaceTypes(["cafe"])).toEqual(["Cafe"]);
    expect(keywordsFromPlaceTypes(["bakery"])).toEqual(["Bakery"]);
    expect(keywordsFromPlaceTypes(["meal_takeaway"])).toEqual(["Fast Food"]);
    expect(keywordsFromPlaceTypes(["beauty_salon"])).toEqual(["Beauty"]);
    expect(keywordsFromPlaceTypes(["pet_store"])).toEqual(["Pets"]);
    expect(keywordsFromPlaceTypes(["car_wash"])).toEqual(["Car Wash"]);
    expect(keywordsFromPlaceTypes(["gym"])).toEqual(["Gym"]);
  });

  it("drops generic and unknown types", () => {
    expect(keywordsFromPlaceTypes(["establishment", "point_of_interest", "store", "food"])).toEqual([]);
    expect(keywordsFromPlaceTypes(["some_future_type", "toString", "__proto__"])).toEqual([]);
  });

  it("keeps the order and removes duplicates", () => {
    expect(
      keywordsFromPlaceTypes(["cafe", "coffee_shop", "point_of_interest", "bakery", "establishment", "cafe"]),
    ).toEqual(["Cafe", "Bakery"]);
    expect(keywordsFromPlaceTypes(["gym", "fitness_center", "spa"])).toEqual(["Gym", "Spa"]);
  });
});

describe("filterCategories", () => {
  it("offers every category for an empty query", () => {
    expect(filterCategories("", [])).toEqual(CATEGORY_LABELS);
    expect(filterCategories("   ", [])).toEqual(CATEGORY_LABELS);
  });

  it("matches case-insensitively, and ignores accents", () => {
    expect(filterCategories("BAKE", [])).toEqual(["Bakery"]);
    expect(filterCategories("café", [])).toEqual(["Cafe"]);
    expect(filterCategories("fine d", [])).toEqual(["Fine Dining"]);
  });

  it("leaves out the categories already chosen", () => {
    expect(filterCategories("bake", ["Bakery"])).toEqual([]);
    expect(filterCategories("", ["Cafe", "Bar"])).not.toContain("Cafe");
    expect(filterCategories("", ["Cafe", "Bar"])).toHaveLength(CATEGORY_LABELS.length - 2);
  });

  it("lists labels that start with the text before those that only contain it", () => {
    const results = filterCategories("bar", []);
    expect(results.slice(0, 2).sort()).toEqual(["Bar", "Barber"]);
    expect(results).toEqual(expect.arrayContaining(["Wine Bar", "Juice Bar"]));
    expect(results.indexOf("Wine Bar")).toBeGreaterThan(results.indexOf("Barber"));
  });

  it("offers nothing for text that is not a category (no free text)", () => {
    expect(filterCategories("my own keyword", [])).toEqual([]);
  });
});
