import { message, type Message } from "@/lib/i18n/message";
import { TAG_ALREADY_CLAIMED_MESSAGE } from "@/lib/validation/tags";

// The sign-in and sign-up forms' failures as catalog keys (the `auth`
// namespace), which the action builder answers in the visitor's language. The
// JSON API words the same codes in its own namespace (app/api/auth/register).

/** The wait of a rate limit as the catalogs count it: hours from 90 minutes on, else minutes (at least 1), like waitDescription. */
export function waitValues(seconds: number): { unit: "hour" | "minute"; count: number } {
  if (seconds >= 5400) return { unit: "hour", count: Math.ceil(seconds / 3600) };
  return { unit: "minute", count: Math.max(1, Math.ceil(seconds / 60)) };
}

type LoginFailure = { status: 401 | 403 } | { status: 429; retryAfter: number };

/** A failed password log-in's message key. */
export function loginFailureKey(result: LoginFailure): Message {
  if (result.status === 429) return message("auth.login.tooManyAttempts", waitValues(result.retryAfter));
  return message(result.status === 403 ? "auth.login.disabled" : "auth.login.invalidCredentials");
}

type RegistrationFailure =
  | { code: "email_taken" | "phone_taken" | "tap_already_claimed" }
  | { code: "too_many_requests"; reason: "network" | "attempts"; retryAfter: number };

/** A failed sign-up's message. */
export function registrationFailureKey(result: RegistrationFailure): Message {
  switch (result.code) {
    case "email_taken":
      return message("auth.register.emailTaken");
    case "phone_taken":
      return message("auth.register.phoneTaken");
    case "too_many_requests":
      return message(
        result.reason === "network" ? "auth.register.tooManyAccounts" : "auth.register.tooManyAttempts",
        waitValues(result.retryAfter),
      );
    case "tap_already_claimed":
      return message(TAG_ALREADY_CLAIMED_MESSAGE);
  }
}
