import { categoryValueOf } from "@/lib/business/categories";
import { formatDay, formatInstantIn } from "@/lib/i18n/dates";
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

// A reward's times, on the clock of the business that gave it, not the server's.
describe("formatInstantIn", () => {
  const lateEvening = new Date("2026-01-05T23:30:00.000Z");

  it("writes the business's day and 24-hour time in the app's date style", () => {
    expect(formatInstantIn(lateEvening, "Europe/Madrid", "en", true)).toBe("Jan 06, 2026 00:30");
    expect(formatInstantIn(lateEvening, "Europe/Madrid", "es", true)).toBe("6 ene 2026 00:30");
    expect(formatInstantIn(lateEvening, "Europe/Madrid", "ca")).toBe("6 gen. 2026");
  });

  it("follows each zone, summer time included", () => {
    expect(formatInstantIn(lateEvening, "America/New_York", "en", true)).toBe("Jan 05, 2026 18:30");
    expect(formatInstantIn(new Date("2026-07-01T12:05:00.000Z"), "Europe/Madrid", "en", true)).toBe(
      "Jul 01, 2026 14:05",
    );
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
