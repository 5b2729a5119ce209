import "server-only";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { revokeRefreshTokensInTx } from "@/lib/auth/sessions";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { publicUserSelect, type AppUser } from "@/lib/db/users";
import { storedLocale } from "@/lib/i18n/locales";
import { mailer } from "@/lib/mail";
import { passwordResetMail } from "@/lib/mail/templates";
import { siteUrl } from "@/lib/site";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Mails a one-time reset link if the account exists; says nothing either way.
 * Issuing a link voids every older unused one of the account. The mail is in
 * the account's own language.
 */
export async function requestPasswordReset(email: string, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, language: true, disabledAt: true },
  });
  if (!user?.email || user.disabledAt) return;
  const { token, hash } = newOpaqueToken();
  await db.$transaction([
    db.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
    }),
  ]);
  const link = `${siteUrl()}/auth/reset?token=${encodeURIComponent(token)}`;
  await mailer().send({ to: user.email, ...(await passwordResetMail(storedLocale(user.language), link)) });
}

/**
 * Whether a reset link can still set a password (issued, unused, not expired):
 * the page checks it on load, so a dead link never shows the password form.
 * Spending it is still decided by resetPasswordWithToken's own statement.
 */
export async function resetLinkUsable(token: string, now = new Date()): Promise<boolean> {
  const count = await db.passwordResetToken.count({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
  });
  return count > 0;
}

/**
 * Spends a reset token (once, before it expires) on a new password, in one
 * transaction: the token and every other unused link of the account are
 * spent, and every session and refresh token of the account is revoked.
 */
export async function resetPasswordWithToken(token: string, password: string, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const spent = await tx.passwordResetToken.updateManyAndReturn({
      where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { userId: true },
    });
    const userId = spent[0]?.userId;
    if (!userId) return false;
    await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await revokeRefreshTokensInTx(tx, userId, now);
    return true;
  });
}

/**
 * Sets a signed-in user's new password (the caller has checked the current
 * one) and revokes every session and refresh token, in one transaction. The
 * update only applies while the password is still the one that was checked,
 * so two changes at once cannot both win. Returns the user with the new
 * session version (for the current browser's fresh cookie), or null.
 */
export async function changePassword(
  userId: string,
  checkedPasswordHash: string | null,
  password: string,
  now = new Date(),
): Promise<AppUser | null> {
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const changed = await tx.user.updateManyAndReturn({
      where: { id: userId, passwordHash: checkedPasswordHash, disabledAt: null },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: publicUserSelect,
    });
    const user = changed[0];
    if (!user) return null;
    await revokeRefreshTokensInTx(tx, userId, now);
    // Links asked for before the change must not undo it.
    await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    return user;
  });
}
