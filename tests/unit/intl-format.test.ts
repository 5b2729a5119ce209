import { dateTimeFormat } from "@/lib/time/intl-format";
import { normaliseTimezone } from "@/lib/business/timezone";
import { localDateIn } from "@/lib/time/local-date";

describe("dateTimeFormat", () => {
  it("builds each locale and options pair once and hands the same formatter back", () => {
    const first = dateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati", year: "numeric" });
    expect(dateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati", year: "numeric" })).toBe(first);
    expect(dateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati", month: "numeric" })).not.toBe(first);
    expect(dateTimeFormat("en-GB", { timeZone: "Pacific/Kiritimati", year: "numeric" })).not.toBe(first);
  });

  it("throws for a zone the runtime does not know, every time (a failure is not kept)", () => {
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
  });

  it("keeps the zone's own day and name through the kept formatters", () => {
    const instant = new Date("2026-03-01T23:30:00Z");
    expect(localDateIn("Europe/Madrid", instant)).toBe("2026-03-02");
    expect(localDateIn("America/New_York", instant)).toBe("2026-03-01");
    expect(localDateIn("Europe/Madrid", instant)).toBe("2026-03-02");
    expect(normaliseTimezone("europe/madrid")).toBe("Europe/Madrid");
    expect(normaliseTimezone("Mars/Olympus_Mons")).toBe("Europe/Madrid");
    expect(normaliseTimezone(null)).toBe("Europe/Madrid");
  });
});
