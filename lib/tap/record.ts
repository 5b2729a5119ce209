import "server-only";
import { acceptSunCounter, CounterNotFresh } from "@/lib/db/secure-tags";
import { getTapLanding, visitProgramsOf } from "@/lib/db/tap-landing";
import { EMAIL_NOT_VERIFIED_MESSAGE, LIMIT_REACHED_MESSAGE, recordVisit } from "@/lib/db/visits";
import { checkSecureTap, countReplayedVisit } from "@/lib/nfc/secure-tap";
import type { SunParams } from "@/lib/nfc/verify-tap";
import { visitJson } from "@/lib/tap/api-shape";
import type { SessionIdentity } from "@/lib/auth/current-user";

export type TapErrorBody = { status: "error"; message: string; code: string; type?: "limit_reached"; tag_id: string };
export type TapVisitBody = ReturnType<typeof visitJson>;
export type TapRecordResult = { httpStatus: number; body: TapVisitBody | TapErrorBody };

/**
 * POST /api/tap and the tap page's recorder: one visit for a signed-in customer
 * on a claimed tag. `userId` comes from a verified token or session; the visit
 * statement itself checks that the account exists and is not disabled.
 *
 * A secure tag's SUN message (`sun`, from the tapped URL) is verified before
 * anything else, and its read counter is accepted in the visit's own
 * transaction: one link, one visit, however many requests carry it.
 */
export async function recordTap(identity: SessionIdentity, tagId: string, now: Date, sun: SunParams = {}): Promise<TapRecordResult> {
  const { userId } = identity;
  const error = (httpStatus: number, code: string, message: string): TapRecordResult => ({
    httpStatus,
    body: { status: "error", code, message, tag_id: tagId },
  });
  const landing = await getTapLanding(tagId);
  if (!landing.exists || !landing.claimed) return error(404, "tag_not_claimed", "This tag is not linked to a business yet.");
  const tag = { id: tagId, timezone: landing.timezone };
  const check = landing.secure ? await checkSecureTap(tag, sun, "fresh", now) : null;
  if (check && !check.ok) return error(check.rejection.httpStatus, check.rejection.code, check.rejection.message);
  const counter = check?.counter ?? null;
  if (landing.ownerId === userId) {
    return error(409, "own_business", "This is your own business's tag: your customers' taps are recorded here.");
  }
  let outcome: Awaited<ReturnType<typeof recordVisit>>;
  try {
    outcome = await recordVisit({
      userId,
      sessionVersion: identity.sessionVersion,
      requireVerifiedEmail: process.env.REQUIRE_EMAIL_VERIFICATION === "1",
      businessId: landing.business.id,
      business: { timezone: landing.timezone, dailyTapLimit: landing.dailyTapLimit },
      programs: visitProgramsOf(landing),
      tagId,
      source: "TAG",
      now,
      ...(counter === null
        ? {}
        : { sunCounter: counter, beforeVisit: (tx) => acceptSunCounter(tx, tagId, counter, now) }),
    });
  } catch (thrown) {
    if (!(thrown instanceof CounterNotFresh)) throw thrown;
    const rejection = await countReplayedVisit(tag, now);
    return error(rejection.httpStatus, rejection.code, rejection.message);
  }
  if (!outcome.ok) {
    if (outcome.reason === "limit_reached") {
      return { httpStatus: 429, body: { status: "error", type: "limit_reached", code: "limit_reached", message: LIMIT_REACHED_MESSAGE, tag_id: tagId } };
    }
    if (outcome.reason === "customer_not_found") return error(401, "not_authenticated", "Please log in to record your visit.");
    if (outcome.reason === "email_not_verified") return error(403, "email_not_verified", EMAIL_NOT_VERIFIED_MESSAGE);
    return error(404, "tag_not_claimed", "This tag is not linked to a business yet.");
  }
  return { httpStatus: 200, body: visitJson(tagId, outcome) };
}
