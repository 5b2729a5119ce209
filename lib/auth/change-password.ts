import "server-only";
import { GUEST_REFUSED_MESSAGE } from "@/lib/actions/result";
import { withPasswordAttempt } from "@/lib/auth/login";
import { verifyPassword } from "@/lib/auth/password";
import { changePassword } from "@/lib/auth/password-reset";
import { checkReauthentication } from "@/lib/auth/reauthentication";
import { db } from "@/lib/db";
import type { AppUser } from "@/lib/db/users";
import { message, type MessageOrText } from "@/lib/i18n/message";

export const CURRENT_PASSWORD_REQUIRED = message("api.auth.currentPasswordRequired");
export const CURRENT_PASSWORD_WRONG = message("api.auth.currentPasswordWrong");

export type ChangePasswordOutcome =
  | { ok: true; user: AppUser }
  | { ok: false; status: 400 | 401 | 403 | 409; code: string; message: MessageOrText }
  | { ok: false; status: 429; code: "too_many_attempts"; message: MessageOrText; retryAfter: number };

/**
 * A signed-in user changes their password: the current one is required
 * (checked under the sign-in limits, so a stolen session cannot guess it).
 * An account that has none yet (Google sign-in only) needs a mailed
 * confirmation link opened in the last minutes instead: otherwise a stolen
 * session could set a password and use it to pass every later
 * re-authentication. Every other session ends; the caller gives the current
 * browser a fresh session.
 */
export async function changePasswordWithCurrent(
  userId: string,
  currentPassword: string | undefined,
  newPassword: string,
  ip: string | null,
  now = new Date(),
): Promise<ChangePasswordOutcome> {
  const row = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, passwordHash: true, guest: true },
  });
  if (!row) return { ok: false, status: 401, code: "not_authenticated", message: message("api.notAuthenticated") };
  // A guest card gets a password only by becoming an account (docs/authentication.md, "Guests").
  if (row.guest) return { ok: false, status: 403, code: "guest_card", message: GUEST_REFUSED_MESSAGE };
  if (!row.passwordHash) {
    const reauth = await checkReauthentication(userId, undefined, ip, now);
    if (!reauth.ok) return { ok: false, status: 403, code: reauth.code, message: reauth.error };
  }
  if (row.passwordHash) {
    if (!currentPassword)
      return { ok: false, status: 400, code: "current_password_required", message: CURRENT_PASSWORD_REQUIRED };
    const hash = row.passwordHash;
    const attempt = await withPasswordAttempt(row.email ?? `user:${userId}`, ip, () =>
      verifyPassword(hash, currentPassword),
    );
    if (!attempt.ok) return { ...attempt, code: "too_many_attempts" };
    if (!attempt.valid)
      return { ok: false, status: 401, code: "wrong_current_password", message: CURRENT_PASSWORD_WRONG };
  }
  const user = await changePassword(userId, row.passwordHash, newPassword);
  if (!user) {
    return {
      ok: false,
      status: 409,
      code: "password_changed",
      message: message("api.auth.passwordChangedMeanwhile"),
    };
  }
  return { ok: true, user };
}
