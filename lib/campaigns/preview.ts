import "server-only";
// PLACEHOLDER (composer branch): the `sending` engineer owns this file; dropped at merge.

export type CampaignPreview = {
  wallet: { text: string };
  push: { title: string; body: string };
  email: { subject: string; text: string; html: string };
};

export function campaignPreview(
  campaign: { name: string; message: string },
  business: { name: string },
  locale: string,
): CampaignPreview {
  void locale;
  return {
    wallet: { text: campaign.message },
    push: { title: business.name, body: campaign.message },
    email: {
      subject: `${business.name}: ${campaign.name}`,
      text: `${campaign.message}\n\n${business.name}`,
      html: `<p>${campaign.message}</p>`,
    },
  };
}
