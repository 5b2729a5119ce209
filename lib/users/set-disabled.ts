import "server-only";
import { failure, NOT_ALLOWED_MESSAGE, type ActionResult } from "@/lib/actions/result";
import { revokeAllRefreshTokens } from "@/lib/auth/refresh-tokens";
import { isAdmin } from "@/lib/auth/roles";
import { findRoleOf, writeUserDisabled } from "@/lib/db/admin";
import { ADMIN_OWN_ACCOUNT_MESSAGE, ADMIN_USER_NOT_FOUND_MESSAGE } from "@/lib/validation/admin";

export type SetDisabledResult = ActionResult<{ disabledAt: Date | null }>;

/**
 * An admin disables an account (it can't sign in; its access tokens and
 * session stop working because every request re-reads the user) or enables
 * it again (lib/db/admin.ts, writeUserDisabled). The role is checked again
 * against the database, and nobody disables their own account. A newly
 * disabled account's refresh tokens are revoked too, so a disabled app can't
 * quietly renew.
 */
export async function setUserDisabled(
  adminId: string,
  targetId: string,
  disabled: boolean,
  now: Date = new Date(),
): Promise<SetDisabledResult> {
  if (!isAdmin(await findRoleOf(adminId))) return failure(NOT_ALLOWED_MESSAGE);
  if (adminId === targetId) return failure(ADMIN_OWN_ACCOUNT_MESSAGE);
  const saved = await writeUserDisabled(targetId, disabled, now);
  if (!saved.ok) return failure(ADMIN_USER_NOT_FOUND_MESSAGE);
  if (saved.changed && disabled) await revokeAllRefreshTokens(targetId);
  return { ok: true, disabledAt: saved.disabledAt };
}
