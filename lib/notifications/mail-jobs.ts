import "server-only";
import { expiryReminderMessage } from "@/lib/db/automations";
import { z } from "zod";
import { emailVerificationRequired } from "@/lib/auth/email-verification";
import { deliverOnce } from "@/lib/db/notification-delivery";
import {
  businessPeriodStats,
  readMailRecipient,
  readOwnerSummaryMail,
  readRewardMail,
  readWelcomeMail,
  type MailRecipient,
} from "@/lib/db/notification-mail";
import { env } from "@/lib/env";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { QUEUES, type QueueName } from "@/lib/jobs/queues";
import { mailer } from "@/lib/mail";
import {
  businessDeletedMail,
  ownerSummaryMail,
  rewardMail,
  welcomeMail,
  type RenderedMail,
} from "@/lib/mail/notifications";
import { businessDeletedKey } from "@/lib/jobs/events";
import {
  recipientSkipReason,
  rewardSkipReason,
  summaryDays,
  type RewardMailKind,
} from "@/lib/notifications/mail-rules";
import { listUnsubscribeHeaders, unsubscribeLinks } from "@/lib/notifications/unsubscribe";
import { siteUrl } from "@/lib/site";

// The mail queues' handlers (docs/notifications.md): mail.reward-earned,
// mail.reward-expiring, mail.welcome, mail.owner-summary and mail.business-deleted. Each reads what
// it needs fresh, decides whether the mail still applies (./mail-rules.ts),
// renders it in the recipient's language and sends it once per event
// (lib/db/notification-delivery.ts). A skip is final and quiet; a mail server
// that fails makes the handler throw, so the queue retries the job.

