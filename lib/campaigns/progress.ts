import "server-only";
// PLACEHOLDER (composer branch): the `sending` engineer owns this file; dropped at merge.
import { db } from "@/lib/db";
import type { CampaignChannel, CampaignRecipientStatus, CampaignStatus } from "@/lib/generated/prisma/enums";

export type ChannelProgress = { queued: number; sent: number; failed: number; opened: number; clicked: number };

export type CampaignProgress = {
  status: CampaignStatus;
  recipients: number;
  heldOut: number;
  byStatus: Record<CampaignRecipientStatus, number>;
  byChannel: Record<CampaignChannel, ChannelProgress>;
  skipped: Record<string, number>;
};

export async function campaignProgress(campaignId: string): Promise<CampaignProgress> {
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
  const sending = campaign.status === "SENDING";
  return {
    status: campaign.status,
    recipients: campaign.recipientCount,
    heldOut: campaign.heldOutCount,
    byStatus: { HELD_OUT: 1, QUEUED: sending ? 6 : 0, SENDING: 0, SENT: sending ? 3 : 9, FAILED: 1, SKIPPED: 1 },
    byChannel: {
      WALLET: { queued: 0, sent: 4, failed: 0, opened: 0, clicked: 0 },
      PUSH: { queued: 0, sent: 3, failed: 1, opened: 0, clicked: 2 },
      EMAIL: { queued: 0, sent: 2, failed: 0, opened: 1, clicked: 1 },
    },
    skipped: { capped: 1 },
  };
}
