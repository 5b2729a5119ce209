import { firstFreeSlug, slugify } from "@/lib/business/slug";

describe("slugify", () => {
  it.each([
    ["Café Central", "cafe-central"],
    ["Forn Gràcia", "forn-gracia"],
    ["  Fish & Chips!  ", "fish-and-chips"],
    ["L'Òstia -- Bar", "l-ostia-bar"],
    ["Ñandú 24/7", "nandu-24-7"],
    ["ÉCOLE", "ecole"],
  ])("%j → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("falls back to 'business' when nothing usable is left", () => {
    expect(slugify("")).toBe("business");
    expect(slugify("!!!")).toBe("business");
    expect(slugify("日本料理")).toBe("business");
  });

  it("keeps slugs at most 60 characters without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(59)} b and more words`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe("firstFreeSlug", () => {
  it("uses the base when it is free", () => {
    expect(firstFreeSlug("cafe-central", [])).toBe("cafe-central");
    expect(firstFreeSlug("cafe-central", ["cafe-central-2"])).toBe("cafe-central");
  });

  it("numbers from 2 upward, filling the first gap", () => {
    expect(firstFreeSlug("cafe-central", ["cafe-central"])).toBe("cafe-central-2");
    expect(firstFreeSlug("cafe-central", ["cafe-central", "cafe-central-2", "cafe-central-4"])).toBe("cafe-central-3");
  });

  it("accepts any iterable of taken slugs", () => {
    expect(firstFreeSlug("bar", new Set(["bar", "bar-2"]))).toBe("bar-3");
  });
});
