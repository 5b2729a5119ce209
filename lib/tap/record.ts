import "server-only";
import { CounterNotFresh, acceptSunCounter } from "@/lib/db/secure-tags";
import { recordVisit } from "@/lib/tap/record-visit";
import type { SqlTx } from "@/lib/db/sql";
import type { StoredAnswer, VisitOutcome } from "@/lib/db/visit-types";
import type { Message } from "@/lib/i18n/message";
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  HELD_MESSAGE,
  IN_PROGRESS_MESSAGE,
  LIMIT_REACHED_MESSAGE,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_CLAIMED_MESSAGE,
  OWN_BUSINESS_MESSAGE,
} from "@/lib/tap/messages";
import { authEnv } from "@/lib/auth/env";
import { gateSecureTap, logRejectedVisit, type VerifiedSun } from "@/lib/nfc/secure-tap";
import type { SunParams, SunRefusal } from "@/lib/nfc/verify-tap";
import { closedJson, visitJson, type ClosedJson } from "@/lib/tap/api-shape";
import { closedMessage } from "@/lib/business/closed-messages";
import { nextVisitAfterDailyLimit, type NextVisit } from "@/lib/tap/next-visit";
import { pruneExpiredKeys, storedAnswer } from "@/lib/tap/idempotency";
import type { SessionIdentity } from "@/lib/auth/current-user";

export type TapErrorBody = {
  status: "error";
  /** Shown in the reader's language: `localized` for the JSON API, the action builder for the tap page. */
  message: Message;
  code: string;
  type?: "limit_reached";
  tag_id: string;
  /** With the daily limit: when the next visit counts (docs/tap-api.md). */
  next_visit?: NextVisit;
  /** Closed for the season (docs/business-lifecycle.md): the business and when it reopens. */
  closed?: ClosedJson;
};
export type TapVisitBody = ReturnType<typeof visitJson>;
/**
 * 202: a hold rule kept the visit for staff to check (docs/review-queue.md).
 * Never an error for the customer: nothing is lost, staff approve or reject it.
 */
export type TapHeldBody = {
  status: "held";
  state: "held";
  tag_id: string;
  held_visit_id: string;
  progress_updated: false;
  message: Message;
};
export type TapRecordResult = { httpStatus: number; body: TapVisitBody | TapHeldBody | TapErrorBody };

const errorOf = (tagId: string, httpStatus: number, code: string, message: Message): TapRecordResult => ({
  httpStatus,
  body: { status: "error", code, message, tag_id: tagId },
});

/** The answer to a visit's outcome (also what an Idempotency-Key stores). */
function answerOf(tagId: string, outcome: VisitOutcome): TapRecordResult {
  if (outcome.ok) return { httpStatus: 200, body: visitJson(tagId, outcome) };
  switch (outcome.reason) {
    case "held":
      return {
        httpStatus: 202,
        body: {
          status: "held",
          state: "held",
          tag_id: tagId,
          held_visit_id: outcome.heldVisitId,
          progress_updated: false,
          message: HELD_MESSAGE,
        },
      };
    case "limit_reached":
      return {
        httpStatus: 429,
        body: {
          status: "error",
          type: "limit_reached",
          code: "limit_reached",
          message: LIMIT_REACHED_MESSAGE,
          tag_id: tagId,
          next_visit: nextVisitAfterDailyLimit(outcome.now, outcome.timeZone),
        },
      };
    case "business_closed":
      return {
        httpStatus: 409,
        body: {
          status: "error",
          code: "business_closed",
          message: closedMessage("customer", outcome.businessName, { until: outcome.until }),
          tag_id: tagId,
          closed: closedJson(outcome.businessName, outcome.until, outcome.timeZone),
        },
      };
    case "customer_not_found":
      return errorOf(tagId, 401, "not_authenticated", NOT_AUTHENTICATED_MESSAGE);
    case "email_not_verified":
      return errorOf(tagId, 403, "email_not_verified", EMAIL_NOT_VERIFIED_MESSAGE);
    case "duplicate_request":
      return errorOf(tagId, 409, "request_in_progress", IN_PROGRESS_MESSAGE);
    case "own_business":
      return errorOf(tagId, 409, "own_business", OWN_BUSINESS_MESSAGE);
    default:
      return errorOf(tagId, 404, "tag_not_claimed", NOT_CLAIMED_MESSAGE);
  }
}

const replayOf = (stored: StoredAnswer): TapRecordResult => ({
  httpStatus: stored.httpStatus,
  body: stored.body as TapRecordResult["body"],
});

