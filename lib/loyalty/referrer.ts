// Naming the friend who brought you (from their QR page): once, never
// yourself, and only in the first REFERRAL_WINDOW_DAYS days after you signed
// up. Pure; lib/qr/viewer.ts checks it, and lib/db/qr.ts repeats the window in its update's
// WHERE so two racing requests can't both set it.

/** A customer may name the friend who brought them within this many days of signing up. */
export const REFERRAL_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

export type ReferrerRefusal = "self" | "already_set" | "window_closed";

export type ReferrerCheck = { ok: true } | { ok: false; reason: ReferrerRefusal };

export type ReferringViewer = { id: string; createdAt: Date; referredById: string | null };

/** The earliest sign-up that may still name a referrer at `now`. */
export function referralWindowStart(now: Date): Date {
  return new Date(now.getTime() - REFERRAL_WINDOW_DAYS * DAY_MS);
}

/** Once, never yourself, and only in the first 30 days after the viewer signed up. */
export function checkReferrer(viewer: ReferringViewer, referrerId: string, now: Date): ReferrerCheck {
  if (viewer.id === referrerId) return { ok: false, reason: "self" };
  if (viewer.referredById) return { ok: false, reason: "already_set" };
  if (viewer.createdAt.getTime() < referralWindowStart(now).getTime()) return { ok: false, reason: "window_closed" };
  return { ok: true };
}
