import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message";
import { displayZone } from "@/lib/time/display-zone";

// What a push says and whether it is still worth saying: pure rules, with the
// reward (or the tag alert) as the worker reads it when the job runs (which may
// be long after the event, if the worker was down or the push service refused).

export type RewardPushKind = "reward-earned" | "reward-expiring";

export type RewardPushFacts = {
  id: string;
  name: string;
  status: string;
  expiresAt: Date | null;
  businessName: string;
  timeZone: string;
  notificationsEnabled: boolean;
};

/** What the service worker's `push` event receives (as JSON) and shows. */
export type PushPayload = {
  title: string;
  body: string;
  /** The page a click opens, on this site: the reward itself, or the tag list. */
  url: string;
  /** One notification per event: a repeat replaces it rather than piling up. */
  tag: string;
  icon: string;
  lang: Locale;
};

export type RewardPushPayload = PushPayload;

export const PUSH_ICON = "/icons/icon-192.png";
const WEEK_SECONDS = 7 * 24 * 3600;

/** The event a push is about, "reward-earned:<rewardId>": a subscription gets each one once. */
export function rewardEventKey(kind: RewardPushKind, rewardId: string): string {
  return `${kind}:${rewardId}`;
}

/** The page of one reward, where its code and QR are shown at the counter. */
export function rewardPath(rewardId: string): string {
  return `/dashboard/redeem-reward/${encodeURIComponent(rewardId)}`;
}

/**
 * Why nothing should be pushed (null: push). A customer who turned
 * notifications off hears nothing; a reward that was redeemed or expired
 * meanwhile is not announced; a reminder needs an expiry still ahead.
 */
export function skipReason(kind: RewardPushKind, reward: RewardPushFacts, now: Date): string | null {
  if (!reward.notificationsEnabled) return "notifications turned off";
  if (reward.status !== "AVAILABLE") return `reward ${reward.status.toLowerCase()}`;
  if (reward.expiresAt && reward.expiresAt <= now) return "reward expired";
  if (kind === "reward-expiring" && !reward.expiresAt) return "reward does not expire";
  return null;
}

/** How long a push service keeps the message for an offline browser: not past the reward's expiry, at most a week. */
export function pushTtlSeconds(reward: Pick<RewardPushFacts, "expiresAt">, now: Date): number {
  if (!reward.expiresAt) return WEEK_SECONDS;
  const left = Math.floor((reward.expiresAt.getTime() - now.getTime()) / 1000);
  return Math.max(60, Math.min(WEEK_SECONDS, left));
}

/** The notification in the customer's language (`t` over their locale's catalog). */
export function rewardPushPayload(
  kind: RewardPushKind,
  reward: RewardPushFacts,
  t: KeyTranslator,
  locale: Locale,
  /** The owner's own words for a reminder (the "reward expiring" automation's wording): the body, as typed. */
  note: string | null = null,
): RewardPushPayload {
  const values = { business: reward.businessName, reward: reward.name };
  const [title, body] =
    kind === "reward-earned"
      ? [t("push.notification.earned.title", values), t("push.notification.earned.body", values)]
      : [
          t("push.notification.expiring.title", values),
          t("push.notification.expiring.body", {
            ...values,
            date: formatInstantIn(reward.expiresAt ?? new Date(), displayZone(reward.timeZone), locale),
          }),
        ];
  return {
    title,
    body: kind === "reward-expiring" && note ? note : body,
    url: rewardPath(reward.id),
    tag: rewardEventKey(kind, reward.id),
    icon: PUSH_ICON,
    lang: locale,
  };
}

// A tag health alert pushed to its business's owner (docs/tag-health.md,
// "Alerts"): the mail's facts, shorter: which tag, what was seen, what to check.

export type TagAlertPushKind = "SILENT" | "BURST" | "OUT_OF_HOURS" | "PLAIN_URL";

export type TagAlertPushFacts = {
  alertId: string;
  kind: TagAlertPushKind;
  /** The tag as the owner knows it: its label, else its id. */
  tag: string;
  location: string | null;
  businessId: string;
  businessName: string;
  days: number;
  taps: number;
  usual: number;
};

const TAG_ALERT_PUSH_KEY: Record<TagAlertPushKind, string> = {
  SILENT: "silent",
  BURST: "burst",
  OUT_OF_HOURS: "outOfHours",
  PLAIN_URL: "plainUrl",
};

/** How long a push service keeps a tag alert for an offline browser: a day (the next check may tell more). */
export const TAG_ALERT_PUSH_TTL_SECONDS = 24 * 3600;

/** The event a tag alert's push is about, "tag-alert:<alertId>": each subscription gets it once. */
export function tagAlertEventKey(alertId: string): string {
  return `tag-alert:${alertId}`;
}

/** The business's tag list in the dashboard, where each tag's health is shown. */
export function tagListPath(businessId: string): string {
  return `/dashboard/business/${encodeURIComponent(businessId)}?tab=tags`;
}

/**
 * Why a tag alert is not pushed to the owner (null: push). The owner's
 * choices about the alert mail hold for its push as well: the account's
 * Notifications switch, "Stop mails from <business>"; a disabled account or a
 * withdrawn business is told nothing. An address (missing, unconfirmed) only
 * matters to the mail.
 */
export function tagAlertPushSkipReason(facts: {
  notificationsEnabled: boolean;
  disabled: boolean;
  businessWithdrawn: boolean;
  optedOut: boolean;
}): string | null {
  if (facts.disabled) return "account disabled";
  if (!facts.notificationsEnabled) return "notifications turned off";
  if (facts.businessWithdrawn) return "business withdrawn";
  if (facts.optedOut) return "unsubscribed from this business";
  return null;
}

/** The alert's notification in the owner's language (`t` over their locale's catalog). */
export function tagAlertPushPayload(facts: TagAlertPushFacts, t: KeyTranslator, locale: Locale): PushPayload {
  const key = `push.tagAlert.${TAG_ALERT_PUSH_KEY[facts.kind]}`;
  const values = {
    business: facts.businessName,
    tag: facts.tag,
    days: facts.days,
    taps: facts.taps,
    usual: facts.usual,
  };
  const body = t(`${key}.body`, values);
  return {
    title: t(`${key}.title`, values),
    body: facts.location ? `${t("push.tagAlert.where", { location: facts.location })} ${body}` : body,
    url: tagListPath(facts.businessId),
    tag: tagAlertEventKey(facts.alertId),
    icon: PUSH_ICON,
    lang: locale,
  };
}
