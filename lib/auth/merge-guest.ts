import "server-only";
import { z } from "zod";
import { sessionFromCookie } from "@/lib/auth/session-decode";
import { findGuest, mergeGuestRows, type CombineCards, type MergeRefusal } from "@/lib/db/merge-guest";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";
import { mergeProgress } from "@/lib/loyalty/merge";

// Merging a guest into the account it signs in to (docs/authentication.md,
// "Merging a guest into an account"): every sign-in (password, registration,
// Google, an emailed link, a passkey) finds the guest in the request's current
// session cookie BEFORE it issues the account's cookie, and merges it. A merge
// that fails throws: the sign-in fails with it and the guest's cookie stays, so
// signing in again retries; the guest's card is never dropped silently.

export type GuestMerge = {
  /** false: nothing to merge (the guest is gone, already merged by a concurrent sign-in) or refused. */
  merged: boolean;
  /** The businesses whose cards moved or were combined. */
  businesses: number;
  /** Rewards that cards completed by the merge issued. */
  rewardsIssued: number;
  reason?: MergeRefusal;
};

const mergeInput = z.object({ guestId: z.string().min(1), accountId: z.string().min(1), now: z.date() });

/** Each program's card combined by the loyalty engine's merge rules (lib/loyalty/merge.ts). */
const combineByRules: CombineCards = (program, account, guest, localDate) =>
  mergeProgress(program, account, guest, { localDate, active: program.active });

/**
 * Merges the guest `guestId` into the account `accountId`, in one transaction:
 * its cards are re-owned, or combined with the account's card at the same
 * business by the loyalty rules; its rewards, visits, the day's tap counts,
 * push subscriptions and stored tap answers move; one CUSTOMER_MERGED audit
 * entry per business; then the guest is deleted. Merged once, however many
 * run at the same time. Refused (merged: false, nothing changed) when the
 * guest is no guest (or gone) or the account is disabled, missing, a guest,
 * or the guest itself. Rewards the merge issues and the cards it changes or
 * deletes are announced in the merge's transaction, as a visit's are.
 */
export async function mergeGuestIntoAccount(input: {
  guestId: string;
  accountId: string;
  now?: Date;
}): Promise<GuestMerge> {
  const { guestId, accountId, now } = mergeInput.parse({ ...input, now: input.now ?? new Date() });
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  const result = await mergeGuestRows({ guestId, accountId, now }, combineByRules, announceCardChange);
  if (!result.merged) return { merged: false, businesses: 0, rewardsIssued: 0, reason: result.reason };
  return { merged: true, businesses: result.businesses, rewardsIssued: result.rewardsIssued };
}

/**
 * The guest whose session cookie this request carries (a valid session of a
 * guest, not disabled, current version), or null: a signed-out visitor, an
 * account's session, a stale cookie. Cookies only, never a Bearer token.
 */
export async function guestIdOfRequest(requestHeaders: Headers): Promise<string | null> {
  const session = await sessionFromCookie(requestHeaders.get("cookie"));
  if (!session) return null;
  const guest = await findGuest(session.userId);
  return guest && guest.sessionVersion === session.sessionVersion ? guest.id : null;
}

/**
 * What every sign-in calls once it knows the account and before it sets the
 * account's cookie: merges the request's guest (if any) into `accountId`.
 * null when the request carries no guest session. Throws when the merge
 * fails: the caller fails the sign-in (GUEST_MERGE_FAILED).
 */
export async function mergeGuestOfRequest(requestHeaders: Headers, accountId: string): Promise<GuestMerge | null> {
  const guestId = await guestIdOfRequest(requestHeaders);
  if (!guestId || guestId === accountId) return null;
  return mergeGuestIntoAccount({ guestId, accountId });
}

/**
 * mergeGuestOfRequest for a sign-in that answers with a message: true when
 * there was nothing to merge or it merged (or was already merged), false when
 * the merge failed (logged): refuse the sign-in with GUEST_MERGE_FAILED.
 */
export async function mergeGuestBeforeSignIn(requestHeaders: Headers, accountId: string): Promise<boolean> {
  try {
    await mergeGuestOfRequest(requestHeaders, accountId);
    return true;
  } catch (error) {
    console.error(
      "Could not merge the guest into the account:",
      error instanceof Error ? error.message : "unknown error",
    );
    return false;
  }
}

/** The message of a sign-in refused because its guest card could not be merged: a form's (errors.json), the API's (api.json). */
export const GUEST_MERGE_FAILED = "errors.guestMergeFailed";
export const GUEST_MERGE_FAILED_API = "api.auth.guestMergeFailed";
