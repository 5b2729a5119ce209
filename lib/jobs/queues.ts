// The job queues of the product and how each retries (docs/jobs.md). A queue
// is created with these settings when the queue starts, and every job sent to
// it inherits them. Pure data: the producer (lib/jobs/enqueue.ts) and the
// worker (lib/jobs/worker.ts) both read it.

export type QueuePolicy = {
  /** Further tries after the first one fails; then the job is marked failed. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff it doubles each time (with jitter). */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job still active after this long is taken as lost (its worker died) and tried again. */
  expireInSeconds: number;
  /** A finished job is kept this long for inspection, then deleted. */
  deleteAfterSeconds: number;
};

const WEEK = 7 * 24 * 3600;

const DELIVERY: QueuePolicy = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
  deleteAfterSeconds: WEEK,
};
const SWEEP: QueuePolicy = {
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 600,
  deleteAfterSeconds: WEEK,
};

export const QUEUES = {
  /** A customer earned a reward: the mail to them. */
  "mail.reward-earned": DELIVERY,
  /** A customer's reward expires within three days: the reminder mail. */
  "mail.reward-expiring": DELIVERY,
  /** A new account: the welcome mail. */
  "mail.welcome": DELIVERY,
  /** An owner's daily or weekly summary mail. */
  "mail.owner-summary": DELIVERY,
  /** A business was deleted: the mail to one of its customers (docs/business-lifecycle.md). */
  "mail.business-deleted": DELIVERY,
  /** A customer earned a reward: the web push to their subscribed browsers. */
  "push.reward-earned": DELIVERY,
  /** A customer's reward expires within three days: the web push reminder. */
  "push.reward-expiring": DELIVERY,
  /** A membership's card changed (tap, redemption, adjustment, expiry): its Apple Wallet pass is updated on the devices that hold it. */
  "wallet.apple-update": DELIVERY,
  /** Apple Wallet passes are voided (account or business deleted). */
  "wallet.apple-void": DELIVERY,
  /** A membership's card changed: its Google Wallet loyalty object is patched. */
  "wallet.google-update": DELIVERY,
  /** Google Wallet loyalty objects are made inactive (account or business deleted). */
  "wallet.google-void": DELIVERY,
  /** A business's look or programs changed: its Google Wallet class is patched and every card in a wallet updated. */
  "wallet.business-changed": DELIVERY,
  /** A scheduled campaign's moment came: its sending starts (docs/campaigns.md). */
  "campaign.start": DELIVERY,
  /** A campaign's or automation's queued recipients are sent, one batch per job: data { campaignId }. */
  "campaign.send": DELIVERY,
  /** One attempt to deliver a webhook message: data { messageId, attempt, manual? } (docs/webhooks.md). Its own retries are its own jobs. */
  "webhook.deliver": DELIVERY,
  /** A webhook endpoint was turned off after failing: the owner is told (docs/webhooks.md). */
  "mail.webhook-disabled": DELIVERY,
  /** Scheduled: each enabled automation takes in the customers now due (docs/campaigns.md, "Automations"). */
  "sweep.automations": SWEEP,
  /** Scheduled: rewards that expire soon get their reminders, expired ones update wallet passes. */
  "sweep.reward-expiry": SWEEP,
  /** Scheduled: owners whose summary is due get it. */
  "sweep.owner-summary": SWEEP,
  /** Scheduled: every open business's tags are checked; a new episode of a problem is told to the owner (docs/tag-health.md). */
  "sweep.tag-health": SWEEP,
  /** A tag health alert: the mail to the owner, data { alertId }. */
  "mail.tag-alert": DELIVERY,
  /** A tag health alert: the web push to the owner's subscribed browsers, data { alertId }. */
  "push.tag-alert": DELIVERY,
} as const satisfies Record<string, QueuePolicy>;

export type QueueName = keyof typeof QUEUES;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/**
 * Scheduled jobs: a cron line (in UTC) per sweep. The queue runs each slot at
 * most once across all instances; each sweep works out every business's own
 * local time itself.
 */
export const SCHEDULES: { name: QueueName; cron: string }[] = [
  { name: "sweep.reward-expiry", cron: "7 * * * *" },
  { name: "sweep.owner-summary", cron: "17 * * * *" },
  { name: "sweep.automations", cron: "27 * * * *" },
  { name: "sweep.tag-health", cron: "*/15 * * * *" },
];
