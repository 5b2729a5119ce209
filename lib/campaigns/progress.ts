import "server-only";
import { db } from "@/lib/db";
import { progressRows } from "@/lib/db/campaign-recipients";
import type { CampaignChannel, CampaignRecipientStatus, CampaignStatus } from "@/lib/generated/prisma/enums";

// How far a campaign got (docs/campaigns.md, "Tracking"): its recipients by
// status, by channel (with the mails' opens and the clicks), and why the
// skipped were skipped. Opens are known for mail only: a wallet does not say
// when a card's message was read, and a push notification's click is counted
// as a click (wallet `opened` is null).

export type ChannelProgress = { queued: number; sent: number; failed: number; opened: number | null; clicked: number };

export type CampaignProgress = {
  status: CampaignStatus;
  recipients: number;
  heldOut: number;
  byStatus: Record<CampaignRecipientStatus, number>;
  byChannel: Record<CampaignChannel, ChannelProgress>;
  skipped: Record<string, number>;
};

const STATUSES: CampaignRecipientStatus[] = ["HELD_OUT", "QUEUED", "SENDING", "SENT", "FAILED", "SKIPPED"];

export async function campaignProgress(campaignId: string): Promise<CampaignProgress | null> {
  const campaign = await db.campaign.findUnique({ where: { id: campaignId }, select: { status: true } });
  if (!campaign) return null;
  const rows = await progressRows(campaignId);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<CampaignRecipientStatus, number>;
  const channel = (opened: number | null): ChannelProgress => ({ queued: 0, sent: 0, failed: 0, opened, clicked: 0 });
  const byChannel: Record<CampaignChannel, ChannelProgress> = {
    WALLET: channel(null),
    PUSH: channel(0),
    EMAIL: channel(0),
  };
  const skipped: Record<string, number> = {};
  let recipients = 0;
  for (const row of rows) {
    recipients += row.n;
    byStatus[row.status] += row.n;
    if (row.status === "SKIPPED")
      skipped[row.skipReason ?? "unknown"] = (skipped[row.skipReason ?? "unknown"] ?? 0) + row.n;
    if (!row.channel) continue;
    const entry = byChannel[row.channel];
    if (row.status === "SENT") entry.sent += row.n;
    else if (row.status === "FAILED") entry.failed += row.n;
    else if (row.status === "SENDING") entry.queued += row.n;
    entry.clicked += row.clicked;
    if (entry.opened !== null) entry.opened += row.opened;
  }
  return { status: campaign.status, recipients, heldOut: byStatus.HELD_OUT, byStatus, byChannel, skipped };
}
