import "server-only";
import { hashPassword } from "@/lib/auth/password";
import {
  insertAccount,
  insertBusinessForUser,
  type AccountRows,
  type RegistrationRefusal,
  type SignUpJoin,
} from "@/lib/db/registration";
import type { Locale } from "@/lib/i18n/locales";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { accountCreated } from "@/lib/jobs/events";
import type { BusinessRegistrationInput, RegisterInput } from "@/lib/validation/registration";

export type { SignUpJoin } from "@/lib/db/registration";

// Creating an account (and a business with it) for every sign-up path that
// sets a password; the rows are lib/db/registration.ts's.

/** The new account, or the refusal's code, which the forms and the API each word (lib/auth/failure-messages.ts). */
export type RegisterResult = AccountRows;

/**
 * Creates the account (its password hashed here), and for a business
 * registration the business with its tag, in one transaction
 * (lib/db/registration.ts, insertAccount). The welcome mail's job is queued
 * in that transaction: it exists once the account does, and not if anything
 * after rolls it back.
 */
export async function registerAccount(
  input: RegisterInput,
  language?: Locale,
  join: SignUpJoin | null = null,
): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password!);
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  const result = await insertAccount(input, { passwordHash, language, join }, (tx, userId) =>
    accountCreated(tx, userId),
  );
  return result;
}

/** A signed-in user (e.g. after Google sign-up) registers a business: business, profile and tag claim together. */
export async function registerBusinessForUser(
  ownerId: string,
  input: BusinessRegistrationInput,
): Promise<{ ok: true; businessId: string } | RegistrationRefusal> {
  const result = await insertBusinessForUser(ownerId, input);
  return result;
}
