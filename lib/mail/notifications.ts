import { formatDay, formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message";
import { siteName } from "@/lib/site-name";
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument, type MailLink } from "./layout";
import { displayZone } from "@/lib/time/display-zone";

// The notification mails (docs/notifications.md): what each says, from the
// `mail` catalog in the recipient's language, laid out by ./layout. Pure: the
// handlers (lib/notifications/mail-jobs.ts) read the facts and the links, these
// functions only write; unit tests call them with a translator of the catalog.

export type RenderedMail = { subject: string; text: string; html: string };

/** The links every notification mail ends with. `unsubscribe` stops this kind (one business, or every mail for an account-wide one). */
export type FooterLinks = { unsubscribe: string; unsubscribeAll: string; settings: string };

export type RewardMailKind = "earned" | "expiring";

export type RewardMailFacts = {
  firstName: string | null;
  reward: { name: string; code: string; expiresAt: Date | null };
  business: { name: string; color: string | null; timeZone: string };
  /** The customer's page of the reward: its code and QR, shown at the counter. */
  rewardUrl: string;
  /** The owner's own words, as typed (the "reward expiring" automation's wording, docs/campaigns.md). */
  note?: string | null;
};

export type WelcomeMailFacts = { firstName: string | null; ownsBusiness: boolean; startUrl: string };

export type SummaryPeriod = "DAILY" | "WEEKLY";

export type OwnerSummaryFacts = {
  firstName: string | null;
  business: { name: string; color: string | null };
  period: SummaryPeriod;
  /** First and last local day of the period (YYYY-MM-DD). */
  fromDay: string;
  toDay: string;
  stats: { visits: number; newCustomers: number; rewardsRedeemed: number };
  insightsUrl: string;
};

// A subject is one header line: an owner's name never breaks it (the mailer refuses line breaks).
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

function greeting(t: KeyTranslator, firstName: string | null): MailBlock {
  const name = firstName?.trim();
  return { kind: "paragraph", text: name ? t("mail.common.greeting", { name }) : t("mail.common.greetingAnonymous") };
}

function render(subject: string, doc: Omit<MailDocument, "title">): RenderedMail {
  const full = { ...doc, title: oneLine(subject) };
  return { subject: oneLine(subject), text: renderMailText(full), html: renderMailHtml(full) };
}

/** A reward earned, or about to expire: the reward, the business, its code and how to redeem it. */
export function rewardMail(
  kind: RewardMailKind,
  facts: RewardMailFacts,
  links: FooterLinks,
  t: KeyTranslator,
  locale: Locale,
): RenderedMail {
  const { reward, business } = facts;
  // The expiry as the business's clock reads it: the day a customer must come by.
  const date = reward.expiresAt
    ? formatInstantIn(reward.expiresAt, displayZone(business.timeZone), locale, true)
    : null;
  const values = { reward: reward.name, business: business.name, code: reward.code, date: date ?? "" };
  const key = kind === "earned" ? "mail.rewardEarned" : "mail.rewardExpiring";
  const blocks: MailBlock[] = [
    { kind: "heading", text: t(`${key}.heading`, values) },
    greeting(t, facts.firstName),
    { kind: "paragraph", text: t(`${key}.intro`, values) },
    ...(facts.note ? [{ kind: "paragraph" as const, text: facts.note }] : []),
    { kind: "code", label: t("mail.reward.codeLabel"), code: reward.code },
    { kind: "paragraph", text: t("mail.reward.howTo", values) },
    ...(kind === "earned" && date ? [{ kind: "paragraph" as const, text: t("mail.reward.validUntil", { date }) }] : []),
    { kind: "button", label: t("mail.reward.button"), href: facts.rewardUrl },
  ];
  return render(t(`${key}.subject`, values), {
    lang: locale,
    preheader: t(`${key}.preheader`, values),
    brand: { name: business.name, color: business.color },
    blocks,
    footer: {
      text: t("mail.common.whyCustomer", { business: business.name, site: siteName }),
      links: businessFooter(t, links, t("mail.common.unsubscribeBusiness", { business: business.name })),
    },
  });
}

