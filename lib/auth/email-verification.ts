import "server-only";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { authEnv } from "@/lib/auth/env";
import { storedLocale } from "@/lib/i18n/locales";
import { mailer } from "@/lib/mail";
import { emailVerificationMail } from "@/lib/mail/templates";
import { retryAfterSeconds, takeRateLimit, waitDescription } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site";

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/** REQUIRE_EMAIL_VERIFICATION=1: a new account's taps earn nothing until its email is confirmed. */
export function emailVerificationRequired(): boolean {
  return authEnv.REQUIRE_EMAIL_VERIFICATION;
}

/**
 * Mails a one-time link that confirms the account's email (valid 24 hours);
 * only its hash is stored, and it voids the account's older links. A mail
 * that cannot be sent is logged (never the link) and can be sent again from
 * the dashboard. The mail is in the account's own language.
 */
export async function sendEmailVerification(
  user: { id: string; email: string | null; language: string },
  now = new Date(),
  /** A same-origin path the confirmation page offers to continue to (lib/auth/redirects.ts checks it there). */
  next?: string,
): Promise<boolean> {
  if (!user.email) return false;
  const { token, hash } = newOpaqueToken();
  await db.$transaction([
    db.emailVerificationToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.emailVerificationToken.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS) },
    }),
  ]);
  const link =
    `${siteUrl()}/auth/verify-email?token=${encodeURIComponent(token)}` +
    (next ? `&next=${encodeURIComponent(next)}` : "");
  try {
    await mailer().send({ to: user.email, ...(await emailVerificationMail(storedLocale(user.language), link)) });
    return true;
  } catch (error) {
    console.error(
      "Could not send the email verification mail:",
      error instanceof Error ? error.message : "unknown error",
    );
    return false;
  }
}

export type LimitedSend =
  { ok: true } | { ok: false; reason: "too_many"; retryAfter: number } | { ok: false; reason: "not_sent" };

/**
 * Mails a confirmation link when the caller asks for one, at most
 * VERIFICATION_RESENDS_PER_HOUR times an hour per account (the dashboard's
 * resend and the staff invitation's "send me a link" share the count).
 */
export async function sendEmailVerificationLimited(
  user: { id: string; email: string | null; language: string },
  now = new Date(),
  next?: string,
): Promise<LimitedSend> {
  const slot = await takeRateLimit(
    { key: `verify-email:user:${user.id}`, limit: VERIFICATION_RESENDS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    now,
  );
  if (!slot.ok) return { ok: false, reason: "too_many", retryAfter: retryAfterSeconds(slot.resetAt, now) };
  return (await sendEmailVerification(user, now, next)) ? { ok: true } : { ok: false, reason: "not_sent" };
}

/** Sends the link again, at most VERIFICATION_RESENDS_PER_HOUR times an hour per account. */
export async function resendEmailVerification(
  user: { id: string; email: string | null; language: string; emailVerified: Date | null },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (user.emailVerified) return { ok: false, message: "Your email address is already confirmed." };
  // Without the requirement no page offers the link, and nothing is sent or stored.
  if (!emailVerificationRequired())
    return { ok: false, message: "This site does not ask you to confirm your email address." };
  if (!user.email) return { ok: false, message: "Your account has no email address." };
  const sent = await sendEmailVerificationLimited(user, now);
  if (sent.ok) return sent;
  return sent.reason === "too_many"
    ? { ok: false, message: `We sent several links already. Please try again in ${waitDescription(sent.retryAfter)}.` }
    : { ok: false, message: "We could not send the mail. Please try again later." };
}

/**
 * Spends a verification link (once, before it expires) and marks the
 * account's email as confirmed, in one transaction. False for an unknown,
 * used or expired link.
 */
export async function verifyEmailWithToken(token: string, now = new Date()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const spent = await tx.emailVerificationToken.updateManyAndReturn({
      where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { userId: true },
    });
    const userId = spent[0]?.userId;
    if (!userId) return false;
    await tx.user.updateMany({ where: { id: userId, emailVerified: null }, data: { emailVerified: now } });
    return true;
  });
}

/**
 * Auth.js sign-in event: a Google sign-in counts as a confirmed email (Google
 * has confirmed the address), unless Google says it has not.
 */
export async function markOAuthEmailVerified(message: {
  user: { id?: string | null };
  account?: { provider?: string } | null;
  profile?: { email_verified?: unknown } | null;
}): Promise<void> {
  if (message.account?.provider !== "google" || !message.user.id || message.profile?.email_verified === false) return;
  await db.user.updateMany({
    where: { id: message.user.id, emailVerified: null },
    data: { emailVerified: new Date() },
  });
}
