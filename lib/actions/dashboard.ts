"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { dismissFirstSteps } from "@/lib/db/businesses";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { qrPresenceToken } from "@/lib/qr/presence";

// The dashboard shell's actions: the 'Show my QR' overlay renews its presence
// token while it is open (docs/authentication.md, "QR presence tokens"). A
// token is only ever made for the signed-in caller's own account.

export const qrTokenAction = action(
  { role: "user", args: [] },
  async ({ user }): Promise<ActionResult<{ token: string; expiresAt: string }>> => {
    const { token, expiresAt } = qrPresenceToken(user.id);
    return { ok: true, token, expiresAt: expiresAt.toISOString() };
  },
);

const NOT_FOUND = failure("dashboard.business.notFound");

// The owner hides a business's first steps (docs/owner-tools.md, "First steps").
export const dismissFirstStepsAction = action(
  { role: "owner", args: [businessIdSchema], invalid: [NOT_FOUND] },
  async ({ args: [businessId], user }): Promise<ActionResult> =>
    (await dismissFirstSteps(user.id, businessId)) ? { ok: true } : NOT_FOUND,
);
