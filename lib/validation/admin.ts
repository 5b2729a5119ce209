import { z } from "zod";
import { singleLineText } from "@/lib/validation/text";

// Inputs of /admin/users (role ADMIN only).

/** `?q=&page=` of the user list; anything odd falls back to the first page of everyone. */
export const adminUserSearchSchema = z.object({
  q: singleLineText().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;

export const adminUserIdSchema = z.uuid();
export const setUserDisabledSchema = z.object({ userId: z.uuid(), disabled: z.boolean() });

// What the disable button's refusals say: catalog keys (messages/*/admin.json), answered in the admin's language.
export const ADMIN_INVALID_REQUEST_MESSAGE = "admin.errors.invalidRequest";
export const ADMIN_OWN_ACCOUNT_MESSAGE = "admin.errors.ownAccount";
export const ADMIN_USER_NOT_FOUND_MESSAGE = "admin.errors.userNotFound";
