import "server-only";
import { sweepOwnerSummaries } from "@/lib/business/owner-summary-sweep";
import { sweepEndedPauses } from "@/lib/business/pause-business";
import { sweepAutomations } from "@/lib/campaigns/automations/sweep";
import { sweepVoidedApplePasses } from "@/lib/db/sweeps";
import { sweepExpiredRewards, sweepRewardExpiry } from "@/lib/rewards/expiry-sweeps";
import { sweepIdleGuests } from "@/lib/auth/sweep-idle-guests";
import { sendTagAlertMail } from "@/lib/notifications/tag-alert-mail";
import { sweepTagHealth } from "@/lib/tags/health-sweep";
import { sendCampaignBatch, startCampaign } from "@/lib/campaigns/send";
import type { QueueName } from "@/lib/jobs/queues";
import {
  sendBusinessDeletedMail,
  sendOwnerSummaryMail,
  sendRewardMail,
  sendWelcomeMail,
} from "@/lib/notifications/mail-jobs";
import { deliverRewardPush, deliverTagAlertPush } from "@/lib/push/deliver";
import { updateApplePass, voidApplePasses } from "@/lib/wallet/apple/deliver";
import { refreshBusinessCards } from "@/lib/wallet/business-cards";
import { updateGoogleWalletObject, voidGoogleWalletObjects } from "@/lib/wallet/google/deliver";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { sendWebhookDisabledMail } from "@/lib/webhooks/disabled-mail";

/** What a job's handler is given. It throws to have the job retried (its queue's policy). */
export type JobContext = { id: string; retryCount: number };
export type JobHandler = (data: unknown, job: JobContext) => Promise<void>;

// Each feature's handlers, by queue. A queue without a handler here keeps
// its jobs until a worker that has one runs.
export const HANDLERS: Partial<Record<QueueName, JobHandler>> = {
  // The scheduled sweeps (SCHEDULES in lib/jobs/queues.ts; docs/jobs.md, "Sweeps").
  // The hourly expiry sweep: first the pauses that ended by their date are settled (their
  // rewards' expiries move on: docs/business-lifecycle.md), then reminders for rewards about
  // to expire, wallet updates for those that did, the removal of Apple Wallet passes voided
  // over 30 days ago, and of guest cards without a visit for 12 months (docs/authentication.md, "Guests").
  "sweep.reward-expiry": async () => {
    const now = new Date();
    await sweepEndedPauses(now);
    await sweepRewardExpiry(now);
    await sweepExpiredRewards(now);
    await sweepVoidedApplePasses(now);
    await sweepIdleGuests(now);
  },
  "sweep.owner-summary": async () => void (await sweepOwnerSummaries(new Date())),
  // Automations (docs/campaigns.md, "Automations"): each enabled one enrols the customers now due.
  "sweep.automations": async () => void (await sweepAutomations(new Date())),
  // Tag health (docs/tag-health.md): every 15 minutes; an alert's mail and push, data { alertId }.
  "sweep.tag-health": async () => void (await sweepTagHealth(new Date())),
  "mail.tag-alert": async (data) => void (await sendTagAlertMail(data)),
  "push.tag-alert": async (data) => void (await deliverTagAlertPush(data)),
  // Notification mails (docs/notifications.md).
  "mail.reward-earned": async (data) => void (await sendRewardMail("earned", data)),
  "mail.reward-expiring": async (data) => void (await sendRewardMail("expiring", data)),
  "mail.welcome": async (data) => void (await sendWelcomeMail(data)),
  "mail.owner-summary": async (data) => void (await sendOwnerSummaryMail(data)),
  // A deleted business's customers (docs/business-lifecycle.md): data { businessId, businessName, color, userId, readyRewards }.
  "mail.business-deleted": async (data) => void (await sendBusinessDeletedMail(data)),
  // Web push (docs/notifications-push.md): data { rewardId, userId, businessId }.
  "push.reward-earned": async (data) => void (await deliverRewardPush("reward-earned", data)),
  "push.reward-expiring": async (data) => void (await deliverRewardPush("reward-expiring", data)),
  // Google Wallet (docs/wallet.md): data { membershipId, version }; { objectIds }.
  "wallet.google-update": async (data) => void (await updateGoogleWalletObject(data)),
  "wallet.google-void": async (data) => void (await voidGoogleWalletObjects(data)),
  // Apple Wallet (docs/wallet.md, "Apple Wallet: updates"): data { passId, version }; { passIds }.
  "wallet.apple-update": async (data) => void (await updateApplePass(data)),
  "wallet.apple-void": async (data) => void (await voidApplePasses(data)),
  // Both wallets (docs/wallet.md): data { businessId }.
  "wallet.business-changed": async (data) => void (await refreshBusinessCards(data)),
  // Campaigns (docs/campaigns.md, "Sent once"): data { campaignId }.
  "campaign.start": async (data) => void (await startCampaign(data)),
  "campaign.send": async (data) => void (await sendCampaignBatch(data)),
  // Webhooks (docs/webhooks.md): data { messageId, attempt, manual? }; { endpointId }.
  "webhook.deliver": async (data) => void (await deliverWebhook(data)),
  "mail.webhook-disabled": async (data) => void (await sendWebhookDisabledMail(data)),
};
