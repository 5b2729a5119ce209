"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { acceptInvite } from "@/lib/db/staff";
import { inviteTokenSchema } from "@/lib/validation/staff";

export type AcceptInviteResult = ActionResult<{ businessName: string }>;

// The invited account accepts a staff invitation (lib/db/staff.ts spends the
// link in the transaction that adds the staff row). A refusal's message names
// why: unknown, expired, used, revoked, another email, the owner's own business.
export const acceptStaffInviteAction = action(
  { role: "user", args: [inviteTokenSchema] },
  async ({ args: [token], user }): Promise<AcceptInviteResult> => {
    const outcome = await acceptInvite(user, token);
    if (!outcome.ok) return failure(`staff.accept.refusals.${outcome.reason}`, { code: outcome.reason });
    return { ok: true, businessName: outcome.businessName };
  },
);
