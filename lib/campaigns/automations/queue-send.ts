import "server-only";
import { enqueue } from "@/lib/jobs/enqueue";

// The one place automations hand their newly enrolled customers to the
// campaign sender. It queues what queueCampaignSend (lib/campaigns/send.ts)
// queues, a "campaign.send" job for the standing campaign; the sender decides
// consent, cap, quiet hours and channel per recipient.

export async function queueAutomationSend(campaignId: string): Promise<void> {
  await enqueue([{ name: "campaign.send", data: { campaignId } }]);
}
