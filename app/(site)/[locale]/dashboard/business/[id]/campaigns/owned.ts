import "server-only";
import { cache } from "react";
import { requireUser } from "@/lib/auth/current-user";
import { getCampaign } from "@/lib/campaigns/manage";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { campaignRefSchema } from "@/lib/validation/campaigns";

// Every campaigns page is the owner's only: a staff member, like anyone else,
// gets the same 404 as for a business that does not exist. `id` may also be
// the business's slug.

export const loadOwnedBusiness = cache(async (id: string) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success) return null;
  const business = await getOwnedBusiness(user.id, id);
  return business ? { user, business } : null;
});

export const loadOwnedCampaign = cache(async (id: string, campaignId: string) => {
  const owned = await loadOwnedBusiness(id);
  if (!owned || !campaignRefSchema.safeParse({ businessId: owned.business.id, campaignId }).success) return null;
  const campaign = await getCampaign(owned.user.id, campaignId);
  return campaign && campaign.businessId === owned.business.id ? { ...owned, campaign } : null;
});

/** Minutes after midnight as the time input's "HH:MM". */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
