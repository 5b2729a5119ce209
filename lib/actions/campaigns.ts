"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import type { CampaignInput } from "@/lib/campaigns/campaign-input";
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  scheduleCampaign,
  sendTestMessage,
  updateCampaign,
} from "@/lib/campaigns/manage";
import { campaignPreview } from "@/lib/campaigns/preview";
import type { CampaignChannel } from "@/lib/generated/prisma/enums";
import { getLocale } from "next-intl/server";
import { storedLocale } from "@/lib/i18n/locales";
import { instantAtWallClock } from "@/lib/time/wall-clock";
import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  campaignRefSchema,
  composerSchema,
  saveCampaignSchema,
  scheduleSchema,
  type ComposerInput,
} from "@/lib/validation/campaigns";

// The owner's campaign pages. Only the owner: a staff member (or anyone else)
// gets the same not-found as for a business that does not exist; the domain
// matches the owner again in every statement (docs/campaigns.md).

const NOT_FOUND = failure(CAMPAIGN_NOT_FOUND_MESSAGE);

// The domain answers codes; the owner reads a sentence.
const REFUSALS: Record<string, string> = {
  not_found: CAMPAIGN_NOT_FOUND_MESSAGE,
  not_editable: "campaigns.errors.notEditable",
  not_cancellable: "campaigns.errors.notCancellable",
  bad_segment: "campaigns.errors.badSegment",
};
const refusal = (code: string) => failure(REFUSALS[code] ?? "campaigns.errors.failed", { code });

function toInput(campaign: ComposerInput): CampaignInput {
  return { ...campaign, offer: campaign.offer ? { ...campaign.offer } : null };
}

/** A campaign of the owner's business named in the input; null for anyone else's. */
async function ownedCampaign(ownerId: string, businessId: string, campaignId: string) {
  const campaign = await getCampaign(ownerId, campaignId);
  return campaign && campaign.businessId === businessId ? campaign : null;
}

export const saveCampaignAction = action(
  {
    role: "owner",
    args: [saveCampaignSchema],
    business: { of: ([input]) => input.campaign.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult<{ id: string }>> => {
    const campaign = toInput({ ...input.campaign, businessId: business!.id });
    if (input.campaignId === null) {
      const created = await createCampaign(user.id, campaign);
      return created.ok ? { ok: true, id: created.id } : refusal(created.code);
    }
    if (!(await ownedCampaign(user.id, business!.id, input.campaignId))) return NOT_FOUND;
    const updated = await updateCampaign(user.id, input.campaignId, campaign);
    return updated.ok ? { ok: true, id: input.campaignId } : refusal(updated.code);
  },
);

export const previewCampaignAction = action(
  {
    role: "owner",
    args: [composerSchema.pick({ businessId: true, name: true, message: true }).partial({ name: true })],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], business }) => {
    const preview = await campaignPreview({ message: input.message }, business!, storedLocale(await getLocale()));
    return { ok: true as const, preview };
  },
);

export const scheduleCampaignAction = action(
  {
    role: "owner",
    args: [scheduleSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult<{ at: string | null }>> => {
    if (!(await ownedCampaign(user.id, business!.id, input.campaignId))) return NOT_FOUND;
    // The owner picks the time on the business's clock, wherever they are.
    const at = input.at === null ? null : instantAtWallClock(Date.parse(`${input.at}:00Z`), business!.timezone);
    if (at && at.getTime() <= Date.now()) return failure("campaigns.errors.whenInPast");
    const done = await scheduleCampaign(user.id, input.campaignId, at);
    return done.ok ? { ok: true, at: at?.toISOString() ?? null } : refusal(done.code);
  },
);

export const cancelCampaignAction = action(
  {
    role: "owner",
    args: [campaignRefSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> => {
    if (!(await ownedCampaign(user.id, business!.id, input.campaignId))) return NOT_FOUND;
    const done = await cancelCampaign(user.id, input.campaignId);
    return done.ok ? { ok: true } : refusal(done.code);
  },
);

export const sendTestAction = action(
  {
    role: "owner",
    args: [campaignRefSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult<{ channels: CampaignChannel[] }>> => {
    if (!(await ownedCampaign(user.id, business!.id, input.campaignId))) return NOT_FOUND;
    const sent = await sendTestMessage(user.id, input.campaignId);
    return sent.ok ? { ok: true, channels: sent.channels } : refusal("code" in sent ? String(sent.code) : "failed");
  },
);
