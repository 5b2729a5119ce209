import "server-only";
import { cache } from "react";
import { requireUser } from "@/lib/auth/current-user";
import { getCounterBusiness } from "@/lib/db/business-access";
import { businessIdSchema } from "@/lib/validation/business-profile";

/**
 * The business a counter page shows (its customers, its review queue): the
 * signed-in owner's or staff member's, read once per request; null for anyone
 * else, so the page answers the 404 of a business that does not exist.
 */
export const loadCounterBusiness = cache(async (id: string) => {
  const user = await requireUser();
  return businessIdSchema.safeParse(id).success ? getCounterBusiness(user.id, id) : null;
});
