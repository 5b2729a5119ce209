import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import type { QrVisitSummary } from "@/lib/db/qr";
import { linkCustomerViaQr, recordVisitViaQr } from "@/lib/qr/counter-visit";
import { getQrViewerContext, type QrViewerContext } from "@/lib/qr/viewer";
import type { ReferringViewer } from "@/lib/loyalty/referrer";
import { isPresent } from "@/lib/qr/presence";
import { QR_NOT_PRESENT_MESSAGE } from "@/lib/validation/qr";

// The counter's side of /qr/{userId}: an owner or staff member links the
// customer or records a visit only with a valid presence token from the QR
// the customer is showing (docs/authentication.md, "QR presence tokens").
// Without one the page is the friend's view: a user id alone — the referral
// address friends share — never pulls anyone into a business.

/**
 * What the viewer may do on the QR page: no counter actions without the
 * customer's presence. `needsPresence`: the viewer works at a business, and the
 * page tells them to scan the live QR instead.
 */
export async function qrPageContext(
  viewer: ReferringViewer,
  targetId: string,
  token: unknown,
  now: Date,
): Promise<QrViewerContext & { needsPresence: boolean }> {
  const context = await getQrViewerContext(viewer, targetId, now);
  if (context.kind !== "signed-in" || context.businesses.length === 0 || isPresent(targetId, token, now))
    return { ...context, needsPresence: false };
  return { ...context, businesses: [], needsPresence: true };
}

/** Links the customer shown by a valid token to a business the worker works at. */
export async function linkPresentCustomer(
  workerId: string,
  businessId: string,
  customerId: string,
  token: unknown,
  now: Date,
): Promise<ActionResult<{ businessName: string; created: boolean }>> {
  if (!isPresent(customerId, token, now)) return failure(QR_NOT_PRESENT_MESSAGE);
  return linkCustomerViaQr(workerId, businessId, customerId);
}

/** Records a visit for the customer shown by a valid token at a business the worker works at, at the counter's location. */
export async function recordPresentCustomerVisit(
  workerId: string,
  businessId: string,
  customerId: string,
  token: unknown,
  now: Date,
  locationId?: string | null,
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  if (!isPresent(customerId, token, now)) return failure(QR_NOT_PRESENT_MESSAGE);
  return recordVisitViaQr(workerId, businessId, customerId, now, locationId);
}
