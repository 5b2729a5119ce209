import { z } from "zod";
import { emailSchema } from "@/lib/validation/auth";
import { idString } from "@/lib/validation/text";

// Inputs of the owner's Staff page and of accepting an invitation; shared by
// the forms and the server actions. Messages are catalog keys (messages/*/staff.json).

export const STAFF_NOT_FOUND_MESSAGE = "staff.errors.notFound";

const businessId = idString(STAFF_NOT_FOUND_MESSAGE);

export const inviteStaffSchema = z.object({ businessId, email: emailSchema });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

export const revokeStaffSchema = z.object({ businessId, userId: idString(STAFF_NOT_FOUND_MESSAGE) });
export const revokeInviteSchema = z.object({ businessId, inviteId: idString(STAFF_NOT_FOUND_MESSAGE) });

/** The token of an invitation link; anything else matches no invitation (the unknown-link answer). */
export const inviteTokenSchema = z.string().max(200).catch("");