export type MailJobOutcome = "sent" | "already sent" | `skipped: ${string}`;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const rewardJob = z.object({ rewardId: id, userId: id, businessId: id });
const welcomeJob = z.object({ userId: id });
const businessDeletedJob = z.object({
  businessId: id,
  businessName: z.string().min(1).max(200),
  color: z.string().max(32).nullable(),
  userId: id,
  readyRewards: z.number().int().min(0).max(100_000),
});
const summaryJob = z.object({
  businessId: id,
  period: z.enum(["DAILY", "WEEKLY"]),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

/** The job's time limit: a claim older than this was left by a worker that died (lib/db/notification-delivery.ts). */
function staleAfter(queue: QueueName): number {
  return QUEUES[queue].expireInSeconds;
}

function skipped(queue: QueueName, reason: string): MailJobOutcome {
  if (env.LOG_LEVEL === "debug") console.info(`Mail job ${queue} skipped: ${reason}`);
  return `skipped: ${reason}`;
}

// A job whose data does not parse is a bug of its sender: retrying cannot fix
// it, so it is logged (never the data, which names people) and dropped.
function invalid(queue: QueueName): MailJobOutcome {
  console.error(`Mail job ${queue} dropped: its data is not what the queue expects`);
  return "skipped: invalid job data";
}

async function send(
  queue: QueueName,
  key: string,
  recipient: MailRecipient & { email: string },
  mail: RenderedMail,
  headers: Record<string, string>,
): Promise<MailJobOutcome> {
  const outcome = await deliverOnce(key, recipient.id, staleAfter(queue), () =>
    mailer().send({ to: recipient.email, ...mail, headers }),
  );
  return outcome === "sent" ? "sent" : "already sent";
}

function settingsUrl(): string {
  return `${siteUrl()}/dashboard/settings`;
}

/** mail.reward-earned / mail.reward-expiring: data { rewardId, userId, businessId }. */
export async function sendRewardMail(kind: RewardMailKind, data: unknown, now = new Date()): Promise<MailJobOutcome> {
  const queue: QueueName = kind === "earned" ? "mail.reward-earned" : "mail.reward-expiring";
  const job = rewardJob.safeParse(data);
  if (!job.success) return invalid(queue);
  const read = await readRewardMail(job.data.rewardId);
  if (!read) return skipped(queue, "reward deleted");
  const { reward, business, recipient } = read;
  const notFor = recipientSkipReason(recipient, emailVerificationRequired());
  if (notFor) return skipped(queue, notFor);
  const rewardNot = rewardSkipReason(
    kind,
    {
      status: reward.status,
      expiresAt: reward.expiresAt,
      matchesJob: reward.userId === job.data.userId && business.id === job.data.businessId,
      businessWithdrawn: business.withdrawn,
      optedOut: read.optedOut,
    },
    now,
  );
  if (rewardNot) return skipped(queue, rewardNot);
  const to = recipient as MailRecipient & { email: string };
  const locale = storedLocale(to.language);
  const stopBusiness = unsubscribeLinks({ userId: to.id, businessId: business.id });
  const stopAll = unsubscribeLinks({ userId: to.id, businessId: "all" });
  const mail = rewardMail(
    kind,
    {
      firstName: to.firstName,
      reward: { name: reward.name, code: reward.code, expiresAt: reward.expiresAt },
      business: { name: business.name, color: business.color, timeZone: business.timeZone },
      rewardUrl: `${siteUrl()}/dashboard/redeem-reward/${encodeURIComponent(reward.id)}`,
      note: kind === "expiring" ? await expiryReminderMessage(business.id) : null,
    },
    { unsubscribe: stopBusiness.page, unsubscribeAll: stopAll.page, settings: settingsUrl() },
    await getKeyTranslator(locale),
    locale,
  );
  return send(queue, `mail:reward-${kind}:${reward.id}`, to, mail, listUnsubscribeHeaders(stopBusiness));
}

/** mail.welcome: data { userId }. */
export async function sendWelcomeMail(data: unknown): Promise<MailJobOutcome> {
  const queue: QueueName = "mail.welcome";
  const job = welcomeJob.safeParse(data);
  if (!job.success) return invalid(queue);
  const read = await readWelcomeMail(job.data.userId);
  const notFor = recipientSkipReason(read?.recipient ?? null, emailVerificationRequired());
  if (notFor || !read) return skipped(queue, notFor ?? "account deleted");
  const to = read.recipient as MailRecipient & { email: string };
  const locale = storedLocale(to.language);
  const stopAll = unsubscribeLinks({ userId: to.id, businessId: "all" });
  const mail = welcomeMail(
    {
      firstName: to.firstName,
      ownsBusiness: read.ownsBusiness,
      startUrl: `${siteUrl()}${read.ownsBusiness ? "/dashboard" : "/dashboard/wallet"}`,
    },
    { unsubscribeAll: stopAll.page, settings: settingsUrl() },
    await getKeyTranslator(locale),
    locale,
  );
  return send(queue, `mail:welcome:${to.id}`, to, mail, listUnsubscribeHeaders(stopAll));
}

/** mail.owner-summary: data { businessId, period: "DAILY" | "WEEKLY", from, to } (ISO instants; `to` excluded). */
export async function sendOwnerSummaryMail(data: unknown): Promise<MailJobOutcome> {
  const queue: QueueName = "mail.owner-summary";
  const job = summaryJob.safeParse(data);
  if (!job.success) return invalid(queue);
  const read = await readOwnerSummaryMail(job.data.businessId);
  if (!read) return skipped(queue, "business deleted");
  const days = summaryDays(new Date(job.data.from), new Date(job.data.to), read.business.timeZone);
  if (!days) return invalid(queue);
  const notFor = recipientSkipReason(read.recipient, emailVerificationRequired());
  if (notFor) return skipped(queue, notFor);
  if (read.business.withdrawn) return skipped(queue, "business withdrawn");
  if (read.optedOut) return skipped(queue, "unsubscribed from this business's summaries");
  const to = read.recipient as MailRecipient & { email: string };
  const locale = storedLocale(to.language);
  const stopBusiness = unsubscribeLinks({ userId: to.id, businessId: read.business.id });
  const stopAll = unsubscribeLinks({ userId: to.id, businessId: "all" });
  const mail = ownerSummaryMail(
    {
      firstName: to.firstName,
      business: { name: read.business.name, color: read.business.color },
      period: job.data.period,
      ...days,
      stats: await businessPeriodStats(read.business.id, days.fromDay, days.toDay),
      insightsUrl: `${siteUrl()}/dashboard/business/${encodeURIComponent(read.business.id)}/insights`,
    },
    { unsubscribe: stopBusiness.page, unsubscribeAll: stopAll.page, settings: settingsUrl() },
    await getKeyTranslator(locale),
    locale,
  );
  const key = `mail:owner-summary:${read.business.id}:${job.data.period}:${days.fromDay}`;
  return send(queue, key, to, mail, listUnsubscribeHeaders(stopBusiness));
}

/**
 * mail.business-deleted: data { businessId, businessName, color, userId,
 * readyRewards } (docs/business-lifecycle.md). The business is gone: the job
 * carries what the mail says of it. A service message about the customer's
 * own card: it goes even where notification mails are switched off (that
 * switch is for rewards and summaries), never to a disabled account, one
 * without an address, or an unconfirmed one where addresses must be confirmed.
 * Sent once per business and customer, whatever runs the job how many times.
 */
export async function sendBusinessDeletedMail(data: unknown): Promise<MailJobOutcome> {
  const queue: QueueName = "mail.business-deleted";
  const job = businessDeletedJob.safeParse(data);
  if (!job.success) return invalid(queue);
  const recipient = await readMailRecipient(job.data.userId);
  const notFor = recipientSkipReason(
    recipient ? { ...recipient, notificationsEnabled: true } : null,
    emailVerificationRequired(),
  );
  if (notFor || !recipient) return skipped(queue, notFor ?? "account deleted");
  const to = recipient as MailRecipient & { email: string };
  const locale = storedLocale(to.language);
  const mail = businessDeletedMail(
    {
      firstName: to.firstName,
      business: { name: job.data.businessName, color: job.data.color },
      readyRewards: job.data.readyRewards,
      walletUrl: `${siteUrl()}/dashboard/wallet`,
    },
    await getKeyTranslator(locale),
    locale,
  );
  return send(queue, `mail:${businessDeletedKey(job.data.businessId, to.id)}`, to, mail, {});
}