/** The first mail of a new account: what to do next, for a customer or a business owner. */
export function welcomeMail(
  facts: WelcomeMailFacts,
  links: Pick<FooterLinks, "unsubscribeAll" | "settings">,
  t: KeyTranslator,
  locale: Locale,
): RenderedMail {
  const values = { site: siteName };
  return render(t("mail.welcome.subject", values), {
    lang: locale,
    preheader: t("mail.welcome.preheader", values),
    brand: { name: siteName },
    blocks: [
      { kind: "heading", text: t("mail.welcome.heading", values) },
      greeting(t, facts.firstName),
      { kind: "paragraph", text: t(facts.ownsBusiness ? "mail.welcome.owner" : "mail.welcome.customer", values) },
      {
        kind: "button",
        label: t(facts.ownsBusiness ? "mail.welcome.ownerButton" : "mail.welcome.customerButton"),
        href: facts.startUrl,
      },
    ],
    footer: {
      text: t("mail.common.whyAccount", values),
      links: [
        { label: t("mail.common.unsubscribeAll", values), href: links.unsubscribeAll },
        { label: t("mail.common.settings"), href: links.settings },
      ],
    },
  });
}

/** An owner's daily or weekly figures: visits, new customers, rewards redeemed, and the way to the insights page. */
export function ownerSummaryMail(
  facts: OwnerSummaryFacts,
  links: FooterLinks,
  t: KeyTranslator,
  locale: Locale,
): RenderedMail {
  const number = new Intl.NumberFormat(locale);
  const from = formatDay(`${facts.fromDay}T00:00:00.000Z`, locale);
  const to = formatDay(`${facts.toDay}T00:00:00.000Z`, locale);
  const values = { business: facts.business.name, period: facts.period, from, to };
  return render(t("mail.ownerSummary.subject", values), {
    lang: locale,
    preheader: t("mail.ownerSummary.preheader", {
      visits: facts.stats.visits,
      newCustomers: facts.stats.newCustomers,
      redeemed: facts.stats.rewardsRedeemed,
    }),
    brand: { name: facts.business.name, color: facts.business.color },
    blocks: [
      { kind: "heading", text: t("mail.ownerSummary.heading", values) },
      greeting(t, facts.firstName),
      { kind: "paragraph", text: t("mail.ownerSummary.intro", values) },
      {
        kind: "stats",
        items: [
          { label: t("mail.ownerSummary.visits"), value: number.format(facts.stats.visits) },
          { label: t("mail.ownerSummary.newCustomers"), value: number.format(facts.stats.newCustomers) },
          { label: t("mail.ownerSummary.rewardsRedeemed"), value: number.format(facts.stats.rewardsRedeemed) },
        ],
      },
      { kind: "button", label: t("mail.ownerSummary.button"), href: facts.insightsUrl },
    ],
    footer: {
      text: t("mail.common.whyOwner", { business: facts.business.name, site: siteName }),
      links: businessFooter(t, links, t("mail.common.unsubscribeSummary")),
    },
  });
}

function businessFooter(t: KeyTranslator, links: FooterLinks, unsubscribeLabel: string): MailLink[] {
  return [
    { label: unsubscribeLabel, href: links.unsubscribe },
    { label: t("mail.common.unsubscribeAll", { site: siteName }), href: links.unsubscribeAll },
    { label: t("mail.common.settings"), href: links.settings },
  ];
}

export type WebhookDisabledFacts = {
  firstName: string | null;
  business: string;
  url: string;
  /** The owner's webhooks page, where the endpoint is turned back on. */
  pageUrl: string;
};

/** An owner's webhook endpoint was turned off after failing for a day (docs/webhooks.md): which, why, and where to turn it back on. */
export function webhookDisabledMail(facts: WebhookDisabledFacts, t: KeyTranslator, locale: Locale): RenderedMail {
  const values = { business: facts.business, url: facts.url, site: siteName };
  return render(t("mail.webhookDisabled.subject", values), {
    lang: locale,
    preheader: t("mail.webhookDisabled.preheader", values),
    brand: { name: siteName },
    blocks: [
      { kind: "heading", text: t("mail.webhookDisabled.heading", values) },
      greeting(t, facts.firstName),
      { kind: "paragraph", text: t("mail.webhookDisabled.intro", values) },
      { kind: "paragraph", text: t("mail.webhookDisabled.fix", values) },
      { kind: "button", label: t("mail.webhookDisabled.button"), href: facts.pageUrl },
    ],
    footer: { text: t("mail.webhookDisabled.why", values), links: [] },
  });
}

