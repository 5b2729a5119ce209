"use server";

import { requireUser } from "@/lib/auth/current-user";
import { getOwnedBusiness, updateBusinessProfile } from "@/lib/db/businesses";
import { businessIdSchema, businessProfileUpdateSchema } from "@/lib/validation/business-profile";

export type UpdateBusinessProfileResult =
  | { ok: true; slug: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

const NOT_FOUND = { ok: false, error: "Business not found" } as const;

export async function updateBusinessProfileAction(businessId: unknown, input: unknown): Promise<UpdateBusinessProfileResult> {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(businessId).success) return NOT_FOUND;
  // Someone else's business answers exactly like a missing one.
  const business = await getOwnedBusiness(user.id, businessId as string);
  if (!business) return NOT_FOUND;

  const parsed = businessProfileUpdateSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      fieldErrors[path] ??= issue.message;
    }
    return { ok: false, error: parsed.error.issues[0]?.message ?? "Please check the form", fieldErrors };
  }

  const saved = await updateBusinessProfile(user.id, business.id, parsed.data);
  if (!saved) return NOT_FOUND;
  return { ok: true, slug: saved.slug };
}
