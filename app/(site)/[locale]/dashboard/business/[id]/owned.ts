import "server-only";
import { cache } from "react";
import { requireUser } from "@/lib/auth/current-user";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { businessIdSchema } from "@/lib/validation/business-profile";

// The owner's own pages of a business (campaigns, integrations): a staff
// member, like anyone else, gets the same 404 as for a business that does not
// exist. `id` may also be the business's slug.

export const loadOwnedBusiness = cache(async (id: string) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success) return null;
  const business = await getOwnedBusiness(user.id, id);
  return business ? { user, business } : null;
});
