import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import { findCounterSpend, listCustomerPurchases } from "@/lib/db/purchases";
import { message, type Message } from "@/lib/i18n/message";
import { businessLocale, type Locale } from "@/lib/i18n/locales";
import { MAX_PURCHASE_CENTS, MAX_REWARDS_PER_PURCHASE, spendRuleOf } from "@/lib/loyalty";
import { isPresent } from "@/lib/qr/presence";
import { businessCurrency, formatAmount, parseAmount } from "@/lib/purchases/money";
import { recordPurchase, type RecordPurchaseOutcome } from "@/lib/purchases/record-purchase";
import { refundPurchase, type RefundPurchaseOutcome } from "@/lib/purchases/refund-purchase";
import { COUNTER_LOCATION_CLOSED_MESSAGE, counterLocationFor } from "@/lib/staff/counter-location";
import { QR_NOT_PRESENT_MESSAGE } from "@/lib/validation/qr";
import { closedMessage } from "@/lib/business/closed-messages";

// The counter's side of purchases (docs/purchases.md): staff scan the
// customer's QR, type the amount, see the points and confirm; a refund from
// the customer's purchase history. Refusals are catalog keys (qr.purchase.*).

/**
 * How the counter previews points at a business: its currency, the language
 * its amounts are written in, and each spend rule with where it runs
 * (`locationIds` null: at every location; docs/locations.md).
 */
export type CounterSpend = {
  currency: string;
  locale: Locale;
  programs: { id: string; name: string; pointsPerEuro: number; minimumCents: number; locationIds: string[] | null }[];
};

/** The spend rules of a business the viewer works at; null when it has no points program that gives points for spending. */
export async function counterSpend(viewerId: string, businessId: string): Promise<CounterSpend | null> {
  const found = await findCounterSpend(viewerId, businessId);
  if (!found) return null;
  const programs = found.programs.flatMap((p) => {
    const rule = spendRuleOf(p);
    return rule
      ? [
          {
            id: p.id,
            name: p.name,
            pointsPerEuro: rule.pointsPerEuro,
            minimumCents: rule.minimumCents,
            locationIds: p.locationIds,
          },
        ]
      : [];
  });
  if (programs.length === 0) return null;
  return { currency: businessCurrency(found.settings), locale: businessLocale(found.settings), programs };
}

type PurchaseRefusalReason = Exclude<RecordPurchaseOutcome, { ok: true }>["reason"];

const PURCHASE_REFUSALS: Record<Exclude<PurchaseRefusalReason, "business_closed">, Message> = {
  bad_amount: message("qr.purchase.errors.amount", { max: MAX_PURCHASE_CENTS / 100 }),
  bad_receipt: message("qr.purchase.errors.receipt"),
  business_not_found: message("qr.errors.businessNotFound"),
  location_not_found: message(COUNTER_LOCATION_CLOSED_MESSAGE),
  customer_not_found: message("qr.referrer.notFound"),
  own_card: message("qr.errors.ownQr"),
  receipt_taken: message("qr.purchase.errors.receiptTaken"),
  too_many_rewards: message("qr.purchase.errors.tooManyRewards", { max: MAX_REWARDS_PER_PURCHASE }),
};

const REFUND_REFUSALS: Record<Exclude<RefundPurchaseOutcome, { ok: true }>["reason"], Message> = {
  bad_amount: message("qr.purchase.errors.amount", { max: MAX_PURCHASE_CENTS / 100 }),
  bad_key: message("qr.errors.invalidRequest"),
  business_not_found: message("qr.errors.businessNotFound"),
  purchase_not_found: message("qr.purchase.errors.purchaseNotFound"),
  nothing_to_refund: message("qr.purchase.errors.nothingToRefund"),
  too_much: message("qr.purchase.errors.tooMuch"),
};

export type CounterPurchaseSummary = {
  amount: string;
  points: number;
  replayed: boolean;
  rewards: { name: string; code: string }[];
};

/**
 * A purchase typed at the counter for the customer whose live QR was scanned
 * (its presence token), at the counter's location (docs/locations.md, "The
 * counter"): the one named, else the only one the worker may choose.
 */
