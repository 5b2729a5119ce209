import { escapeHtml, renderMailHtml, renderMailText, type MailDocument } from "@/lib/mail/layout";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message";
import { siteName } from "@/lib/site-name";

// What a campaign's recipient sees on each channel (docs/campaigns.md,
// "Channels"): the owner's text exactly as typed, inside a frame in the
// recipient's language (the `outreach` catalog). Pure: the sender and the
// composer's preview both call it, with the links of a real recipient or
// stand-in links.

export type CampaignMessageFacts = {
  message: string;
  business: { name: string; color: string | null };
};

export type CampaignMessageLinks = {
  /** The click redirect (to the customer's card), absolute. */
  click: string;
  /** The same, as the path a push notification opens. */
  clickPath: string;
  /** The open pixel, absolute; null leaves it out (a test message, a preview). */
  open: string | null;
  /** Withdraws this business's marketing consent. */
  unsubscribe: string;
};

export type CampaignMessage = {
  wallet: { header: string; text: string };
  push: { title: string; body: string; url: string };
  email: { subject: string; text: string; html: string };
};

// A subject is one header line: the business's name never breaks it.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

export function campaignMessage(
  facts: CampaignMessageFacts,
  links: CampaignMessageLinks,
  t: KeyTranslator,
  locale: Locale,
  test = false,
): CampaignMessage {
  const values = { business: facts.business.name, site: siteName };
  const title = oneLine(t("outreach.message.title", values));
  const subject = test ? oneLine(t("outreach.message.testSubject", values)) : title;
  const doc: MailDocument = {
    lang: locale,
    title: subject,
    preheader: facts.message,
    brand: { name: facts.business.name, color: facts.business.color },
    blocks: [
      ...(test ? [{ kind: "paragraph" as const, text: t("outreach.message.testNote") }] : []),
      { kind: "heading", text: title },
      { kind: "paragraph", text: facts.message },
      { kind: "button", label: t("outreach.message.button"), href: links.click },
    ],
    footer: {
      text: t("outreach.message.why", values),
      links: [{ label: t("outreach.message.stop", values), href: links.unsubscribe }],
    },
  };
  let html = renderMailHtml(doc);
  if (links.open)
    html = html.replace(
      "</body>",
      `<img src="${escapeHtml(links.open)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px;">\n</body>`,
    );
  return {
    wallet: { header: title, text: facts.message },
    push: { title, body: facts.message, url: links.clickPath },
    email: { subject, text: renderMailText(doc), html },
  };
}
