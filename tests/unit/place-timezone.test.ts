import { proposedTimezone, timezoneForPlace } from "@/lib/business/place-timezone";
import { isValidTimezone } from "@/lib/business/timezone";

// The registration wizard proposes a business's time zone from the place its
// owner picked: a Barcelona café is on Madrid time even when the phone says UTC.

const at = (countryCode: string | null, lat?: number, lng?: number) => ({
  countryCode,
  location: lat === undefined || lng === undefined ? null : { lat, lng },
});

describe("the time zone of a place", () => {
  it("is Madrid's for mainland Spain, the Balearics, Ceuta and Melilla", () => {
    expect(timezoneForPlace(at("ES", 41.3874, 2.1686))).toBe("Europe/Madrid"); // Barcelona
    expect(timezoneForPlace(at("ES", 43.3623, -8.4115))).toBe("Europe/Madrid"); // A Coruña, the far west
    expect(timezoneForPlace(at("ES", 39.5696, 2.6502))).toBe("Europe/Madrid"); // Palma
    expect(timezoneForPlace(at("ES", 35.8894, -5.3213))).toBe("Europe/Madrid"); // Ceuta
    expect(timezoneForPlace(at("ES", 35.2923, -2.9381))).toBe("Europe/Madrid"); // Melilla
  });

  it("is the Canaries' for the Canary Islands", () => {
    expect(timezoneForPlace(at("ES", 28.1235, -15.4363))).toBe("Atlantic/Canary"); // Las Palmas
    expect(timezoneForPlace(at("ES", 28.9637, -13.5477))).toBe("Atlantic/Canary"); // Arrecife, the easternmost
    expect(timezoneForPlace(at("ES", 27.8063, -17.9158))).toBe("Atlantic/Canary"); // El Hierro
  });

  it("is Madrid's for a Spanish place without coordinates", () => {
    expect(timezoneForPlace(at("ES"))).toBe("Europe/Madrid");
    expect(timezoneForPlace(at("es"))).toBe("Europe/Madrid");
  });

  it("tells mainland Portugal, Madeira and the Azores apart", () => {
    expect(timezoneForPlace(at("PT", 38.7223, -9.1393))).toBe("Europe/Lisbon");
    expect(timezoneForPlace(at("PT", 32.6669, -16.9241))).toBe("Atlantic/Madeira"); // Funchal
    expect(timezoneForPlace(at("PT", 37.7412, -25.6756))).toBe("Atlantic/Azores"); // Ponta Delgada
    expect(timezoneForPlace(at("PT"))).toBe("Europe/Lisbon");
  });

  it("is the country's zone for common one-zone countries", () => {
    expect(timezoneForPlace(at("FR", 48.8566, 2.3522))).toBe("Europe/Paris");
    expect(timezoneForPlace(at("AD"))).toBe("Europe/Andorra");
    expect(timezoneForPlace(at("IT"))).toBe("Europe/Rome");
    expect(timezoneForPlace(at("GB"))).toBe("Europe/London");
  });

  it("is unknown without a country, or for a country with several zones on its mainland", () => {
    expect(timezoneForPlace(at(null, 41.3874, 2.1686))).toBeNull();
    expect(timezoneForPlace({})).toBeNull();
    expect(timezoneForPlace(at("US", 40.7128, -74.006))).toBeNull();
    expect(timezoneForPlace(at("MX"))).toBeNull();
  });

  it("names only zones the runtime knows", () => {
    const countries = ["AD", "AR", "AT", "BE", "CH", "DE", "FR", "GB", "IT", "MA", "NL", "PL", "SE", "UY"];
    for (const country of countries) expect(isValidTimezone(timezoneForPlace(at(country)) ?? "")).toBe(true);
    for (const zone of ["Atlantic/Canary", "Atlantic/Azores", "Atlantic/Madeira", "Europe/Lisbon"]) {
      expect(isValidTimezone(zone)).toBe(true);
    }
  });
});

describe("the proposed time zone", () => {
  it("is the place's, whatever the browser's", () => {
    expect(proposedTimezone(at("ES", 41.3874, 2.1686), "UTC")).toBe("Europe/Madrid");
    expect(proposedTimezone(at("ES", 28.1235, -15.4363), "Europe/Madrid")).toBe("Atlantic/Canary");
  });

  it("falls back to the browser's when the place does not say", () => {
    expect(proposedTimezone(at(null), "UTC")).toBe("UTC");
    expect(proposedTimezone(at("US", 40.7128, -74.006), "America/New_York")).toBe("America/New_York");
  });
});
