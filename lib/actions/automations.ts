"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { saveAutomation } from "@/lib/campaigns/automations/manage";
import { saveAutomationSchema } from "@/lib/campaigns/automations/input";

// The owner's automations page. Only the owner: anyone else gets the
// not-found of a business that does not exist.

const NOT_FOUND = failure("dashboard.business.notFound");

export const saveAutomationAction = action(
  {
    role: "owner",
    args: [saveAutomationSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], business }): Promise<ActionResult> => {
    const { businessId: _businessId, kind, ...settings } = input;
    const outcome = await saveAutomation(business!.id, kind, settings);
    return outcome.ok ? { ok: true } : failure(outcome.error, { fieldErrors: outcome.fieldErrors });
  },
);
