import { createCampaign, scheduleCampaign } from "@/lib/campaigns/manage";
import { sendCampaignBatch, startCampaign } from "@/lib/campaigns/send";
import { db } from "@/lib/db";
import { renderApplePass } from "@/lib/wallet/apple/render";
import { appleTestCredentials } from "../support/apple-wallet-certs";
import { passJsonOf } from "../support/apple-wallet-device";
import { campaignBusiness, customer, draft, dropCampaignJobs } from "../support/campaigns";
import { uid } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

// The Apple Wallet channel: a customer whose card is on a registered device
// gets the campaign's message on the pass (a back field with a
// changeMessage, which Wallet shows on the lock screen), the pass's new
// version and the devices' push queued; no mail.

const credentials = appleTestCredentials();
const saved = { ...process.env };
const campaigns: string[] = [];
let smtp: SmtpStandIn;
const NOON = new Date("2030-06-10T10:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  Object.assign(process.env, credentials.env(), { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await dropCampaignJobs(campaigns);
  await smtp.close();
  process.env = { ...saved };
  await db.$disconnect();
});

test("the message goes to the Apple pass, with a changeMessage, and its devices are told", async () => {
  const { business, owner } = await campaignBusiness();
  const { user, membership } = await customer(business.id, { language: "es" });
  const pass = await db.applePass.create({
    data: {
      serialNumber: `s-${uid()}`,
      authenticationToken: `tok-${uid()}-0123456789abcdef`,
      membershipId: membership.id,
      businessName: business.name,
    },
  });
  await db.appleDeviceRegistration.create({
    data: { deviceLibraryIdentifier: `dev-${uid()}`, pushToken: `push-${uid()}`, passId: pass.id },
  });
  const created = await createCampaign(owner.id, draft(business.id, { message: "¡Dos sellos por uno!" }));
  if (!created.ok) throw new Error("create");
  campaigns.push(created.id);
  await scheduleCampaign(owner.id, created.id, null, NOON);
  await startCampaign({ campaignId: created.id }, NOON);
  await sendCampaignBatch({ campaignId: created.id }, NOON, { queueNext: false });

  expect(await db.campaignRecipient.findFirst({ where: { campaignId: created.id } })).toMatchObject({
    status: "SENT",
    channel: "WALLET",
  });
  const bumped = await db.applePass.findUniqueOrThrow({ where: { id: pass.id } });
  expect(bumped.version).toBe(1);
  expect(await jobsWhere(["wallet.apple-update"], "passId", [pass.id])).toHaveLength(1);
  const json = passJsonOf(await renderApplePass(bumped)) as { storeCard: { backFields: Record<string, unknown>[] } };
  expect(json.storeCard.backFields).toContainEqual({
    key: "news",
    label: `Novedades de ${business.name}`,
    value: "¡Dos sellos por uno!",
    changeMessage: "%@",
  });
  expect(smtp.to(user.email!)).toHaveLength(0);
});
