import "server-only";
import { resolveTheme } from "@/lib/business/theme";
import { campaignMessage, type CampaignMessage } from "@/lib/campaigns/message";
import type { Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { siteUrl } from "@/lib/site";

// The composer's preview (docs/campaigns.md, "Channels"): the wallet text, the
// push and the mail as a recipient in `locale` would get them, with links that
// lead to the business's card and nowhere else (no recipient, no tracking).

export type CampaignPreview = {
  wallet: { text: string; header: string };
  push: { title: string; body: string };
  email: { subject: string; text: string; html: string };
};

export async function campaignPreview(
  campaign: { message: string },
  business: { name: string; slug: string; theme?: unknown },
  locale: Locale,
): Promise<CampaignPreview> {
  const card = `${siteUrl()}/b/${encodeURIComponent(business.slug)}`;
  const color = resolveTheme(business.theme ?? {}).primaryColor;
  const rendered: CampaignMessage = campaignMessage(
    { message: campaign.message, business: { name: business.name, color } },
    { click: card, clickPath: `/b/${encodeURIComponent(business.slug)}`, open: null, unsubscribe: card },
    await getKeyTranslator(locale),
    locale,
  );
  return {
    wallet: rendered.wallet,
    push: { title: rendered.push.title, body: rendered.push.body },
    email: rendered.email,
  };
}
