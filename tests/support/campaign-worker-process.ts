// A worker process that works the "campaign.send" queue with the product's
// own batch sender, for one test campaign (CAMPAIGN_TEST_ID). Other files share
// the test database and drive their own campaigns' batches by calling the
// sender themselves, so their jobs are taken and left undone here, quietly:
// failing them would only fill the run's log with their retries. Its mailer
// announces each mail before it goes to the SMTP server (SMTP_URL) and after;
// from the CAMPAIGN_TEST_BLOCK_FROM-th mail on (1-based; unset: never) it
// announces the mail and holds it for ever, so a test can kill the process
// with recipients claimed and not sent, and no mail half sent.
// Run: node --conditions=react-server --import tsx <this file>.
import { sendCampaignBatch } from "@/lib/campaigns/send";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { workQueue } from "@/lib/jobs/worker";
import { mailer, setMailer, type Mail } from "@/lib/mail";

async function main() {
  const campaignId = process.env.CAMPAIGN_TEST_ID;
  if (!campaignId) throw new Error("CAMPAIGN_TEST_ID is not set");
  const blockFrom = Number(process.env.CAMPAIGN_TEST_BLOCK_FROM ?? Infinity);
  const smtp = mailer();
  let mails = 0;
  setMailer({
    async send(mail: Mail) {
      console.log(JSON.stringify({ event: "sending", to: mail.to }));
      if (++mails >= blockFrom) await new Promise(() => {});
      await smtp.send(mail);
      console.log(JSON.stringify({ event: "sent", to: mail.to }));
    },
  });
  const boss = await getBoss("worker");
  await workQueue(
    boss,
    "campaign.send",
    async (data) => {
      if ((data as { campaignId?: string }).campaignId !== campaignId) return;
      await sendCampaignBatch(data, new Date(), { limit: 10, minBatchMs: 0 });
    },
    0.5,
  );
  console.log(JSON.stringify({ event: "ready" }));
  process.once("SIGTERM", () => void stopBoss().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
