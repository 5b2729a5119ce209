import { negotiateLocale } from "@/lib/i18n/negotiate";
import { isLocale, LOCALE_NAMES, LOCALES, localeSchema } from "@/lib/i18n/locales";

describe("negotiateLocale: the language a browser's Accept-Language asks for", () => {
  it.each([
    ["es", "es"],
    ["ca", "ca"],
    ["en", "en"],
    ["es-ES", "es"],
    ["ca-ES", "ca"],
    ["ca-ES-valencia", "ca"],
    ["es-419,es;q=0.9", "es"],
    ["ES-es", "es"],
    ["en-US,en;q=0.9", "en"],
  ])("%j → %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it("follows the q-values, not the order of the header", () => {
    expect(negotiateLocale("en;q=0.5,ca;q=0.8,es;q=0.7")).toBe("ca");
    expect(negotiateLocale("es;q=0.4, en-GB;q=0.9")).toBe("en");
  });

  it("breaks a tie in q by the order of the header", () => {
    expect(negotiateLocale("ca;q=0.8,es;q=0.8")).toBe("ca");
    expect(negotiateLocale("es,ca")).toBe("es");
  });

  it("skips languages the product does not speak for the next one it does", () => {
    expect(negotiateLocale("fr-FR,fr;q=0.9,ca;q=0.8,en;q=0.5")).toBe("ca");
    expect(negotiateLocale("de,es-MX;q=0.3")).toBe("es");
  });

  it("falls back to English when nothing matches, or the header is missing or empty", () => {
    expect(negotiateLocale("fr-FR,de;q=0.8")).toBe("en");
    expect(negotiateLocale("*")).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale(undefined)).toBe("en");
  });

  it("never picks a language refused with q=0", () => {
    expect(negotiateLocale("es;q=0,ca;q=0.1")).toBe("ca");
    expect(negotiateLocale("es-ES,es;q=0")).toBe("en");
    expect(negotiateLocale("ca;q=0")).toBe("en");
  });

  it("ignores malformed ranges instead of guessing at them", () => {
    expect(negotiateLocale("es;q=2,ca;q=0.5")).toBe("ca");
    expect(negotiateLocale("es;q=abc,ca")).toBe("ca");
    expect(negotiateLocale("<script>,ca;q=0.2")).toBe("ca");
    expect(negotiateLocale(";;;,,,")).toBe("en");
  });

  it("answers quickly on an absurdly long header", () => {
    expect(negotiateLocale("x-".repeat(100_000) + ",es")).toBe("en");
    expect(negotiateLocale("es," + "fr;q=0.1,".repeat(10_000))).toBe("es");
  });
});

describe("the product's locales", () => {
  it("are English, Spanish and Catalan, each named in itself", () => {
    expect(LOCALES).toEqual(["en", "es", "ca"]);
    expect(LOCALE_NAMES).toEqual({ en: "English", es: "Español", ca: "Català" });
  });

  it("accept only those three as a setting", () => {
    expect(localeSchema.safeParse("ca").success).toBe(true);
    for (const value of ["fr", "EN", "es-ES", "", null, 1]) {
      expect(localeSchema.safeParse(value).success).toBe(false);
      expect(isLocale(value)).toBe(false);
    }
  });
});
