"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { recordPurchaseAction } from "@/lib/actions/purchases";
import { pointsForAmount } from "@/lib/loyalty/spend";
import { formatAmount, parseAmount } from "@/lib/purchases/money";
import type { CounterPurchaseSummary, CounterSpend } from "@/lib/purchases/counter";
import { Button } from "@/components/ui/button";
import { ActionError, Field } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { useCounterLocation } from "@/components/counter/counter-location";

type Outcome = { kind: "purchase"; purchase: CounterPurchaseSummary } | { kind: "error"; text: string };

/**
 * The points `amount` would earn now at the counter's location (the programs
 * that run there: docs/locations.md), or null while it is not an amount
 * (docs/purchases.md).
 */
function preview(
  spend: CounterSpend,
  amount: string,
  locationId: string | null | undefined,
): { points: number; belowMinimum: number | null } | null {
  const cents = parseAmount(amount, spend.currency);
  if (cents === null) return null;
  const programs = spend.programs.filter(
    (p) =>
      p.locationIds === null || locationId === undefined || (locationId !== null && p.locationIds.includes(locationId)),
  );
  const points = programs.reduce((sum, p) => sum + pointsForAmount(p, cents, spend.currency), 0);
  const minimum = Math.min(...programs.map((p) => p.minimumCents));
  return { points, belowMinimum: points === 0 && cents < minimum ? minimum : null };
}

/** At the counter, with the customer's live QR: the amount typed, its points previewed, confirmed by staff. */
export function PurchaseForm({
  businessId,
  customerId,
  token,
  spend,
}: {
  businessId: string;
  customerId: string;
  token: string;
  spend: CounterSpend;
}) {
  const t = useTranslations("qr.purchase");
  const headingId = useId();
  const [amount, setAmount] = useState("");
  const [receipt, setReceipt] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { disabled, run } = useRefreshAction();
  const locationId = useCounterLocation(businessId);
  const shown = preview(spend, amount, locationId);

  const confirm = () =>
    run(
      () => recordPurchaseAction({ businessId, customerId, token, amount, receipt, locationId }),
      (result) => {
        if (!result.ok) return setOutcome({ kind: "error", text: result.error });
        setOutcome({ kind: "purchase", purchase: result.purchase });
        setAmount("");
        setReceipt("");
      },
    );

  return (
    <section aria-labelledby={headingId} className="space-y-3 text-left" data-testid="purchase-form">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Field
          id={`${headingId}-amount`}
          label={t("amount", { currency: spend.currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Field
          id={`${headingId}-receipt`}
          label={t("receipt")}
          hint={t("receiptHint")}
          autoComplete="off"
          maxLength={64}
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
        />
        <p role="status" className="text-sm font-medium" data-testid="purchase-preview">
          {shown === null
            ? null
            : shown.belowMinimum !== null
              ? t("previewNone", { minimum: formatAmount(shown.belowMinimum, spend.currency, spend.locale) })
              : t("preview", { points: shown.points })}
        </p>
        <Button type="submit" disabled={disabled || shown === null}>
          {t("confirm")}
        </Button>
      </form>
      {outcome?.kind === "purchase" ? (
        <div role="status" className="space-y-1 text-sm" data-testid="purchase-result">
          <p>
            {outcome.purchase.replayed
              ? t("replayed", { amount: outcome.purchase.amount, points: outcome.purchase.points })
              : t("recorded", { amount: outcome.purchase.amount, points: outcome.purchase.points })}
          </p>
          {outcome.purchase.rewards.map((reward) => (
            <p key={reward.code} className="font-medium">
              {t("rewardEarned", { name: reward.name, code: reward.code })}
            </p>
          ))}
        </div>
      ) : null}
      {outcome?.kind === "error" ? <ActionError>{outcome.text}</ActionError> : null}
    </section>
  );
}
