"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { refundPurchaseAction } from "@/lib/actions/purchases";
import { Button } from "@/components/ui/button";
import { ActionError, Field } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/**
 * "Refund" on one purchase of a customer's card: all that is left, or the
 * amount typed. The form's key is made once when it opens, so a double click
 * or a retry refunds once (docs/purchases.md, "Refunds").
 */
export function RefundForm({ businessId, purchaseId }: { businessId: string; purchaseId: string }) {
  const t = useTranslations("customerCard.purchases");
  const id = useId();
  const [key, setKey] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [outcome, setOutcome] = useState<{ ok: true; points: number } | { ok: false; text: string } | null>(null);
  const { disabled, run } = useRefreshAction();

  if (key === null)
    return (
      <div className="space-y-1">
        <Button type="button" variant="secondary" onClick={() => setKey(crypto.randomUUID())}>
          {t("refund")}
        </Button>
        {outcome?.ok ? <p role="status">{t("refundDone", { points: outcome.points })}</p> : null}
      </div>
    );
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => refundPurchaseAction({ businessId, purchaseId, amount, key }),
          (result) => {
            if (!result.ok) return setOutcome({ ok: false, text: result.error });
            setOutcome({ ok: true, points: result.points });
            setKey(null);
            setAmount("");
          },
        );
      }}
    >
      <Field
        id={`${id}-amount`}
        label={t("refundAmount")}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Button type="submit" disabled={disabled}>
        {t("confirmRefund")}
      </Button>
      {outcome && !outcome.ok ? <ActionError>{outcome.text}</ActionError> : null}
    </form>
  );
}
