"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { saveOutreachSettings, setMarketingConsent } from "@/lib/campaigns/consent";
import { CAMPAIGN_NOT_FOUND_MESSAGE, consentSchema, outreachSettingsSchema } from "@/lib/validation/campaigns";

// A customer's yes or no to offers and news from one business (apart from the
// messages about their rewards), and the owner's sending rules
// (docs/campaigns.md, "Consent" and "Per recipient, at send time").

export const setMarketingConsentAction = action(
  { role: "user", args: [consentSchema] },
  async ({ args: [input], user }): Promise<ActionResult<{ granted: boolean }>> => {
    await setMarketingConsent(user.id, input.businessId, input.granted, input.source);
    return { ok: true, granted: input.granted };
  },
);

export const saveOutreachSettingsAction = action(
  {
    role: "owner",
    args: [outreachSettingsSchema],
    business: { of: ([input]) => input.businessId, notFound: failure(CAMPAIGN_NOT_FOUND_MESSAGE) },
  },
  async ({ args: [input], business }): Promise<ActionResult> => {
    await saveOutreachSettings(business!.id, {
      capMessages: input.capMessages,
      capDays: input.capDays,
      quietStartMinute: input.quietStart,
      quietEndMinute: input.quietEnd,
    });
    return { ok: true };
  },
);
