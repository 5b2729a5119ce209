import "server-only";
import { randomBytes } from "node:crypto";
import { campaignInputSchema, type CampaignInput, type CampaignInputRaw } from "@/lib/campaigns/campaign-input";
import { sendCampaignMail } from "@/lib/campaigns/channels/email";
import { sendCampaignPush } from "@/lib/campaigns/channels/push";
import { campaignMessage } from "@/lib/campaigns/message";
import { segmentSchema } from "@/lib/campaigns/segment";
import { resolveTheme } from "@/lib/business/theme";
import { normaliseTimezone } from "@/lib/business/timezone";
import { db } from "@/lib/db";
import {
  campaignsOf,
  cancelCampaignRows,
  insertDraft,
  ownersCampaign,
  scheduleWithRecipients,
  updateDraft,
  type CampaignFields,
  type CampaignRow,
} from "@/lib/db/campaigns";
import { segmentMembersPart } from "@/lib/db/segments";
import type { CampaignChannel } from "@/lib/generated/prisma/enums";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { enqueue, jobQueueReady } from "@/lib/jobs/enqueue";
import { siteUrl } from "@/lib/site";

// An owner's campaigns (docs/campaigns.md, "Campaigns"): compose a draft,
// schedule it (its recipients and control group are fixed then, once), cancel
// it, try it on themself. Every function names the owner; the statements
// check the business is theirs.

export type CampaignResult<T = object> = ({ ok: true } & T) | { ok: false; code: CampaignErrorCode };
export type CampaignErrorCode =
  "invalid" | "not_found" | "not_draft" | "not_cancellable" | "no_channel" | "bad_segment";

/** Thrown inside the scheduling transaction so it rolls back: the stored segment cannot be read. */
class UnreadableSegment extends Error {}

function fieldsOf(input: CampaignInput): CampaignFields {
  return {
    businessId: input.businessId,
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

/** A new draft; `invalid` for input the schema refuses, `not_found` for a business that is not the owner's. */
export async function createCampaign(
  ownerId: string,
  input: CampaignInputRaw | unknown,
): Promise<CampaignResult<{ id: string }>> {
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid" };
  // The control group's seed: random per campaign, kept with it, so the draw is fixed and repeatable.
  const id = await insertDraft(ownerId, fieldsOf(parsed.data), randomBytes(16).toString("hex"));
  return id ? { ok: true, id } : { ok: false, code: "not_found" };
}

/** Rewrites a draft; a scheduled or sent campaign is no longer edited (`not_draft`). */
export async function updateCampaign(ownerId: string, id: string, input: unknown): Promise<CampaignResult> {
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid" };
  if (await updateDraft(ownerId, id, fieldsOf(parsed.data))) return { ok: true };
  return { ok: false, code: (await ownersCampaign(ownerId, id)) ? "not_draft" : "not_found" };
}

/**
 * DRAFT → SCHEDULED for `at` (null: now). In one transaction: the status, every
 * member of the segment as a recipient (held out or queued by the seeded
 * draw), the counts, and the "campaign.start" job for `at`.
 */
export async function scheduleCampaign(
  ownerId: string,
  id: string,
  at: Date | null,
  now: Date = new Date(),
): Promise<CampaignResult<{ recipients: number; heldOut: number }>> {
  const when = at && at.getTime() > now.getTime() ? at : now;
  await jobQueueReady();
  let scheduled: Awaited<ReturnType<typeof scheduleWithRecipients>>;
  try {
    scheduled = await scheduleWithRecipients(
      ownerId,
      id,
      when,
      (campaign) => {
        // A segment stored by an older form may lack newer fields: the schema's defaults fill them.
        // One that does not parse at all is refused, never read as "every member" (that would
        // message the whole business): the transaction rolls back, nothing is written.
        const segment = segmentSchema.safeParse(campaign.segment);
        if (!segment.success) throw new UnreadableSegment();
        const ctx = { businessId: campaign.businessId, timezone: normaliseTimezone(campaign.timezone), now };
        return segmentMembersPart(ctx, segment.data);
      },
      async (tx, campaign) =>
        enqueue(
          [
            {
              name: "campaign.start",
              data: { campaignId: campaign.id },
              key: `campaign-start:${campaign.id}`,
              startAfter: when,
            },
          ],
          tx,
        ),
    );
  } catch (error) {
    if (error instanceof UnreadableSegment) return { ok: false, code: "bad_segment" };
    throw error;
  }
  if (scheduled) return { ok: true, recipients: scheduled.recipients, heldOut: scheduled.heldOut };
  return { ok: false, code: (await ownersCampaign(ownerId, id)) ? "not_draft" : "not_found" };
}

/** Cancels a scheduled or sending campaign; a recipient already sent stays sent. */
export async function cancelCampaign(ownerId: string, id: string): Promise<CampaignResult> {
  if (await cancelCampaignRows(ownerId, id)) return { ok: true };
  return { ok: false, code: (await ownersCampaign(ownerId, id)) ? "not_cancellable" : "not_found" };
}

/**
 * The campaign's message to the owner themself, on the channels they have
 * (mail at least; their browsers when subscribed), marked as a test: not a
 * recipient, not counted, no cap, no offer, no tracking.
 */
export async function sendTestMessage(
  ownerId: string,
  id: string,
): Promise<CampaignResult<{ channels: CampaignChannel[] }>> {
  const campaign = await ownersCampaign(ownerId, id);
  if (!campaign) return { ok: false, code: "not_found" };
  const [owner, business] = await Promise.all([
    db.user.findUnique({ where: { id: ownerId }, select: { email: true, language: true } }),
    db.business.findUnique({ where: { id: campaign.businessId }, select: { name: true, slug: true, theme: true } }),
  ]);
  if (!owner || !business) return { ok: false, code: "not_found" };
  const locale = storedLocale(owner.language);
  const card = `${siteUrl()}/b/${encodeURIComponent(business.slug)}`;
  const message = campaignMessage(
    { message: campaign.message, business: { name: business.name, color: resolveTheme(business.theme).primaryColor } },
    { click: card, clickPath: `/b/${encodeURIComponent(business.slug)}`, open: null, unsubscribe: card },
    await getKeyTranslator(locale),
    locale,
    true,
  );
  const channels: CampaignChannel[] = [];
  if (owner.email) {
    await sendCampaignMail(owner.email, message, null);
    channels.push("EMAIL");
  }
  if ((await sendCampaignPush(ownerId, message, `campaign-test:${id}`, locale).catch(() => "none")) === "sent")
    channels.push("PUSH");
  return channels.length ? { ok: true, channels } : { ok: false, code: "no_channel" };
}

export function listCampaigns(businessId: string): Promise<CampaignRow[]> {
  return campaignsOf(businessId);
}

export function getCampaign(ownerId: string, id: string): Promise<CampaignRow | null> {
  return ownersCampaign(ownerId, id);
}
