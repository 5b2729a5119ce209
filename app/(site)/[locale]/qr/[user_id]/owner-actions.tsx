"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { tidySentence } from "@/lib/i18n/sentence";
import { Button } from "@/components/ui/button";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { VisitResult } from "@/components/customer-card/visit-result";
import type { QrVisitSummary } from "@/lib/db/qr";
import { linkCustomerAction, recordQrVisitAction } from "@/lib/actions/qr";
import { ActionError } from "@/components/ui/field";
import { PurchaseForm } from "@/components/purchases/purchase-form";
import { CounterLocationPicker, useCounterLocation } from "@/components/counter/counter-location";
import type { CounterSpend } from "@/lib/purchases/counter";

type OwnedBusiness = { id: string; name: string; linked: boolean };
type Outcome =
  { kind: "visit"; visit: QrVisitSummary } | { kind: "linked"; text: string } | { kind: "error"; text: string };

/** A business owner's buttons on a customer's QR page; `token`: the presence token of the QR the customer showed. */
export function OwnerActions({
  customerId,
  customerName,
  businesses,
  token,
  spend = {},
}: {
  customerId: string;
  customerName: string;
  businesses: OwnedBusiness[];
  token: string;
  /** Per business id: how a purchase earns there (only businesses that give points for spending). */
  spend?: Record<string, CounterSpend>;
}) {
  const t = useTranslations("qr.owner");
  const selectId = useId();
  const [businessId, setBusinessId] = useState(businesses[0]?.id ?? "");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { disabled, run } = useRefreshAction();
  const business = businesses.find((b) => b.id === businessId) ?? businesses[0];
  // Where the counter works at the chosen business (docs/locations.md, "The counter").
  const locationId = useCounterLocation(business?.id ?? "");
  if (!business) return null;

  const link = () =>
    run(
      () => linkCustomerAction({ customerId, businessId: business.id, token }),
      (result) => {
        if (!result.ok) return setOutcome({ kind: "error", text: result.error });
        const names = { customer: customerName, business: result.businessName };
        const text = tidySentence(result.created ? t("nowLinked", names) : t("alreadyLinked", names));
        setOutcome({ kind: "linked", text });
        toast.success(text);
      },
    );
  const visit = () =>
    run(
      () => recordQrVisitAction({ customerId, businessId: business.id, token, locationId }),
      (result) =>
        setOutcome(result.ok ? { kind: "visit", visit: result.visit } : { kind: "error", text: result.error }),
    );

  return (
    <section aria-labelledby={`${selectId}-title`} className="space-y-4">
      <h2 id={`${selectId}-title`} className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {businesses.length > 1 ? (
        <div className="space-y-1 text-left">
          <label htmlFor={selectId} className="block text-sm font-medium">
            {t("business")}
          </label>
          <select
            id={selectId}
            value={business.id}
            onChange={(event) => {
              setBusinessId(event.target.value);
              setOutcome(null);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-700 dark:bg-slate-900"
          >
            {businesses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <CounterLocationPicker businessId={business.id} />
      {business.linked ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {tidySentence(t("linked", { customer: customerName, business: business.name }))}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {business.linked ? null : (
          <Button type="button" variant="secondary" disabled={disabled} onClick={link}>
            {t("link", { business: business.name })}
          </Button>
        )}
        <Button type="button" disabled={disabled} onClick={visit}>
          {t("recordVisit")}
        </Button>
      </div>
      {outcome?.kind === "visit" ? <VisitResult visit={outcome.visit} /> : null}
      {outcome?.kind === "linked" ? <p role="status">{outcome.text}</p> : null}
      {outcome?.kind === "error" ? <ActionError>{outcome.text}</ActionError> : null}
      {spend[business.id] ? (
        <PurchaseForm
          key={business.id}
          businessId={business.id}
          customerId={customerId}
          token={token}
          spend={spend[business.id]!}
        />
      ) : null}
    </section>
  );
}
