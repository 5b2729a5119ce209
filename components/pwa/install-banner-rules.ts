// Install banner timing, kept pure so it is unit-tested.

/** The banner appears this long after the browser says the app can be installed. */
export const INSTALL_BANNER_DELAY_MS = 10_000;
/** After Close, the banner stays away at least this long. */
export const INSTALL_BANNER_SUPPRESS_MS = 60_000;
/** localStorage key holding the time (ms) of the last Close. */
export const INSTALL_BANNER_CLOSED_KEY = "install-banner-closed-at";

/** A stored Close time, or null when absent or unreadable. */
export function parseClosedAt(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Whether the banner may show now: never in the installed (standalone) app,
 * and not while a Close is less than 60 s old. A Close time in the future (a
 * clock moved back) counts as recent.
 */
export function shouldShowInstallBanner(now: number, closedAt: number | null, standalone: boolean): boolean {
  if (standalone) return false;
  if (closedAt === null) return true;
  return now - closedAt >= INSTALL_BANNER_SUPPRESS_MS;
}
