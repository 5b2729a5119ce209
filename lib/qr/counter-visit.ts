import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import type { CounterBusiness } from "@/lib/db/business-access";
import { isCardMember } from "@/lib/db/customer-card";
import { findWorkerAndCustomer, linkMembershipViaQr, type CounterRefusal, type QrVisitSummary } from "@/lib/db/qr";
import { isOpenLocationOf } from "@/lib/db/staff";
import type { MessageOrText } from "@/lib/i18n/message";
import { COUNTER_LOCATION_CLOSED_MESSAGE, counterLocationFor } from "@/lib/staff/counter-location";
import { recordVisit } from "@/lib/tap/record-visit";
import { closedMessage } from "@/lib/business/closed-messages";
import {
  OWN_QR_MESSAGE,
  QR_BUSINESS_NOT_FOUND_MESSAGE,
  QR_LIMIT_REACHED_MESSAGE,
  REFERRER_MESSAGES,
} from "@/lib/validation/qr";

// The counter's actions on a customer (the QR page, a customer's card): link
// them, record their visit. Every refusal is a catalog key the page shows
// (lib/validation/qr.ts).

const COUNTER_REFUSALS: Record<CounterRefusal, MessageOrText> = {
  own_qr: OWN_QR_MESSAGE,
  business_not_found: QR_BUSINESS_NOT_FOUND_MESSAGE,
  customer_not_found: REFERRER_MESSAGES.not_found,
};

/** Links the customer to a business the worker works at through the QR, if not linked yet. */
export async function linkCustomerViaQr(
  workerId: string,
  businessId: string,
  customerId: string,
): Promise<ActionResult<{ businessName: string; created: boolean }>> {
  const checked = await findWorkerAndCustomer(workerId, businessId, customerId);
  if (!checked.ok) return failure(COUNTER_REFUSALS[checked.code]);
  const { created } = await linkMembershipViaQr(customerId, businessId);
  return { ok: true, businessName: checked.business.name, created };
}

/**
 * Records a visit for the customer at a business the worker (owner or staff)
 * works at, at the counter's location (`locationId`, else the only one the
 * worker may choose: docs/locations.md, "The counter"): the same engine and
 * daily tap limit as a tap on a tag (lib/tap/record-visit.ts).
 */
export async function recordVisitViaQr(
  workerId: string,
  businessId: string,
  customerId: string,
  now: Date = new Date(),
  locationId?: string | null,
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  const checked = await findWorkerAndCustomer(workerId, businessId, customerId);
  if (!checked.ok) return failure(COUNTER_REFUSALS[checked.code]);
  return recordCounterVisit(workerId, checked.business, customerId, now, locationId);
}

/**
 * "Record a visit" on the card: the visit the QR page records, at a business
 * the caller works at (the action builder's staff role loaded it), for one of
 * its members; never on the worker's own account.
 */
export async function recordVisitFromCard(
  workerId: string,
  business: CounterBusiness,
  customerId: string,
  now: Date,
  locationId?: string | null,
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  if (workerId === customerId) return failure(OWN_QR_MESSAGE);
  if (!(await isCardMember(workerId, business.id, customerId))) return failure(REFERRER_MESSAGES.not_found);
  return recordCounterVisit(workerId, business, customerId, now, locationId);
}

/**
 * The visit itself, once the caller has checked who may record it at
 * `business`. The visit's own statement checks the worker again, at the
 * location (staff limited to other locations get the answer of a business
 * they do not work at, and nothing is written), and the audit entry
 * (VISIT_RECORDED, with who) commits with it.
 */
async function recordCounterVisit(
  workerId: string,
  business: { id: string; name: string },
  customerId: string,
  now: Date,
  requested: string | null | undefined,
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  const at = await counterLocationFor(workerId, business.id, requested);
  if (!at.ok) return failure(at.error);
  const outcome = await recordVisit({
    userId: customerId,
    businessId: business.id,
    locationId: at.locationId,
    tagId: null,
    source: "QR",
    now,
    actorId: workerId,
  });
  if (!outcome.ok) {
    if (outcome.reason === "limit_reached") return failure(QR_LIMIT_REACHED_MESSAGE);
    if (outcome.reason === "business_closed")
      return failure(closedMessage("counter", outcome.businessName, { until: outcome.until }));
    if (outcome.reason === "customer_not_found") return failure(REFERRER_MESSAGES.not_found);
    // Refused at a location: a closed one is said so; one the worker does not work at is not.
    if (at.locationId && !(await isOpenLocationOf(business.id, at.locationId)))
      return failure(COUNTER_LOCATION_CLOSED_MESSAGE);
    return failure(QR_BUSINESS_NOT_FOUND_MESSAGE);
  }
  return {
    ok: true,
    visit: {
      businessName: business.name,
      newlyLinked: outcome.newlyLinked,
      programs: outcome.programs.map((p) => ({ name: p.programName, line: p.summary.line })),
      rewards: outcome.rewards.map((r) => ({ name: r.name, code: r.code })),
    },
  };
}
