import "server-only";
import { writePurchase, type PurchaseActor, type PurchaseCustomer, type PurchaseOutcome } from "@/lib/db/purchases";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";
import { MAX_PURCHASE_CENTS, MAX_RECEIPT_LENGTH } from "@/lib/loyalty";
import { businessCurrency } from "@/lib/purchases/money";

export type { PurchaseActor, PurchaseCustomer, PurchaseOutcome, PurchaseRow } from "@/lib/db/purchases";

export { MAX_RECEIPT_LENGTH } from "@/lib/loyalty";

export type RecordPurchaseInput = {
  businessId: string;
  customer: PurchaseCustomer;
  /** Integer minor units of the business's currency (cents for EUR), 1..MAX_PURCHASE_CENTS. */
  amountCents: number;
  /** The till's receipt number: one receipt earns once per business (the idempotency key of a retry). */
  receipt?: string | null;
  actor: PurchaseActor;
  /** Where it is bought: an open location of the business, or none (docs/locations.md, "The counter"). */
  locationId?: string | null;
  now?: Date;
};

export type RecordPurchaseOutcome = PurchaseOutcome | { ok: false; reason: "bad_amount" | "bad_receipt" };

/**
 * Records what a customer spent and the points it earns (docs/purchases.md):
 * every running points program with points per euro gives
 * floor(amount × rate) points for an amount at or above its minimum, and the
 * rewards those points complete are issued, all in ONE transaction
 * (lib/db/purchases.ts, writePurchase) with each reward's mail and push and
 * the card's wallet update queued in it, as a visit's are, and the
 * PURCHASE_RECORDED audit entry naming the actor. A purchase is not a visit.
 */
export async function recordPurchase(input: RecordPurchaseInput): Promise<RecordPurchaseOutcome> {
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_PURCHASE_CENTS)
    return { ok: false, reason: "bad_amount" };
  const receipt = input.receipt?.trim() || null;
  if (receipt !== null && (receipt.length > MAX_RECEIPT_LENGTH || /[\u0000-\u001f\u007f]/.test(receipt)))
    return { ok: false, reason: "bad_receipt" };
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  return writePurchase(
    {
      businessId: input.businessId,
      customer: input.customer,
      amountCents,
      receipt,
      currencyOf: businessCurrency,
      actor: input.actor,
      locationId: input.locationId ?? null,
    },
    announceCardChange,
    input.now ?? new Date(),
  );
}