export async function recordCounterPurchase(
  workerId: string,
  input: {
    businessId: string;
    customerId: string;
    token?: string | undefined;
    amount: string;
    receipt?: string | undefined;
    locationId?: string | null | undefined;
  },
  now: Date,
): Promise<ActionResult<{ purchase: CounterPurchaseSummary }>> {
  if (!isPresent(input.customerId, input.token, now)) return failure(QR_NOT_PRESENT_MESSAGE);
  const at = await counterLocationFor(workerId, input.businessId, input.locationId);
  if (!at.ok) return failure(at.error);
  const spend = await findCounterSpend(workerId, input.businessId);
  if (!spend) return failure(PURCHASE_REFUSALS.business_not_found);
  const currency = businessCurrency(spend.settings);
  const amountCents = parseAmount(input.amount, currency);
  if (amountCents === null)
    return failure(PURCHASE_REFUSALS.bad_amount, { fieldErrors: { amount: PURCHASE_REFUSALS.bad_amount } });
  const outcome = await recordPurchase({
    businessId: input.businessId,
    customer: { userId: input.customerId },
    amountCents,
    receipt: input.receipt ?? null,
    actor: { kind: "user", id: workerId },
    locationId: at.locationId,
    now,
  });
  if (!outcome.ok)
    return failure(
      outcome.reason === "business_closed"
        ? closedMessage("counter", outcome.businessName, { until: outcome.until })
        : PURCHASE_REFUSALS[outcome.reason],
    );
  const { purchase } = outcome;
  return {
    ok: true,
    purchase: {
      amount: formatAmount(purchase.amountCents, purchase.currency, businessLocale(spend.settings)),
      points: purchase.points,
      replayed: outcome.replayed,
      rewards: outcome.rewards.map((r) => ({ name: r.name, code: r.code })),
    },
  };
}

/** A refund from the customer's purchase history: `amount` empty refunds all that is left. */
export async function refundAtCounter(
  workerId: string,
  input: { businessId: string; purchaseId: string; amount?: string | undefined; key: string },
  now: Date,
): Promise<ActionResult<{ points: number; replayed: boolean }>> {
  const spend = await findCounterSpend(workerId, input.businessId);
  if (!spend) return failure(REFUND_REFUSALS.business_not_found);
  const text = input.amount?.trim() ?? "";
  const amountCents = text === "" ? null : parseAmount(text, businessCurrency(spend.settings));
  if (amountCents === null && text !== "")
    return failure(REFUND_REFUSALS.bad_amount, { fieldErrors: { amount: REFUND_REFUSALS.bad_amount } });
  const outcome = await refundPurchase({
    businessId: input.businessId,
    purchaseId: input.purchaseId,
    amountCents,
    key: input.key,
    actor: { kind: "user", id: workerId },
    now,
  });
  if (!outcome.ok) return failure(REFUND_REFUSALS[outcome.reason]);
  return { ok: true, points: outcome.refund.points, replayed: outcome.replayed };
}

export type CustomerPurchase = {
  id: string;
  amount: string;
  refunded: string | null;
  /** What may still be refunded, in minor units. */
  refundableCents: number;
  receipt: string | null;
  points: number;
  pointsTakenBack: number;
  createdAt: Date;
};

/** The customer's purchases at the business, amounts written in the business's language and currency. */
export async function customerPurchases(
  viewerId: string,
  business: { id: string },
  customerId: string,
): Promise<CustomerPurchase[]> {
  const [rows, spend] = await Promise.all([
    listCustomerPurchases(viewerId, business.id, customerId),
    findCounterSpend(viewerId, business.id),
  ]);
  const locale = businessLocale(spend?.settings);
  return rows.map((row) => ({
    id: row.id,
    amount: formatAmount(row.amountCents, row.currency, locale),
    refunded: row.refundedCents > 0 ? formatAmount(row.refundedCents, row.currency, locale) : null,
    refundableCents: row.amountCents - row.refundedCents,
    receipt: row.receipt,
    points: row.points,
    pointsTakenBack: row.refunds.reduce((sum, r) => sum + r.points, 0),
    createdAt: row.createdAt,
  }));
}
