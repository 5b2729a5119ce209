import "server-only";
import { clientIp } from "@/lib/auth/client-ip";
import { waitValues } from "@/lib/auth/failure-messages";
import { withPasswordAttempt } from "@/lib/auth/login";
import { verifyPassword } from "@/lib/auth/password";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { storedLocale } from "@/lib/i18n/locales";
import { message, type MessageOrText } from "@/lib/i18n/message";
import { mailer } from "@/lib/mail";
import { reauthenticationMail } from "@/lib/mail/templates";
import { requestNow } from "@/lib/clock";
import { retryAfterSeconds, takeRateLimit } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site";

// Re-authentication for sensitive actions (docs/authentication.md): deleting the
// account, setting a first password on an account without one, and any later
// action that changes how the account is reached or signed in to. A session
// alone is not enough for them: a stolen cookie must not be able to lock the
// owner out. The proof is the current password typed with the action, or a
// mailed one-time link opened within the last few minutes (for accounts that
// have no password), or a passkey verified within the last few minutes (a
// passkey sign-in or "Confirm it's you with a passkey" sets
// `User.reauthenticatedAt` the way the link does: lib/auth/passkeys.ts). A guest
// card confirms by the dialog alone: it has none of these.

/** How long a mailed confirmation link works. */
export const REAUTH_LINK_TTL_MS = 15 * 60 * 1000;
/** How long an opened link or a verified passkey lets the account's sessions do sensitive actions. */
export const REAUTH_VALID_MS = 10 * 60 * 1000;
/** Confirmation mails per account per hour (each one is a mail to a real inbox). */
export const REAUTH_LINKS_PER_HOUR = 3;

export type ReauthFailureCode = "reauthentication_required" | "wrong_password" | "too_many_attempts";

export type ReauthCheck = { ok: true } | { ok: false; code: ReauthFailureCode; error: MessageOrText };

/**
 * Whether the signed-in user has just proved it is them: `password` (typed
 * with the action) must be their current password, checked under the sign-in
 * limits so a stolen session cannot guess it; without one, a confirmation link
 * must have been opened, or a passkey verified, in the last REAUTH_VALID_MS. The failure's `error` is a
 * catalog key.
 */
export async function checkReauthentication(
  userId: string,
  password: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<ReauthCheck> {
  const row = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, passwordHash: true, reauthenticatedAt: true, guest: true },
  });
  if (!row) return { ok: false, code: "reauthentication_required", error: "settings.reauth.passwordRequired" };
  // A guest card has no password or email to prove anything with: its session is the
  // card itself, and the confirmation dialog is the whole proof (docs/authentication.md, "Guests").
  if (row.guest) return { ok: true };
  if (password) {
    const hash = row.passwordHash;
    // An account without a password counts the attempt too: the answer must not tell which accounts have one.
    const attempt = await withPasswordAttempt(
      row.email ?? `user:${userId}`,
      ip,
      () => verifyPassword(hash, password),
      now,
    );
    if (!attempt.ok)
      return {
        ok: false,
        code: "too_many_attempts",
        error: message("settings.reauth.tooManyAttempts", waitValues(attempt.retryAfter)),
      };
    return attempt.valid ? { ok: true } : { ok: false, code: "wrong_password", error: "settings.reauth.wrongPassword" };
  }
  if (recentlyReauthenticated(row.reauthenticatedAt, now)) return { ok: true };
  return {
    ok: false,
    code: "reauthentication_required",
    error: row.passwordHash
      ? "settings.reauth.passwordRequired"
      : row.email
        ? "settings.reauth.linkRequired"
        : "settings.reauth.passkeyRequired",
  };
}

/**
 * The one check before a sensitive server action: checkReauthentication for
 * this request (its client address for the sign-in limits, its clock). An
 * empty password counts as none. The failure is the action's answer as it is.
 */
export async function reauthenticate(
  userId: string,
  password: string | undefined,
  requestHeaders: Headers,
): Promise<ReauthCheck> {
  return checkReauthentication(userId, password || undefined, clientIp(requestHeaders), requestNow(requestHeaders));
}

function recentlyReauthenticated(at: Date | null, now: Date): boolean {
  return at !== null && at.getTime() > now.getTime() - REAUTH_VALID_MS && at.getTime() <= now.getTime();
}

export type ReauthLinkResult = { ok: true } | { ok: false; error: MessageOrText };

/**
 * Mails a one-time link (valid REAUTH_LINK_TTL_MS, stored hashed, voiding the
 * account's older links) to the account's current email, in its language. At
 * most REAUTH_LINKS_PER_HOUR per account. Only for accounts without a
 * password: one with a password types it (and one who forgot it resets it).
 */
export async function sendReauthenticationLink(
  user: { id: string; email: string | null; language: string },
  now = new Date(),
): Promise<ReauthLinkResult> {
  if (!user.email) return { ok: false, error: "settings.reauth.noEmail" };
  const row = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (row?.passwordHash) return { ok: false, error: "settings.reauth.usePassword" };
  const slot = await takeRateLimit(
    { key: `reauth-link:user:${user.id}`, limit: REAUTH_LINKS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    now,
  );
  if (!slot.ok)
    return {
      ok: false,
      error: message("settings.reauth.tooManyLinks", waitValues(retryAfterSeconds(slot.resetAt, now))),
    };
  const { token, hash } = newOpaqueToken();
  await db.$transaction([
    db.reauthenticationToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.reauthenticationToken.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + REAUTH_LINK_TTL_MS) },
    }),
  ]);
  const link = `${siteUrl()}/auth/confirm-identity?token=${encodeURIComponent(token)}`;
  try {
    await mailer().send({ to: user.email, ...(await reauthenticationMail(storedLocale(user.language), link)) });
    return { ok: true };
  } catch (error) {
    console.error(
      "Could not send the re-authentication mail:",
      error instanceof Error ? error.message : "unknown error",
    );
    return { ok: false, error: "settings.reauth.mailFailed" };
  }
}

/** Whether a link can still be confirmed (unknown, used and expired links cannot); spends nothing. */
export async function reauthenticationLinkUsable(token: string, now = new Date()): Promise<boolean> {
  const row = await db.reauthenticationToken.findFirst({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Spends a link (once, before it expires) and marks its account as just
 * re-authenticated, in one transaction. False for an unknown, used or expired
 * link. A confirmation button posts it, so a mail scanner that opens the link
 * does not confirm anything.
 */
export async function confirmReauthenticationLink(token: string, now = new Date()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const spent = await tx.reauthenticationToken.updateManyAndReturn({
      where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { userId: true },
    });
    const userId = spent[0]?.userId;
    if (!userId) return false;
    await tx.user.update({ where: { id: userId }, data: { reauthenticatedAt: now } });
    return true;
  });
}
