"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { setMarketingConsentAction } from "@/lib/actions/outreach";
import { cn } from "@/lib/utils";

/**
 * The customer's yes or no to offers and news from one business, apart from
 * the messages about their rewards. Off until they turn it on.
 */
export function MarketingConsentSwitch({
  businessId,
  businessName,
  granted,
  source,
  className,
}: {
  businessId: string;
  businessName: string;
  granted: boolean;
  source: "card" | "settings";
  className?: string;
}) {
  const t = useTranslations("campaigns.consent");
  const [checked, setChecked] = useState(granted);
  const [pending, startTransition] = useTransition();
  const change = (next: boolean) => {
    // Shown at once; put back if saving fails.
    setChecked(next);
    startTransition(async () => {
      const result = await setMarketingConsentAction({ businessId, granted: next, source }).catch(() => null);
      if (result?.ok) {
        toast.success(next ? t("on", { business: businessName }) : t("off", { business: businessName }));
        return;
      }
      setChecked(!next);
      toast.error(t("failed"));
    });
  };
  return (
    <label className={cn("flex items-start gap-3", className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={pending}
        onChange={(event) => change(event.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-brand"
      />
      <span>
        <span className="block font-medium">{t("label", { business: businessName })}</span>
        <span className="block text-sm opacity-80">{t("hint")}</span>
      </span>
    </label>
  );
}
