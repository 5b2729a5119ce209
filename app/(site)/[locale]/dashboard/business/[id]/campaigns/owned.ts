import "server-only";
import { cache } from "react";
import { getCampaign } from "@/lib/campaigns/manage";
import { campaignRefSchema } from "@/lib/validation/campaigns";
import { loadOwnedBusiness } from "../owned";

export { loadOwnedBusiness };

// Every campaigns page is the owner's only (../owned.ts).

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
