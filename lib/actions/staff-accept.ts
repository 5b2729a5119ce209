"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, SIGNED_OUT_MESSAGE, type ActionResult } from "@/lib/actions/result";
import { sendEmailVerificationLimited } from "@/lib/auth/email-verification";
import { waitValues } from "@/lib/auth/failure-messages";
import { acceptInvite, viewInvite } from "@/lib/staff/invite-links";
import { message, type MessageOrText } from "@/lib/i18n/message";
import { inviteTokenSchema } from "@/lib/validation/staff";

export type AcceptInviteResult = ActionResult<{ businessName: string }>;

// The invited account accepts a staff invitation (lib/db/staff.ts spends the
// link in the transaction that adds the staff row). A refusal's message names
// why: unknown, expired, used, revoked, another email, an email not yet
// confirmed, the owner's own business.
export const acceptStaffInviteAction = action(
  { role: "user", args: [inviteTokenSchema], account: true },
  async ({ args: [token], user }): Promise<AcceptInviteResult> => {
    const outcome = await acceptInvite(user, token);
    if (!outcome.ok) return failure(`staff.accept.refusals.${outcome.reason}`, { code: outcome.reason });
    return { ok: true, businessName: outcome.businessName };
  },
);

/** useActionState's state for the form below: null before the first submit; `message` is a catalog key. */
export type StaffVerificationState = { ok: boolean; message: MessageOrText } | null;

/**
 * "Send me a confirmation link" on an invitation the account may accept but
 * for its unconfirmed email (docs/owner-tools.md, "Staff"): mails the usual
 * confirmation link to the account's address, leading back to the invitation.
 * Offered whatever REQUIRE_EMAIL_VERIFICATION says: joining a staff always
 * needs a confirmed address. Shares the resend's hourly limit.
 */
export const sendStaffVerificationAction = action(
  { role: "user", args: [inviteTokenSchema], refused: { ok: false, message: SIGNED_OUT_MESSAGE } },
  async ({ args: [token], user }): Promise<StaffVerificationState> => {
    const invite = await viewInvite(token, user);
    const refusal = invite ? invite.refusal : "unknown";
    if (refusal === null) return { ok: false, message: "staff.accept.verify.already" };
    if (refusal !== "email_unverified") return { ok: false, message: `staff.accept.refusals.${refusal}` };
    const sent = await sendEmailVerificationLimited(
      user,
      new Date(),
      `/staff/accept?token=${encodeURIComponent(token)}`,
    );
    if (sent.ok) return { ok: true, message: message("staff.accept.verify.sent", { email: user.email ?? "" }) };
    return {
      ok: false,
      message:
        sent.reason === "too_many"
          ? message("staff.accept.verify.tooMany", waitValues(sent.retryAfter))
          : "staff.accept.verify.failed",
    };
  },
);
