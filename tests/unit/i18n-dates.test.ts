import { categoryValueOf } from "@/lib/business/categories";
import { formatDay } from "@/lib/i18n/dates";
import { businessLocale, storedLocale } from "@/lib/i18n/locales";

// How a stored day reads in each language, and how stored settings are read back.
describe("formatDay", () => {
  it("keeps English as the product has always written it", () => {
    expect(formatDay("2026-01-05T00:00:00.000Z", "en")).toBe("Jan 05, 2026");
  });

  it("writes Spanish and Catalan in their own medium date", () => {
    expect(formatDay("2026-01-05T00:00:00.000Z", "es")).toBe("5 ene 2026");
    expect(formatDay("2026-01-05T00:00:00.000Z", "ca")).toBe("5 gen. 2026");
  });

  it("reads the stored calendar day, whatever the server's time zone", () => {
    expect(formatDay("2026-12-31T00:00:00.000Z", "en")).toBe("Dec 31, 2026");
  });
});

describe("a stored language read back", () => {
  it("keeps the languages the product speaks", () => {
    expect(storedLocale("ca")).toBe("ca");
    expect(businessLocale({ language: "es", timezone: "Europe/Madrid" })).toBe("es");
  });

  it.each([undefined, null, "", "en-US", "fr", 3, {}])("reads %p as English", (value) => {
    expect(storedLocale(value)).toBe("en");
    expect(businessLocale({ language: value })).toBe("en");
  });

  it("reads settings that are not an object as English", () => {
    expect(businessLocale(null)).toBe("en");
    expect(businessLocale(["ca"])).toBe("en");
    expect(businessLocale("ca")).toBe("en");
  });
});

describe("categoryValueOf", () => {
  it("maps a stored category label to the value the catalogs are keyed by", () => {
    expect(categoryValueOf("Fine Dining")).toBe("fine_dining");
    expect(categoryValueOf("Retail")).toBe("retail");
  });

  it("is null for a keyword that is not a category", () => {
    expect(categoryValueOf("Specialty coffee")).toBeNull();
    expect(categoryValueOf("retail")).toBeNull();
  });
});
