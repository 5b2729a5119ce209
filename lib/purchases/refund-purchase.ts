import "server-only";
import { writeRefund, type PurchaseActor, type RefundOutcome } from "@/lib/db/purchases";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";
import { MAX_PURCHASE_CENTS } from "@/lib/loyalty";

export type { RefundOutcome, RefundRow } from "@/lib/db/purchases";

export type RefundPurchaseInput = {
  businessId: string;
  purchaseId: string;
  /** Minor units to refund; omitted or null: all that is not refunded yet. */
  amountCents?: number | null;
  /** The refund's idempotency key (a retry, a double click, the API's Idempotency-Key): one refund per key and purchase. */
  key: string;
  actor: PurchaseActor;
  now?: Date;
};

export type RefundPurchaseOutcome = RefundOutcome | { ok: false; reason: "bad_amount" | "bad_key" };

/**
 * Refunds a purchase, whole or in part, and takes back the points it earned
 * for the part refunded (docs/purchases.md, "Refunds"): from the card's
 * balance, and what the balance lacks is a debt later points pay first. A
 * reward already issued is never taken back, redeemed or not. One
 * transaction (lib/db/purchases.ts, writeRefund), audited with the actor.
 */
export async function refundPurchase(input: RefundPurchaseInput): Promise<RefundPurchaseOutcome> {
  const amount = input.amountCents ?? null;
  if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_PURCHASE_CENTS))
    return { ok: false, reason: "bad_amount" };
  const key = input.key.trim();
  if (key.length === 0 || key.length > 200) return { ok: false, reason: "bad_key" };
  await jobQueueReady();
  return writeRefund(
    { businessId: input.businessId, purchaseId: input.purchaseId, amountCents: amount, key, actor: input.actor },
    announceCardChange,
    input.now ?? new Date(),
  );
}
