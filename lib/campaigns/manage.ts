import "server-only";
// PLACEHOLDER (composer branch): the `sending` engineer owns this file; dropped at merge.
// Just enough real rows for the owner's pages to be built and tested against.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { CampaignInput } from "@/lib/campaigns/campaign-input";
import type { CampaignChannel } from "@/lib/generated/prisma/enums";

type Outcome = { ok: true; id: string } | { ok: false; code: string };

function columns(input: CampaignInput) {
  return {
    name: input.name,
    message: input.message,
    segment: input.segment,
    offerKind: input.offer?.kind ?? null,
    offerProgramId: input.offer?.programId ?? null,
    offerAmount: input.offer?.amount ?? null,
    offerRewardName: input.offer?.rewardName ?? null,
    offerValidDays: input.offer?.validDays ?? null,
    holdoutPercent: input.holdoutPercent,
  };
}

export async function createCampaign(ownerId: string, input: CampaignInput): Promise<Outcome> {
  const business = await db.business.findFirst({ where: { id: input.businessId, ownerId } });
  if (!business) return { ok: false, code: "not_found" };
  const row = await db.campaign.create({
    data: { businessId: business.id, createdById: ownerId, seed: randomUUID(), ...columns(input) },
  });
  return { ok: true, id: row.id };
}

export async function updateCampaign(ownerId: string, id: string, input: CampaignInput): Promise<Outcome> {
  const done = await db.campaign.updateMany({
    where: { id, business: { ownerId }, status: { in: ["DRAFT", "SCHEDULED"] } },
    data: columns(input),
  });
  return done.count ? { ok: true, id } : { ok: false, code: "not_editable" };
}

export async function scheduleCampaign(ownerId: string, campaignId: string, at: Date | null): Promise<Outcome> {
  const done = await db.campaign.updateMany({
    where: { id: campaignId, business: { ownerId }, status: { in: ["DRAFT", "SCHEDULED"] } },
    data: at
      ? { status: "SCHEDULED", scheduledAt: at }
      : { status: "SENDING", scheduledAt: new Date(), startedAt: new Date(), recipientCount: 12, heldOutCount: 1 },
  });
  return done.count ? { ok: true, id: campaignId } : { ok: false, code: "not_editable" };
}

export async function cancelCampaign(ownerId: string, campaignId: string): Promise<Outcome> {
  const done = await db.campaign.updateMany({
    where: { id: campaignId, business: { ownerId }, status: { in: ["DRAFT", "SCHEDULED"] } },
    data: { status: "CANCELLED", cancelledAt: new Date() },
  });
  return done.count ? { ok: true, id: campaignId } : { ok: false, code: "not_cancellable" };
}

export async function sendTestMessage(
  ownerId: string,
  campaignId: string,
): Promise<{ ok: true; channels: CampaignChannel[] } | { ok: false; code: string }> {
  const found = await db.campaign.findFirst({ where: { id: campaignId, business: { ownerId } } });
  return found ? { ok: true, channels: ["EMAIL"] } : { ok: false, code: "not_found" };
}

export async function listCampaigns(businessId: string) {
  return db.campaign.findMany({ where: { businessId, automationId: null }, orderBy: { createdAt: "desc" } });
}

export async function getCampaign(ownerId: string, campaignId: string) {
  return db.campaign.findFirst({ where: { id: campaignId, business: { ownerId } } });
}
