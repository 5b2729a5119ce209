import { inQuietHours, quietUntil } from "@/lib/campaigns/quiet-hours";

// Madrid: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
const MADRID = "Europe/Madrid";
const NIGHT = { startMinute: 21 * 60, endMinute: 9 * 60 };
const at = (iso: string) => new Date(iso);

describe("quiet hours", () => {
  it("tells a window across midnight from one within a day, and equal ends as none", () => {
    expect(inQuietHours(23 * 60, NIGHT)).toBe(true);
    expect(inQuietHours(3 * 60, NIGHT)).toBe(true);
    expect(inQuietHours(9 * 60, NIGHT)).toBe(false);
    expect(inQuietHours(20 * 60 + 59, NIGHT)).toBe(false);
    const lunch = { startMinute: 13 * 60, endMinute: 15 * 60 };
    expect(inQuietHours(14 * 60, lunch)).toBe(true);
    expect(inQuietHours(15 * 60, lunch)).toBe(false);
    expect(inQuietHours(23 * 60, lunch)).toBe(false);
    expect(inQuietHours(600, { startMinute: 600, endMinute: 600 })).toBe(false);
  });

  it("lets a message go outside the window", () => {
    expect(quietUntil(at("2026-06-10T10:00:00Z"), MADRID, NIGHT)).toBeNull(); // 12:00 CEST
    expect(quietUntil(at("2026-06-10T18:59:00Z"), MADRID, NIGHT)).toBeNull(); // 20:59 CEST
  });

  it("defers 23:00 local to 09:00 the next morning, and 03:00 to 09:00 the same morning", () => {
    expect(quietUntil(at("2026-06-10T21:00:00Z"), MADRID, NIGHT)).toEqual(at("2026-06-11T07:00:00Z"));
    expect(quietUntil(at("2026-06-11T01:00:00Z"), MADRID, NIGHT)).toEqual(at("2026-06-11T07:00:00Z"));
    // In the business's zone, not the server's or UTC: 23:00 in New York is 03:00 UTC.
    expect(quietUntil(at("2026-06-11T03:00:00Z"), "America/New_York", NIGHT)).toEqual(at("2026-06-11T13:00:00Z"));
  });

  it("ends at 09:00 on the local clock across both DST changes", () => {
    // Saturday 28 March 23:00 CET → Sunday 09:00 CEST: 9 hours, not 10.
    const spring = quietUntil(at("2026-03-28T22:00:00Z"), MADRID, NIGHT);
    expect(spring).toEqual(at("2026-03-29T07:00:00Z"));
    // Saturday 24 October 23:00 CEST → Sunday 09:00 CET: 11 hours.
    const autumn = quietUntil(at("2026-10-24T21:00:00Z"), MADRID, NIGHT);
    expect(autumn).toEqual(at("2026-10-25T08:00:00Z"));
  });

  it("takes an end the clock skips as that much later", () => {
    const skipped = { startMinute: 60, endMinute: 2 * 60 + 30 }; // 01:00–02:30
    expect(quietUntil(at("2026-03-29T00:30:00Z"), MADRID, skipped)).toEqual(at("2026-03-29T01:30:00Z"));
  });
});