export type BusinessDeletedFacts = {
  firstName: string | null;
  business: { name: string; color: string | null };
  /** The rewards the customer had ready there, lost with the card. */
  readyRewards: number;
  walletUrl: string;
};

/**
 * A business the customer had a card at was deleted (docs/business-lifecycle.md):
 * a service message, sent once; no unsubscribe, as it is the last one about it.
 */
export function businessDeletedMail(facts: BusinessDeletedFacts, t: KeyTranslator, locale: Locale): RenderedMail {
  const values = { business: facts.business.name, site: siteName };
  return render(t("lifecycle.mail.subject", values), {
    lang: locale,
    preheader: t("lifecycle.mail.preheader", values),
    brand: { name: facts.business.name, color: facts.business.color },
    blocks: [
      { kind: "heading", text: t("lifecycle.mail.heading", values) },
      greeting(t, facts.firstName),
      { kind: "paragraph", text: t("lifecycle.mail.intro", values) },
      ...(facts.readyRewards > 0
        ? [{ kind: "paragraph" as const, text: t("lifecycle.mail.rewardsLost", { count: facts.readyRewards }) }]
        : []),
      { kind: "paragraph", text: t("lifecycle.mail.rest", values) },
      { kind: "button", label: t("lifecycle.mail.button"), href: facts.walletUrl },
    ],
    footer: { text: t("lifecycle.mail.why", values), links: [] },
  });
}

export type TagAlertKind = "SILENT" | "BURST" | "OUT_OF_HOURS" | "PLAIN_URL";

export type TagAlertFacts = {
  firstName: string | null;
  business: { name: string; color: string | null };
  kind: TagAlertKind;
  /** The tag as the owner knows it: its label, else its id. */
  tag: string;
  location: string | null;
  /** What the check saw: days silent, taps in the hour or out of hours, the usual day. */
  days: number;
  taps: number;
  usual: number;
  /** The business's tag list, where the tag's health is shown. */
  tagsUrl: string;
};

const TAG_ALERT_KEY: Record<TagAlertKind, string> = {
  SILENT: "silent",
  BURST: "burst",
  OUT_OF_HOURS: "outOfHours",
  PLAIN_URL: "plainUrl",
};

/** A tag health alert (docs/tag-health.md): what was seen on which tag, and what to check. */
export function tagAlertMail(facts: TagAlertFacts, links: FooterLinks, t: KeyTranslator, locale: Locale): RenderedMail {
  const key = `mail.tagAlert.${TAG_ALERT_KEY[facts.kind]}`;
  const values = {
    business: facts.business.name,
    tag: facts.tag,
    location: facts.location ?? "",
    days: facts.days,
    taps: facts.taps,
    usual: facts.usual,
  };
  return render(t(`${key}.subject`, values), {
    lang: locale,
    preheader: t(`${key}.what`, values),
    brand: { name: facts.business.name, color: facts.business.color },
    blocks: [
      { kind: "heading", text: t(`${key}.subject`, values) },
      greeting(t, facts.firstName),
      { kind: "paragraph", text: t(`${key}.what`, values) },
      ...(facts.location
        ? [{ kind: "paragraph" as const, text: t("mail.tagAlert.where", { location: facts.location }) }]
        : []),
      { kind: "paragraph", text: t(`${key}.check`, values) },
      { kind: "paragraph", text: t("mail.tagAlert.once") },
      { kind: "button", label: t("mail.tagAlert.button"), href: facts.tagsUrl },
    ],
    footer: {
      text: t("mail.tagAlert.why", { business: facts.business.name, site: siteName }),
      links: businessFooter(t, links, t("mail.common.unsubscribeBusiness", { business: facts.business.name })),
    },
  });
}
