import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { saveOutreachSettings } from "@/lib/campaigns/consent";
import { createCampaign, scheduleCampaign } from "@/lib/campaigns/manage";
import { queueCampaignSend, startCampaign } from "@/lib/campaigns/send";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { campaignBusiness, draft, dropCampaignJobs, manyCustomers } from "../support/campaigns";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

// Sent once across a crash (docs/campaigns.md, "Sent once"): a worker process
// of the real queue is killed with SIGKILL in the middle of a batch, after it
// claimed recipients and before it mailed them; a second process takes the
// stale claims over and finishes the campaign. Every recipient gets exactly
// one mail. (The window where a mail was accepted by the server and the
// process died before writing SENT is the one place a mail could go twice;
// the kill here is placed outside it: every mail from the 13th on is held
// before sending, and the kill waits until the first 12 are written SENT.)

let smtp: SmtpStandIn;
const children: ChildProcess[] = [];
const campaigns: string[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await dropCampaignJobs(campaigns);
  await smtp.close();
  process.env = { ...saved };
  await db.$disconnect();
});

function startWorker(campaignId: string, blockFrom: number | null) {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/support/campaign-worker-process.ts"],
    {
      env: {
        ...process.env,
        CAMPAIGN_TEST_ID: campaignId,
        ...(blockFrom ? { CAMPAIGN_TEST_BLOCK_FROM: String(blockFrom) } : {}),
        SMTP_URL: smtp.url,
        JOB_MAINTENANCE_SECONDS: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  children.push(child);
  const events: { event: string; to?: string }[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      events.push(JSON.parse(line));
    } catch {
      return;
    }
    waiters.splice(0).forEach((wake) => wake());
  });
  const until = (done: () => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker: timed out (${JSON.stringify(events.slice(-3))})`)),
        timeoutMs,
      );
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { child, events, until };
}

test("a worker killed mid-batch: the next one finishes the campaign and nobody gets a mail twice", async () => {
  const { business, owner } = await campaignBusiness();
  // No quiet hours: the workers send on the real clock, whatever time the test runs.
  await saveOutreachSettings(business.id, { capMessages: 1, capDays: 7, quietStartMinute: 0, quietEndMinute: 0 });
  const members = await manyCustomers(business.id, 30);
  const created = await createCampaign(owner.id, draft(business.id));
  if (!created.ok) throw new Error("create");
  campaigns.push(created.id);
  expect(await scheduleCampaign(owner.id, created.id, null)).toMatchObject({ ok: true, recipients: 30 });
  await dropCampaignJobs([created.id]);
  expect(await startCampaign({ campaignId: created.id })).toBe("started");

  // The first worker holds every mail from its 13th on (claimed, not sent); it is killed once the 12
  // before are sent and written SENT, with its batch's other claims still out.
  const first = startWorker(created.id, 13);
  const count = (event: string) => first.events.filter((e) => e.event === event).length;
  await first.until(() => count("sent") === 12 && count("sending") >= 13, 60_000);
  const written = Date.now() + 30_000;
  while ((await db.campaignRecipient.count({ where: { campaignId: created.id, status: "SENT" } })) < 12) {
    if (Date.now() > written) throw new Error("the first worker's 12 mails were not written SENT");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));
  const sentBefore = first.events.filter((e) => e.event === "sent").length;
  const states = await queryRows<{ status: string; n: number }>(
    `SELECT status::text, count(*)::int AS n FROM "CampaignRecipient" WHERE "campaignId" = $1::text GROUP BY status`,
    [created.id],
  );
  const byState = Object.fromEntries(states.map((s) => [s.status, s.n]));
  expect(byState.SENT).toBe(sentBefore);
  // Its batch's claims are left behind: recipients no one may send to until the claims are stale.
  expect(byState.SENDING).toBeGreaterThan(0);
  expect(smtp.mails).toHaveLength(sentBefore);

  // The queue's time limit (120 s) passes: the claims are stale, and the lost job comes back.
  await queryRows(
    `UPDATE "CampaignRecipient" SET "claimedAt" = "claimedAt" - interval '121 seconds' WHERE "campaignId" = $1::text AND status = 'SENDING'`,
    [created.id],
  );
  await dropCampaignJobs([created.id]);
  await queueCampaignSend(created.id);

  const second = startWorker(created.id, null);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status } = await db.campaign.findUniqueOrThrow({ where: { id: created.id }, select: { status: true } });
    if (status === "SENT") break;
    if (Date.now() > deadline) throw new Error(`campaign still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  second.child.kill("SIGKILL");

  const emails = await db.user.findMany({ where: { id: { in: members } }, select: { email: true } });
  for (const { email } of emails) expect([email, smtp.to(email!).length]).toEqual([email, 1]);
  expect(smtp.mails).toHaveLength(30);
  expect(await db.campaignRecipient.count({ where: { campaignId: created.id, status: "SENT" } })).toBe(30);
}, 120_000);
