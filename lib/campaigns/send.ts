import "server-only";
import { z } from "zod";
import { emailVerificationRequired } from "@/lib/auth/email-verification";
import { resolveTheme } from "@/lib/business/theme";
import { normaliseTimezone } from "@/lib/business/timezone";
import { applyCampaignOffer, type OfferOutcome, type OfferSkip } from "@/lib/campaigns/apply-offer";
import { sendCampaignMail } from "@/lib/campaigns/channels/email";
import { pushAvailable, sendCampaignPush } from "@/lib/campaigns/channels/push";
import { sendCampaignWallet, walletReachable } from "@/lib/campaigns/channels/wallet";
import { loopPacer } from "@/lib/campaigns/give-way";
import { campaignMessage } from "@/lib/campaigns/message";
import { quietUntil } from "@/lib/campaigns/quiet-hours";
import { recipientLinks } from "@/lib/campaigns/tracking";
import {
  chooseChannel,
  claimRecipients,
  finishRecipient,
  hasPendingRecipients,
  reachOf,
  type ClaimedRecipient,
  type RecipientReach,
} from "@/lib/db/campaign-recipients";
import { campaignForSending, markSending, markSentIfDone, type SendingCampaign } from "@/lib/db/campaigns";
import { dbEnv } from "@/lib/db/env";
import { readOutreachSettings, takeCapSlot } from "@/lib/db/marketing";
import type { SqlExecutor } from "@/lib/db/sql";
import type { CampaignChannel } from "@/lib/generated/prisma/enums";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { enqueue } from "@/lib/jobs/enqueue";
import { campaignSentAnnounced } from "@/lib/webhooks/emit";
import { QUEUES } from "@/lib/jobs/queues";
import { mailSession, type Mailer } from "@/lib/mail";
import { idString } from "@/lib/validation/text";

// Sending a campaign on the durable queue (docs/campaigns.md, "Sent once").
// "campaign.start" moves a SCHEDULED campaign to SENDING and queues the first
// "campaign.send"; each "campaign.send" claims a batch of recipients, sends
// several at a time on their best channel (mail over a few reused SMTP
// connections), writes each outcome, and queues the next batch once the batch
// has lasted its least time, so a big campaign sends at a bounded rate and
// takes its turns beside the taps' own jobs rather than filling the queue. When no recipient is left the campaign is SENT.

/** Recipients per "campaign.send" job. */
export const CAMPAIGN_BATCH = 100;
/**
 * The least time one batch takes: a batch done sooner waits out the rest
 * before queueing the next, so one campaign sends at most ~100 messages a
 * second (CAMPAIGN_BATCH per second) and the taps keep their share of the
 * database. Waited in the job rather than as the next job's start time,
 * which the worker would only see a polling interval later.
 */
export const CAMPAIGN_BATCH_MIN_MS = 1_000;
/**
 * Recipients of a batch delivered at once. Each holds a database connection
 * for its statements while the others wait on a mail server or a wallet, so
 * it stays a small share of the pool the taps use (lib/db/env.ts): with the
 * default pool of 10, two (bench:campaign: at five, a steady counter's tap
 * p99 doubled while a campaign sent).
 */
export function campaignConcurrency(): number {
  return Math.max(1, Math.min(4, Math.floor(dbEnv.DATABASE_POOL_MAX / 4)));
}
/** A claim older than the send queue's time limit was left by a worker that died. */
export const CLAIM_STALE_SECONDS = QUEUES["campaign.send"].expireInSeconds;

const jobSchema = z.object({ campaignId: idString() });

/** Queues one "campaign.send" for the campaign (in the caller's transaction when given). */
export async function queueCampaignSend(campaignId: string, on?: SqlExecutor, startAfter?: Date): Promise<void> {
  await enqueue([{ name: "campaign.send", data: { campaignId }, ...(startAfter ? { startAfter } : {}) }], on);
}

/** "campaign.start": SCHEDULED → SENDING, then the first batch. A cancelled or started campaign is left alone. */
export async function startCampaign(data: unknown, now: Date = new Date()): Promise<"started" | "skipped"> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return "skipped";
  if (!(await markSending(job.data.campaignId, now))) return "skipped";
  await queueCampaignSend(job.data.campaignId);
  return "started";
}

export type BatchOutcome = {
  claimed: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Quiet hours: nothing was claimed, the batch comes back at this moment. */
  deferredUntil: Date | null;
  /** The campaign is SENT (or was not sending). */
  done: boolean;
};

/** `minBatchMs`: the least time the batch takes before the next is queued (CAMPAIGN_BATCH_MIN_MS). */
export type BatchOptions = { limit?: number; minBatchMs?: number; queueNext?: boolean };

