"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { recordCardVisitAction } from "@/lib/actions/customer-card";
import { useCounterLocation } from "@/components/counter/counter-location";
import { VisitResult } from "@/components/customer-card/visit-result";
import { Button } from "@/components/ui/button";
import { ActionError } from "@/components/ui/field";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import type { QrVisitSummary } from "@/lib/db/qr";

type Outcome = { kind: "visit"; visit: QrVisitSummary } | { kind: "error"; text: string };

/** "Record a visit" on a customer's card: the same visit as a tap, for the owner or the staff. */
export function RecordVisitButton({ businessId, customerId }: { businessId: string; customerId: string }) {
  const t = useTranslations("qr.owner");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { disabled, run } = useRefreshAction();
  const locationId = useCounterLocation(businessId);
  const visit = () =>
    run(
      () => recordCardVisitAction({ businessId, customerId, locationId }),
      (result) =>
        setOutcome(result.ok ? { kind: "visit", visit: result.visit } : { kind: "error", text: result.error }),
    );
  return (
    <div className="space-y-3">
      <Button type="button" disabled={disabled} onClick={visit}>
        {t("recordVisit")}
      </Button>
      {outcome?.kind === "visit" ? <VisitResult visit={outcome.visit} /> : null}
      {outcome?.kind === "error" ? <ActionError>{outcome.text}</ActionError> : null}
    </div>
  );
}
