import {
  INSTALL_BANNER_DELAY_MS,
  INSTALL_BANNER_SUPPRESS_MS,
  parseClosedAt,
  shouldShowInstallBanner,
} from "@/components/pwa/install-banner-rules";

describe("install banner timing", () => {
  const now = 1_800_000_000_000;

  it("waits 10 s before showing and 60 s after a close", () => {
    expect(INSTALL_BANNER_DELAY_MS).toBe(10_000);
    expect(INSTALL_BANNER_SUPPRESS_MS).toBe(60_000);
  });

  it("shows when never closed and not installed", () => {
    expect(shouldShowInstallBanner(now, null, false)).toBe(true);
  });

  it("never shows in the installed (standalone) app", () => {
    expect(shouldShowInstallBanner(now, null, true)).toBe(false);
    expect(shouldShowInstallBanner(now, now - 10 * 60_000, true)).toBe(false);
  });

  it("stays away for 60 s after a Close, and may show again from then on", () => {
    expect(shouldShowInstallBanner(now, now - 1, false)).toBe(false);
    expect(shouldShowInstallBanner(now, now - 59_999, false)).toBe(false);
    expect(shouldShowInstallBanner(now, now - 60_000, false)).toBe(true);
    expect(shouldShowInstallBanner(now, now - 3_600_000, false)).toBe(true);
  });

  it("treats a Close time in the future (clock moved back) as recent", () => {
    expect(shouldShowInstallBanner(now, now + 5_000, false)).toBe(false);
  });

  it("reads the stored Close time, ignoring junk", () => {
    expect(parseClosedAt(null)).toBeNull();
    expect(parseClosedAt("")).toBeNull();
    expect(parseClosedAt("soon")).toBeNull();
    expect(parseClosedAt("1700000000000")).toBe(1_700_000_000_000);
  });
});