/** "campaign.send": one batch. Safe to run twice, at once or after a crash (the claim). */
export async function sendCampaignBatch(
  data: unknown,
  now: Date = new Date(),
  options: BatchOptions = {},
): Promise<BatchOutcome> {
  const batchStarted = Date.now();
  const outcome: BatchOutcome = { claimed: 0, sent: 0, skipped: 0, failed: 0, deferredUntil: null, done: false };
  const job = jobSchema.safeParse(data);
  if (!job.success) return { ...outcome, done: true };
  const { campaignId } = job.data;
  const queueNext = options.queueNext ?? true;
  const campaign = await campaignForSending(campaignId);
  if (!campaign || campaign.status !== "SENDING") return { ...outcome, done: true };

  const settings = await readOutreachSettings(campaign.businessId);
  const quiet = quietUntil(now, normaliseTimezone(campaign.timezone), {
    startMinute: settings.quietStartMinute,
    endMinute: settings.quietEndMinute,
  });
  if (quiet) {
    if (queueNext) await queueCampaignSend(campaignId, undefined, quiet);
    return { ...outcome, deferredUntil: quiet };
  }

  const claimed = await claimRecipients(campaignId, options.limit ?? CAMPAIGN_BATCH, CLAIM_STALE_SECONDS, now);
  outcome.claimed = claimed.length;
  if (claimed.length === 0) {
    const announced = (tx: SqlExecutor, sent: { campaignId: string; businessId: string }) =>
      campaignSentAnnounced(tx, { id: sent.campaignId, businessId: sent.businessId }, now);
    if (await markSentIfDone(campaignId, now, announced)) return { ...outcome, done: true };
    // Claims still out (another worker, or one that died): look again once they would be stale.
    if (!(await hasPendingRecipients(campaignId))) return { ...outcome, done: true };
    if (queueNext)
      await queueCampaignSend(campaignId, undefined, new Date(Date.now() + (CLAIM_STALE_SECONDS + 5) * 1000));
    return outcome;
  }

  const reach = new Map(
    (
      await reachOf(
        claimed.map((c) => c.id),
        emailVerificationRequired(),
      )
    ).map((r) => [r.id, r] as const),
  );
  const concurrency = campaignConcurrency();
  const mail = mailSession(concurrency);
  const giveWay = loopPacer();
  try {
    await eachAtMost(concurrency, claimed, async (claim) => {
      await giveWay();
      const result = await deliverToRecipient(campaign, claim, reach.get(claim.id) ?? null, now, mail);
      outcome[result]++;
    });
  } finally {
    mail.close();
  }
  if (queueNext) {
    const rest = (options.minBatchMs ?? CAMPAIGN_BATCH_MIN_MS) - (Date.now() - batchStarted);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    await queueCampaignSend(campaignId);
  }
  return outcome;
}

/** Runs `work` on every item, at most `limit` at a time; rejects with the first error once all have settled. */
async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length) throw errors[0];
}

/** Why a claimed recipient was skipped (the delivery report counts each). */
export type SkipReason = "no_consent" | "no_channel" | "capped" | "offer_unavailable";

/** An offer given nothing for these reasons leaves the message true: it is sent. Any other reason is a refusal. */
const OFFER_SKIPS_THAT_SEND: ReadonlySet<string> = new Set<OfferSkip>([
  "already_applied",
  "no_offer",
  "held_out",
  "not_found",
]);

/** The channels that can reach the recipient, best first: wallet, web push, mail. */
export function channelsFor(reach: RecipientReach, membershipId: string | null): CampaignChannel[] {
  const channels: CampaignChannel[] = [];
  if (membershipId && walletReachable({ membershipId, ...reach })) channels.push("WALLET");
  if (reach.push && pushAvailable()) channels.push("PUSH");
  if (reach.email && reach.emailAllowed) channels.push("EMAIL");
  return channels;
}

/**
 * One claimed recipient: consent, a channel, the frequency cap, the offer, the
 * message. Each step that says no ends it SKIPPED with its reason; a channel
 * that fails gives way to the next; all failing ends it FAILED.
 */
async function deliverToRecipient(
  campaign: SendingCampaign,
  claim: ClaimedRecipient,
  reach: RecipientReach | null,
  now: Date,
  mail: Mailer,
): Promise<"sent" | "skipped" | "failed"> {
  const skip = async (reason: SkipReason) => {
    await finishRecipient(claim, { status: "SKIPPED", reason }, now);
    return "skipped" as const;
  };
  if (!reach || !reach.consent) return skip("no_consent");
  const channels = channelsFor(reach, claim.membershipId);
  if (channels.length === 0) return skip("no_channel");
  if (!(await takeCapSlot(claim.id, campaign.businessId, claim.userId, now))) return skip("capped");
  // The offer is given once the message is certain to be tried (docs/campaigns.md, "Offers").
  // One that cannot be given ends the recipient FAILED rather than retaking it for ever.
  let offer: OfferOutcome;
  try {
    offer = await applyCampaignOffer(claim.id, now);
  } catch (error) {
    const reason = `offer: ${error instanceof Error ? error.message : String(error)}`;
    await finishRecipient(claim, { status: "FAILED", channel: null, reason }, now);
    return "failed";
  }
  // The message promises the offer: one refused for this customer (its program
  // gone, the card not adjustable) must not be announced. "Already applied" (a
  // retry after a crash) and "no offer" still send.
  if (!offer.applied && !OFFER_SKIPS_THAT_SEND.has(offer.reason)) return skip("offer_unavailable");

  const locale = storedLocale(claim.language);
  const links = recipientLinks({ id: claim.id, userId: claim.userId, businessId: campaign.businessId });
  const message = campaignMessage(
    {
      message: campaign.message,
      business: { name: campaign.businessName, color: resolveTheme(campaign.theme).primaryColor },
    },
    links,
    await getKeyTranslator(locale),
    locale,
  );
  const errors: string[] = [];
  for (const channel of channels) {
    try {
      await chooseChannel(claim, channel);
      const result =
        channel === "WALLET"
          ? await sendCampaignWallet(
              {
                membershipId: claim.membershipId!,
                googleObjectId: reach.googleObjectId,
                applePassIds: reach.applePassIds,
              },
              message,
              claim.id,
            )
          : channel === "PUSH"
            ? await sendCampaignPush(claim.userId, message, `campaign:${campaign.id}`, locale)
            : (await sendCampaignMail(reach.email!, message, links.unsubscribe, mail), "sent" as const);
      if (result === "sent") {
        await finishRecipient(claim, { status: "SENT", channel }, now);
        return "sent";
      }
    } catch (error) {
      errors.push(`${channel}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await finishRecipient(
    claim,
    { status: "FAILED", channel: channels[0] ?? null, reason: errors.join("; ") || "no channel took it" },
    now,
  );
  return "failed";
}
