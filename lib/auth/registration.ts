import "server-only";
import { emailVerificationRequired, sendEmailVerification } from "@/lib/auth/email-verification";
import { authEnv } from "@/lib/auth/env";
import { registerAccount, type RegisterResult, type SignUpJoin } from "@/lib/auth/register-account";
import { countRateLimit, retryAfterSeconds, takeRateLimit } from "@/lib/rate-limit";
import type { Locale } from "@/lib/i18n/locales";
import type { RegisterInput } from "@/lib/validation/registration";

const HOUR_MS = 60 * 60 * 1000;
/** "An account with this email already exists" answers per address and window: it tells which emails have accounts. */
export const REGISTRATION_CONFLICT_LIMIT = 10;
export const REGISTRATION_CONFLICT_WINDOW_MS = 15 * 60 * 1000;

export type LimitedRegistration = {
  ok: false;
  status: 429;
  code: "too_many_requests";
  /** Which limit: accounts from the address, or its "email already exists" answers. */
  reason: "network" | "attempts";
  retryAfter: number;
};

function limited(reason: LimitedRegistration["reason"], resetAt: Date, now: Date): LimitedRegistration {
  return { ok: false, status: 429, code: "too_many_requests", reason, retryAfter: retryAfterSeconds(resetAt, now) };
}

/**
 * Registration under the per-address limits, for the API and the sign-up
 * forms alike. Every attempt takes a unit of the address's hourly allowance
 * before anything is created (one conditional upsert), and an "email already
 * exists" answer is counted too: past its limit the caller gets a 429 in its
 * place. Without a client address (next dev) no limit applies. With
 * REQUIRE_EMAIL_VERIFICATION=1 the new account is mailed a confirmation link.
 * `language` is the new account's setting: the browser's, negotiated from its
 * Accept-Language (negotiateLocale) by the caller; `join`, the business whose
 * card the sign-up came from (lib/db/registration).
 */
export async function registerWithLimits(
  input: RegisterInput,
  { ip, language, join = null }: { ip: string | null; language: Locale; join?: SignUpJoin | null },
  now = new Date(),
): Promise<RegisterResult | LimitedRegistration> {
  // REGISTRATION_LIMIT_PER_HOUR: new accounts per client address and hour (0 turns the limit off).
  const perHour = authEnv.REGISTRATION_LIMIT_PER_HOUR;
  if (ip && perHour > 0) {
    const slot = await takeRateLimit({ key: `register:ip:${ip}`, limit: perHour, windowMs: HOUR_MS }, now);
    if (!slot.ok) return limited("network", slot.resetAt, now);
  }
  const result = await registerAccount(input, language, join);
  if (!result.ok) {
    if (ip && (result.code === "email_taken" || result.code === "phone_taken")) {
      const conflicts = await countRateLimit(`register:conflict:${ip}`, REGISTRATION_CONFLICT_WINDOW_MS, now);
      if (conflicts.count > REGISTRATION_CONFLICT_LIMIT) return limited("attempts", conflicts.resetAt, now);
    }
    return result;
  }
  if (emailVerificationRequired()) await sendEmailVerification(result.user, now);
  return result;
}