/**
 * POST /api/tap and the tap page's recorder: one visit for a signed-in customer
 * on a claimed tag. `identity` comes from a verified token or session; the
 * visit statement itself checks that the account exists, is not disabled and
 * the session is current.
 *
 * Nothing here decides from the page cache (docs/tap-api.md): whether the tag
 * is claimed and by whom, whether it is secure, the daily limit, the time zone
 * and the running programs are read by the visit's own transaction
 * (lib/db/visits.ts), so a change made on any instance holds for the next tap.
 *
 * With an Idempotency-Key, the first answer (200 or 429) is stored with the
 * visit and replayed for the same customer and key within 24 hours, and
 * nothing new is recorded.
 *
 * A secure tag's SUN message (`sun`, from the tapped URL) is verified against
 * the tag's secrets read fresh from the database before the visit, and its chip
 * and read counter are accepted in the visit's own transaction: one link, one
 * visit, however many requests carry it. A tap without a SUN message goes
 * straight to the visit, which refuses it if the tag is secure; the SUN gate
 * then answers it as for any secure tag. Any verified use by a signed-in
 * customer spends the link, even when the visit itself is refused (daily
 * limit, unconfirmed email); the owner's own tap does not (409 own_business,
 * the link stays good for a customer).
 */
export async function recordTap(
  identity: SessionIdentity,
  tagId: string,
  now: Date,
  sun: SunParams = {},
  idempotencyKey: string | null = null,
  /**
   * Runs first in the visit's transaction: a guest card is created there
   * (lib/auth/guest-card.ts), so a visit that rolls back leaves no guest.
   */
  prepare?: (tx: SqlTx) => Promise<void>,
): Promise<TapRecordResult> {
  const { userId } = identity;
  const error = (httpStatus: number, code: string, message: Message) => errorOf(tagId, httpStatus, code, message);
  const notClaimed = () => error(404, "tag_not_claimed", NOT_CLAIMED_MESSAGE);
  const replayed = async () => (idempotencyKey ? await storedAnswer(userId, idempotencyKey, now) : null);

  const earlier = await replayed();
  if (earlier) return replayOf(earlier);

  // A link refused as spent may have been spent by this very request's twin
  // (same key, in flight at the same time): its answer wins over a refusal.
  const refuse = async (tag: { id: string; timezone: string }, reason: SunRefusal | null) => {
    const twin = reason === "replayed" ? await replayed() : null;
    if (twin) return replayOf(twin);
    const rejection = await logRejectedVisit(tag, reason, now);
    return error(rejection.httpStatus, rejection.code, rejection.message);
  };

  const visit = (verified: VerifiedSun | null) =>
    recordVisit({
      userId,
      sessionVersion: identity.sessionVersion,
      requireVerifiedEmail: authEnv.REQUIRE_EMAIL_VERIFICATION,
      tagId,
      source: "TAG",
      refuseOwner: true,
      // The customer's own tap meets the business's hold rules (docs/review-queue.md).
      holdRules: true,
      now,
      ...(verified === null
        ? prepare
          ? { beforeVisit: prepare }
          : {}
        : {
            sunCounter: verified.counter,
            // The owner's own tap leaves the link unspent (acceptSunCounter checks ownership first).
            beforeVisit: async (tx) => {
              if (prepare) await prepare(tx);
              await acceptSunCounter(tx, { tagId, userId, ...verified }, now);
            },
          }),
      ...(idempotencyKey
        ? { idempotency: { key: idempotencyKey, answer: (o: VisitOutcome) => answerOf(tagId, o) } }
        : {}),
    });

  type Verified = { tag: { id: string; timezone: string }; sun: VerifiedSun | null };
  // The SUN gate on the tag's secrets as the database has them now.
  const gate = async (): Promise<TapRecordResult | Verified> => {
    const gated = await gateSecureTap(tagId, sun);
    if (!gated.claimed) return notClaimed();
    if (!gated.check.ok) return refuse(gated.tag, gated.check.reason);
    return { tag: gated.tag, sun: gated.check.sun };
  };
  const attempt = async (verified: Verified | null): Promise<TapRecordResult | VisitOutcome> => {
    try {
      return await visit(verified?.sun ?? null);
    } catch (thrown) {
      if (!(thrown instanceof CounterNotFresh) || !verified) throw thrown;
      return refuse(verified.tag, thrown.reason);
    }
  };
  const isAnswer = (value: object): value is TapRecordResult => "httpStatus" in value;

  // A request carrying a SUN message is checked first; a plain one goes
  // straight to the visit, which tells when the tag is secure.
  let verified: Verified | null = null;
  if (Object.keys(sun).length > 0) {
    const gated = await gate();
    if (isAnswer(gated)) return gated;
    verified = gated;
  }
  let outcome = await attempt(verified);
  if (!isAnswer(outcome) && !outcome.ok && outcome.reason === "secure_tag") {
    // Secure, and no verified link went with the visit (none was sent, or the
    // tag turned secure since the gate): the gate answers as for any secure tag.
    const gated = await gate();
    if (isAnswer(gated)) return gated;
    outcome = await attempt(gated);
    if (!isAnswer(outcome) && !outcome.ok && outcome.reason === "secure_tag") return refuse(gated.tag, "missing");
  }
  if (isAnswer(outcome)) return outcome;
  if (!outcome.ok && outcome.reason === "duplicate_request") {
    const first = await replayed();
    if (first) return replayOf(first);
  }
  if (idempotencyKey) await pruneExpiredKeys(now);
  return answerOf(tagId, outcome);
}
