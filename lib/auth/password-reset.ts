import "server-only";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { revokeAllRefreshTokens } from "@/lib/auth/refresh-tokens";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { mailer } from "@/lib/mail";
import { siteName, siteUrl } from "@/lib/site";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Mails a one-time reset link if the account exists; says nothing either way. */
export async function requestPasswordReset(email: string, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, disabledAt: true } });
  if (!user?.email || user.disabledAt) return;
  const { token, hash } = newOpaqueToken();
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
  });
  const link = `${siteUrl()}/auth/reset?token=${encodeURIComponent(token)}`;
  await mailer().send({
    to: user.email,
    subject: `Reset your ${siteName} password`,
    text: `Someone asked to reset the password of your ${siteName} account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
  });
}

/** Spends a reset token (once, before it expires) on a new password; signs out every device. */
export async function resetPasswordWithToken(token: string, password: string, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const spent = await db.passwordResetToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { userId: true },
  });
  const userId = spent[0]?.userId;
  if (!userId) return false;
  await db.user.update({ where: { id: userId }, data: { passwordHash } });
  await revokeAllRefreshTokens(userId);
  return true;
}

export async function setPassword(userId: string, password: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password) } });
}
