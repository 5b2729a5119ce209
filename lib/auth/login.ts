import "server-only";
import { verifyPassword } from "@/lib/auth/password";
import { findUserForLogin, type AppUser } from "@/lib/db/users";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "@/lib/rate-limit";
import type { LoginInput } from "@/lib/validation/auth";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export type LoginResult =
  | { ok: true; user: AppUser }
  | { ok: false; status: 401 | 403 | 429; message: string };

/**
 * Password sign-in with brute-force protection: at most LOGIN_MAX_FAILURES
 * failures per email and per client IP in a 15-minute window (counters in
 * PostgreSQL). A successful sign-in clears the email's counter.
 */
export async function loginWithPassword(input: LoginInput, clientIp: string | null): Promise<LoginResult> {
  const keys = [`login:email:${input.email}`, ...(clientIp ? [`login:ip:${clientIp}`] : [])];
  const states = await Promise.all(keys.map((key) => peekRateLimit(key, LOGIN_MAX_FAILURES)));
  if (states.some((s) => s.limited)) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };

  const user = await findUserForLogin(input.email);
  // Verify even without a user so response time does not reveal which emails exist.
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password);
  if (!user || !valid) {
    await Promise.all(keys.map((key) => hitRateLimit(key, LOGIN_WINDOW_MS)));
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  if (user.disabledAt) return { ok: false, status: 403, message: "This account has been disabled." };
  await clearRateLimit(keys[0]!);
  const { passwordHash: _omit, ...safe } = user;
  return { ok: true, user: safe };
}

// argon2id hash of a random string, used only to spend the same time as a real check.
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8KXQ0Zf8bbvJ6CBMfeOqhmnD3d7jk1mcbmYwSXsB3UQ";
