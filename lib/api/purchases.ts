import "server-only";
import { closedMessage } from "@/lib/business/closed-messages";
import type { z } from "zod";
import { customerOfRef } from "@/lib/api/customers";
import { locationProblem } from "@/lib/api/locations";
import { problemAnswer, type ApiAnswer } from "@/lib/api/problem";
import { ok, type ApiContext } from "@/lib/api/route";
import type { purchase, purchaseBody, refundBody } from "@/lib/api/schemas";
import { recordPurchase, type PurchaseRow } from "@/lib/purchases/record-purchase";
import { refundPurchase } from "@/lib/purchases/refund-purchase";

// POST /api/v1/purchases and /purchases/{id}/refund (docs/api.md, "Purchases"):
// what the till sends, through the same functions the counter uses
// (lib/purchases): points per euro in one transaction with the rewards they
// complete, one receipt earning once, a refund taking the points back; the
// audit entry names the API key. The key's business is the purchase's: a
// purchase of another business is not found.

function purchaseOf(row: PurchaseRow): z.input<typeof purchase> {
  return {
    id: row.id,
    customerId: row.membershipId,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    receipt: row.receipt,
    points: row.points,
    programs: row.earned.map((e) => ({
      programId: e.programId,
      programName: e.programName,
      points: e.points,
      rewards: e.rewards,
    })),
    locationId: row.locationId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function recordApiPurchase(
  context: ApiContext<unknown, unknown, z.output<typeof purchaseBody>>,
): Promise<ApiAnswer> {
  const { caller, body, now, locale } = context;
  const customer = await customerOfRef(caller.businessId, body, now);
  if ("problem" in customer) return problemAnswer(locale, customer.problem);
  const { userId } = customer;
  const outcome = await recordPurchase({
    businessId: caller.businessId,
    customer: { userId },
    amountCents: body.amountCents,
    receipt: body.receipt ?? null,
    actor: { kind: "api-key", id: caller.id },
    locationId: body.location ?? null,
    now,
  });
  if (!outcome.ok) {
    if (outcome.reason === "business_closed")
      return problemAnswer(locale, "business-closed", {
        detail: closedMessage("counter", outcome.businessName, { until: outcome.until }),
      });
    if (outcome.reason === "location_not_found") return locationProblem(locale);
    if (outcome.reason === "receipt_taken") return problemAnswer(locale, "receipt-taken");
    if (outcome.reason === "too_many_rewards") return problemAnswer(locale, "too-many-rewards");
    // bad_amount and bad_receipt cannot pass the body's schema; the rest: no such customer here.
    return problemAnswer(locale, "not-found");
  }
  return ok(
    {
      purchase: purchaseOf(outcome.purchase),
      replayed: outcome.replayed,
      rewards: outcome.rewards.map((r) => ({ id: r.id, code: r.code, name: r.name })),
    },
    outcome.replayed ? 200 : 201,
  );
}

export async function refundApiPurchase(
  context: ApiContext<{ id: string }, unknown, z.output<typeof refundBody>>,
): Promise<ApiAnswer> {
  const { caller, params, body, now, locale, request } = context;
  const outcome = await refundPurchase({
    businessId: caller.businessId,
    purchaseId: params.id,
    amountCents: body.amountCents ?? null,
    // The request's Idempotency-Key (lib/api/route.ts requires one) is the refund's key.
    key: request.headers.get("idempotency-key") ?? "",
    actor: { kind: "api-key", id: caller.id },
    now,
  });
  if (!outcome.ok) {
    if (outcome.reason === "nothing_to_refund") return problemAnswer(locale, "nothing-to-refund");
    if (outcome.reason === "too_much") return problemAnswer(locale, "refund-too-large");
    return problemAnswer(locale, "not-found");
  }
  const { refund } = outcome;
  return ok(
    {
      refund: {
        id: refund.id,
        amountCents: refund.amountCents,
        points: refund.points,
        createdAt: refund.createdAt.toISOString(),
      },
      purchase: purchaseOf(outcome.purchase),
    },
    outcome.replayed ? 200 : 201,
  );
}
