import "server-only";
import { verifyPassword } from "@/lib/auth/password";
import { findUserForLogin, type AppUser } from "@/lib/db/users";
import {
  clearRateLimit,
  giveBackRateLimit,
  retryAfterSeconds,
  takeRateLimits,
  waitDescription,
  type Bucket,
} from "@/lib/rate-limit";
import type { LoginInput } from "@/lib/validation/auth";
import { message, type Message } from "@/lib/i18n/message";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed passwords for one email from one address, per window. */
export const LOGIN_MAX_FAILURES = 10;
/** Failed passwords from one address across all emails (password spraying), per window. */
export const LOGIN_IP_MAX_FAILURES = 30;
/** Failed passwords for one email from anywhere (a guessing botnet), per window: above the per-address limit, so one attacker cannot lock the owner out. */
export const LOGIN_EMAIL_MAX_FAILURES = 50;

export const INVALID_CREDENTIALS = message("api.auth.invalidCredentials");

export function tooManyAttemptsMessage(retryAfter: number): string {
  return `Too many failed sign-in attempts. Please try again in ${waitDescription(retryAfter)}.`;
}

export type LoginResult =
  | { ok: true; user: AppUser }
  | { ok: false; status: 401 | 403; message: Message }
  | { ok: false; status: 429; message: string; retryAfter: number };

type Limited = { ok: false; status: 429; message: string; retryAfter: number };

function loginBuckets(email: string, ip: string | null): { emailAtIp: Bucket; others: Bucket[] } {
  const emailAtIp = {
    key: `login:email-ip:${email}|${ip ?? "unknown"}`,
    limit: LOGIN_MAX_FAILURES,
    windowMs: LOGIN_WINDOW_MS,
  };
  const others = [
    { key: `login:email:${email}`, limit: LOGIN_EMAIL_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
    ...(ip ? [{ key: `login:ip:${ip}`, limit: LOGIN_IP_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS }] : []),
  ];
  return { emailAtIp, others };
}

/**
 * Runs one password check under the sign-in limits. The attempt is counted
 * BEFORE the password is verified, atomically in every bucket (per email and
 * address, per address, per email), so parallel guesses cannot all pass one
 * check. A right password gives its unit back: it clears the email-and-address
 * bucket (the owner at their own address) but only returns one unit to the
 * per-address and per-email buckets, so an attacker's own account cannot wipe
 * their failure count.
 */
export async function withPasswordAttempt(
  email: string,
  ip: string | null,
  check: () => Promise<boolean>,
  now = new Date(),
): Promise<{ ok: true; valid: boolean } | Limited> {
  const { emailAtIp, others } = loginBuckets(email, ip);
  const gate = await takeRateLimits([emailAtIp, ...others], now);
  if (!gate.ok) {
    const retryAfter = retryAfterSeconds(gate.resetAt, now);
    return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfter), retryAfter };
  }
  const valid = await check();
  if (valid) {
    await Promise.all([
      clearRateLimit(emailAtIp.key),
      ...gate.taken.filter((unit) => unit.key !== emailAtIp.key).map((unit) => giveBackRateLimit(unit)),
    ]);
  }
  return { ok: true, valid };
}

/** Password sign-in under the limits above. */
export async function loginWithPassword(
  input: LoginInput,
  clientIp: string | null,
  now = new Date(),
): Promise<LoginResult> {
  let user: Awaited<ReturnType<typeof findUserForLogin>> = null;
  const attempt = await withPasswordAttempt(
    input.email,
    clientIp,
    async () => {
      user = await findUserForLogin(input.email);
      // Verify even without a user so response time does not reveal which emails exist.
      return verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password).then((ok) => ok && user !== null);
    },
    now,
  );
  if (!attempt.ok) return attempt;
  const found = user as Awaited<ReturnType<typeof findUserForLogin>>;
  if (!attempt.valid || !found) return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  if (found.disabledAt) return { ok: false, status: 403, message: message("api.auth.accountDisabled") };
  const { passwordHash: _omit, ...safe } = found;
  return { ok: true, user: safe };
}

// argon2id hash of a random string, used only to spend the same time as a real check.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8KXQ0Zf8bbvJ6CBMfeOqhmnD3d7jk1mcbmYwSXsB3UQ";
