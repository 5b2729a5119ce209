import { getCurrentUser } from "@/lib/auth/current-user";
import {
  deleteWebhookAction,
  registerWebhookAction,
  resendWebhookAction,
  revealWebhookSecretAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  setWebhookEnabledAction,
} from "@/lib/actions/webhooks";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { HANDLERS } from "@/lib/jobs/handlers";
import { setMailer, type Mail } from "@/lib/mail";
import { redeemReward } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { webhookPayloadSchema, type WebhookEventType } from "@/lib/webhooks/events";
import { registerEndpoint, revealSecret } from "@/lib/webhooks/manage";
import { postWebhook } from "@/lib/webhooks/post";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/lib/webhooks/schedule";
import type { Resolver } from "@/lib/webhooks/target";
import { createCampaign, scheduleCampaign } from "@/lib/campaigns/manage";
import { sendCampaignBatch, startCampaign } from "@/lib/campaigns/send";
import { campaignBusiness, draft } from "../support/campaigns";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { jobsWhere, whileJobsRefused } from "../support/jobs";
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from "../support/webhook-receiver";

// Signed webhooks on the real database, delivered to a stand-in receiver on
// loopback (allowed only through the test switch LOYALTAP_TEST_WEBHOOK_ORIGINS).
// The queue's jobs are run here by calling their handler, so each attempt is
// the test's to drive; what each attempt queues is read back from the queue.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const saved = { ...process.env };
let receiver: WebhookReceiver;
const outbox: Mail[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  setMailer({ send: async (mail) => void outbox.push(mail) });
});
beforeEach(() => {
  process.env.LOYALTAP_TEST_WEBHOOK_ORIGINS = receiver.origin;
  receiver.answer([200]);
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  setMailer(null);
  await receiver.close();
  await db.$disconnect();
});

const asViewer = (user: AppUser | null) => jest.mocked(getCurrentUser).mockResolvedValue(user);
const appUser = async (id: string) => (await findActiveUserById(id))!;

type MessageRow = { id: string; eventType: string; status: string; attempts: number; payload: unknown };

async function messagesOf(endpointId: string): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    `SELECT "id", "eventType", "status", "attempts", "payload" FROM "WebhookMessage" WHERE "endpointId" = $1 ORDER BY "createdAt", "eventType"`,
    [endpointId],
  );
}

async function deliveryJobs(messageId: string) {
  return queryRows<{ attempt: number; manual: boolean | null; startAfter: Date }>(
    `SELECT (data->>'attempt')::int AS "attempt", (data->>'manual')::boolean AS "manual", start_after AS "startAfter"
     FROM jobs.job WHERE name = 'webhook.deliver' AND data->>'messageId' = $1 ORDER BY (data->>'attempt')::int`,
    [messageId],
  );
}

async function attemptsOf(messageId: string) {
  return queryRows<{ attempt: number; statusCode: number | null; latencyMs: number; error: string | null }>(
    `SELECT "attempt", "statusCode", "latencyMs", "error" FROM "WebhookAttempt" WHERE "messageId" = $1 ORDER BY "attempt"`,
    [messageId],
  );
}

/** A business with a 1-stamp program (each visit earns), its owner, and an endpoint on the receiver. */
async function businessWithEndpoint(
  events: WebhookEventType[] = ["visit.recorded", "reward.earned", "customer.joined"],
) {
  const setup = await createBusiness({ programs: [stampsProgram(1)], dailyTapLimit: 10 });
  const registered = await registerEndpoint(setup.business.id, { url: `${receiver.origin}/hooks`, events });
  if (!registered.ok) throw new Error(`endpoint refused: ${registered.error}`);
  const secret = await revealSecret(setup.business.id, registered.id);
  if (!secret.ok) throw new Error("no secret");
  return { ...setup, endpointId: registered.id, secret: secret.secret };
}

async function tap(business: { id: string }, tag: { id: string }, userId: string) {
  const visit = await recordVisit({ userId, businessId: business.id, tagId: tag.id, source: "TAG" });
  if (!visit.ok) throw new Error(`visit refused: ${visit.reason}`);
  return visit;
}

describe("events", () => {
  it("queue one message per subscribed event with the visit, each with one delivery job", async () => {
    const { business, tag, endpointId } = await businessWithEndpoint();
    const { user } = await createUser();
    const visit = await tap(business, tag, user.id);

    const messages = await messagesOf(endpointId);
    expect(messages.map((m) => m.eventType).sort()).toEqual(["customer.joined", "reward.earned", "visit.recorded"]);
    for (const message of messages) {
      const payload = webhookPayloadSchema(message.eventType as WebhookEventType).parse(message.payload);
      expect(payload.type).toBe(message.eventType);
      expect(await deliveryJobs(message.id)).toEqual([expect.objectContaining({ attempt: 1 })]);
    }
    const recorded = messages.find((m) => m.eventType === "visit.recorded")!.payload as {
      data: { visitId: string; source: string; customer: { id: string; cardNumber: string } };
    };
    expect(recorded.data).toMatchObject({ visitId: visit.tapId, source: "tap" });
    const earned = messages.find((m) => m.eventType === "reward.earned")!.payload as { data: { rewardId: string } };
    expect(earned.data.rewardId).toBe(visit.rewards[0]!.id);

    // A second visit: a visit and a reward, but the customer joined once.
    await tap(business, tag, user.id);
    const after = await messagesOf(endpointId);
    expect(after.filter((m) => m.eventType === "customer.joined")).toHaveLength(1);
    expect(after.filter((m) => m.eventType === "visit.recorded")).toHaveLength(2);
  });

  it("announce a redemption, and only the events an endpoint chose", async () => {
    const { business, tag, owner, endpointId } = await businessWithEndpoint(["reward.redeemed"]);
    const { user } = await createUser();
    const visit = await tap(business, tag, user.id);
    expect(await messagesOf(endpointId)).toEqual([]);
    const redeemed = await redeemReward(owner.user.id, { rewardId: visit.rewards[0]!.id });
    expect(redeemed.ok).toBe(true);
    const messages = await messagesOf(endpointId);
    expect(messages.map((m) => m.eventType)).toEqual(["reward.redeemed"]);
    expect(webhookPayloadSchema("reward.redeemed").parse(messages[0]!.payload).data.rewardId).toBe(
      visit.rewards[0]!.id,
    );
  });

  it("announce nothing when the visit rolls back, and nothing for a turned-off endpoint", async () => {
    const { business, tag, endpointId } = await businessWithEndpoint();
    const { user } = await createUser();
    await expect(
      whileJobsRefused(`NEW.name = 'webhook.deliver'`, () =>
        recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" }),
      ),
    ).rejects.toThrow();
    expect(await messagesOf(endpointId)).toEqual([]);
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(0);

    await db.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false } });
    await tap(business, tag, user.id);
    expect(await messagesOf(endpointId)).toEqual([]);
  });
});

describe("campaign.sent", () => {
  it("is queued when a campaign finishes sending, once", async () => {
    const { business, owner } = await campaignBusiness();
    const registered = await registerEndpoint(business.id, {
      url: `${receiver.origin}/campaigns`,
      events: ["campaign.sent"],
    });
    if (!registered.ok) throw new Error(registered.error);
    const now = new Date("2030-06-10T10:00:00Z");
    const created = await createCampaign(owner.id, draft(business.id));
    if (!created.ok) throw new Error(created.code);
    const scheduled = await scheduleCampaign(owner.id, created.id, null, now);
    if (!scheduled.ok) throw new Error(scheduled.code);
    await startCampaign({ campaignId: created.id }, now);
    for (let i = 0; i < 3; i++) await sendCampaignBatch({ campaignId: created.id }, now, { queueNext: false });
    const messages = await messagesOf(registered.id);
    expect(messages.map((m) => m.eventType)).toEqual(["campaign.sent"]);
    expect(webhookPayloadSchema("campaign.sent").parse(messages[0]!.payload).data).toMatchObject({
      campaignId: created.id,
      recipients: 0,
    });
  });
});

describe("delivery", () => {
  it("signs each message the Standard Webhooks way and logs the attempt", async () => {
    const { business, tag, endpointId, secret } = await businessWithEndpoint(["visit.recorded"]);
    const { user } = await createUser();
    await tap(business, tag, user.id);
    const [message] = await messagesOf(endpointId);
    const before = receiver.received.length;

    expect(await deliverWebhook({ messageId: message!.id, attempt: 1 })).toBe("delivered");
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe("/hooks");
    expect(got[0]!.headers["webhook-id"]).toBe(message!.id);
    expect(await verifyStandardWebhook(secret, got[0]!.headers, got[0]!.body)).toBe(true);
    // A body changed by one character, or another secret, does not verify.
    expect(await verifyStandardWebhook(secret, got[0]!.headers, got[0]!.body.replace("}", " }"))).toBe(false);
    const other = await revealSecret(business.id, (await businessWithEndpoint()).endpointId);
    expect(other.ok && (await verifyStandardWebhook(other.secret, got[0]!.headers, got[0]!.body))).toBe(false);
    expect(webhookPayloadSchema("visit.recorded").parse(JSON.parse(got[0]!.body)).type).toBe("visit.recorded");

    const attempts = await attemptsOf(message!.id);
    expect(attempts).toEqual([{ attempt: 1, statusCode: 200, latencyMs: expect.any(Number), error: null }]);
    expect((await messagesOf(endpointId))[0]!.status).toBe("SUCCEEDED");
    // The job run twice sends nothing more.
    expect(await deliverWebhook({ messageId: message!.id, attempt: 1 })).toBe("skipped");
    expect(receiver.received.length).toBe(before + 1);
  });

  it("tries a failed message again later, with growing delays, until a 2xx", async () => {
    const { business, tag, endpointId } = await businessWithEndpoint(["visit.recorded"]);
    const { user } = await createUser();
    await tap(business, tag, user.id);
    const [message] = await messagesOf(endpointId);
    receiver.answer([500, 503, 200]);

    const t0 = Date.now();
    expect(await deliverWebhook({ messageId: message!.id, attempt: 1 })).toBe("failed");
    let jobs = await deliveryJobs(message!.id);
    expect(jobs.map((job) => job.attempt)).toEqual([1, 2]);
    const firstDelay = jobs[1]!.startAfter.getTime() - t0;
    expect(firstDelay).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 - 1000);
    expect(firstDelay).toBeLessThan(RETRY_DELAYS_SECONDS[0] * 1000 + 5000);

    const t1 = Date.now();
    expect(await deliverWebhook({ messageId: message!.id, attempt: 2 })).toBe("failed");
    jobs = await deliveryJobs(message!.id);
    const secondDelay = jobs[2]!.startAfter.getTime() - t1;
    expect(secondDelay).toBeGreaterThan(firstDelay * 3);

    expect(await deliverWebhook({ messageId: message!.id, attempt: 3 })).toBe("delivered");
    expect((await attemptsOf(message!.id)).map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    const [settled] = await messagesOf(endpointId);
    expect(settled).toMatchObject({ status: "SUCCEEDED", attempts: 3 });
    expect((await deliveryJobs(message!.id)).map((job) => job.attempt)).toEqual([1, 2, 3]);
  });

  it("turns off an endpoint that failed every attempt for a day, and tells its owner in their language", async () => {
    const { business, tag, owner, endpointId } = await businessWithEndpoint(["visit.recorded"]);
    await db.user.update({ where: { id: owner.user.id }, data: { language: "es" } });
    const { user } = await createUser();
    await tap(business, tag, user.id);
    const [message] = await messagesOf(endpointId);
    receiver.answer([500]);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++)
      expect(await deliverWebhook({ messageId: message!.id, attempt })).toBe("failed");
    expect(await deliveryJobs(message!.id)).toHaveLength(MAX_ATTEMPTS);
    expect((await attemptsOf(message!.id)).every((a) => a.statusCode === 500)).toBe(true);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: "failing" });
    expect((await messagesOf(endpointId))[0]!.status).toBe("FAILED");

    const mails = await jobsWhere(["mail.webhook-disabled"], "endpointId", [endpointId]);
    expect(mails).toHaveLength(1);
    const sent = outbox.length;
    await HANDLERS["mail.webhook-disabled"]!(mails[0]!.data, { id: mails[0]!.id, retryCount: 0 });
    expect(outbox.slice(sent)).toEqual([
      expect.objectContaining({ to: owner.user.email, subject: expect.stringContaining("Se ha desactivado") }),
    ]);
    // A new visit sends nothing to a turned-off endpoint.
    await tap(business, tag, user.id);
    expect(await messagesOf(endpointId)).toHaveLength(1);
  });

  it("keeps an endpoint on when it accepted a delivery since the failing message was created", async () => {
    const { business, tag, endpointId } = await businessWithEndpoint(["visit.recorded"]);
    const { user } = await createUser();
    await tap(business, tag, user.id);
    await tap(business, tag, user.id);
    const [first, second] = await messagesOf(endpointId);
    receiver.answer([200]);
    expect(await deliverWebhook({ messageId: second!.id, attempt: 1 })).toBe("delivered");
    receiver.answer([500]);
    expect(await deliverWebhook({ messageId: first!.id, attempt: MAX_ATTEMPTS })).toBe("failed");
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).toMatchObject({
      enabled: true,
    });
  });
});

describe("where a webhook may go", () => {
  const refusedUrls = [
    "https://127.0.0.1/hooks",
    "https://10.0.0.1/hooks",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hooks",
    "https://[::ffff:127.0.0.1]/hooks",
    "https://localhost/hooks",
  ];

  it.each(refusedUrls)("refuses %s at registration", async (url) => {
    const { business } = await createBusiness();
    expect(await registerEndpoint(business.id, { url, events: ["visit.recorded"] })).toEqual({
      ok: false,
      error: "webhooks.validation.urlNotPublic",
    });
    expect(await db.webhookEndpoint.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("refuses a name that resolves to a private or metadata address, and plain http", async () => {
    const { business } = await createBusiness();
    const resolver: Resolver = async (name) =>
      name === "rebind.example"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.1", family: 4 },
          ]
        : [{ address: "169.254.169.254", family: 4 }];
    for (const url of ["https://rebind.example/hooks", "https://metadata.example/"])
      expect(await registerEndpoint(business.id, { url, events: ["visit.recorded"] }, resolver)).toEqual({
        ok: false,
        error: "webhooks.validation.urlNotPublic",
      });
    expect(await registerEndpoint(business.id, { url: "http://93.184.216.34/", events: ["visit.recorded"] })).toEqual({
      ok: false,
      error: "webhooks.validation.urlNotHttps",
    });
    // Without the test switch, the loopback receiver itself is refused.
    delete process.env.LOYALTAP_TEST_WEBHOOK_ORIGINS;
    expect(
      await registerEndpoint(business.id, { url: `${receiver.origin}/hooks`, events: ["visit.recorded"] }),
    ).toMatchObject({ ok: false });
  });

  it("checks the address again on every delivery: a name that now resolves to loopback gets nothing", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(5)], dailyTapLimit: 10 });
    const publicName: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const registered = await registerEndpoint(
      business.id,
      { url: `https://hooks.example:${receiver.port}/in`, events: ["visit.recorded"] },
      publicName,
    );
    expect(registered.ok).toBe(true);
    const endpointId = (registered as { id: string }).id;
    const { user } = await createUser();
    await tap(business, tag, user.id);
    const [message] = await messagesOf(endpointId);
    const before = receiver.received.length;
    const rebound: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await deliverWebhook({ messageId: message!.id, attempt: 1 }, { resolve: rebound })).toBe("failed");
    expect(receiver.received.length).toBe(before);
    expect(await attemptsOf(message!.id)).toEqual([
      { attempt: 1, statusCode: null, latencyMs: 0, error: "refused: not public" },
    ]);
  });

  it("connects to the address it checked, whatever the name resolves to, with the name as Host", async () => {
    const before = receiver.received.length;
    const result = await postWebhook(
      new URL(`http://never-resolved.invalid:${receiver.port}/x`),
      { address: "127.0.0.1", family: 4 },
      { "webhook-id": "msg_test" },
      "{}",
    );
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received.slice(before)).toEqual([
      expect.objectContaining({
        path: "/x",
        headers: expect.objectContaining({ host: `never-resolved.invalid:${receiver.port}` }),
      }),
    ]);
  });
});

describe("the owner's actions", () => {
  async function ownerWithStaff() {
    const { owner, business, tag } = await createBusiness({ programs: [stampsProgram(5)], dailyTapLimit: 10 });
    const { user: staffRow } = await createUser();
    await db.businessStaff.create({ data: { businessId: business.id, userId: staffRow.id } });
    return { business, tag, owner: await appUser(owner.user.id), staff: await appUser(staffRow.id) };
  }

  it("let the owner register, reveal, test, resend, turn off and delete; staff and strangers get not-found", async () => {
    const { business, tag, owner, staff } = await ownerWithStaff();
    const stranger = await appUser((await createUser()).user.id);
    const input = { businessId: business.id, url: `${receiver.origin}/owner`, events: ["visit.recorded"] };

    for (const viewer of [staff, stranger]) {
      asViewer(viewer);
      expect(await registerWebhookAction(input)).toMatchObject({ ok: false });
    }
    expect(await db.webhookEndpoint.count({ where: { businessId: business.id } })).toBe(0);

    asViewer(owner);
    const registered = await registerWebhookAction(input);
    expect(registered).toEqual({ ok: true, id: expect.any(String) });
    const endpointId = (registered as { id: string }).id;
    const target = { businessId: business.id, endpointId };

    for (const viewer of [staff, stranger]) {
      asViewer(viewer);
      const refused = await revealWebhookSecretAction(target);
      expect(refused).toMatchObject({ ok: false });
      expect(refused).not.toHaveProperty("secret");
      expect(await deleteWebhookAction(target)).toMatchObject({ ok: false });
      expect(await setWebhookEnabledAction({ ...target, enabled: false })).toMatchObject({ ok: false });
    }

    asViewer(owner);
    const revealed = await revealWebhookSecretAction(target);
    expect(revealed).toEqual({ ok: true, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/) });
    // Stored encrypted: the secret's text is nowhere in the row.
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(row.secretEncrypted).not.toContain((revealed as { secret: string }).secret.slice(6));

    // The test event: one attempt, signed, in the log.
    const before = receiver.received.length;
    expect(await sendTestWebhookAction(target)).toEqual({ ok: true });
    const [test] = await messagesOf(endpointId);
    const [testJob] = await deliveryJobs(test!.id);
    expect(testJob).toMatchObject({ attempt: 1, manual: true });
    expect(await deliverWebhook({ messageId: test!.id, attempt: 1, manual: true })).toBe("delivered");
    expect(
      await verifyStandardWebhook(
        (revealed as { secret: string }).secret,
        receiver.received[before]!.headers,
        receiver.received[before]!.body,
      ),
    ).toBe(true);

    // Send again: a settled message gets one more attempt; a stranger's try changes nothing.
    asViewer(stranger);
    expect(await resendWebhookAction({ businessId: business.id, messageId: test!.id })).toMatchObject({ ok: false });
    asViewer(owner);
    expect(await resendWebhookAction({ businessId: business.id, messageId: test!.id })).toEqual({ ok: true });
    expect((await deliveryJobs(test!.id)).map((job) => job.attempt)).toEqual([1, 2]);
    expect(await resendWebhookAction({ businessId: business.id, messageId: test!.id })).toMatchObject({ ok: false });
    expect(await deliverWebhook({ messageId: test!.id, attempt: 2, manual: true })).toBe("delivered");
    expect((await attemptsOf(test!.id)).map((a) => a.attempt)).toEqual([1, 2]);

    // Bad input: a clear message, nothing written.
    expect(await registerWebhookAction({ ...input, events: [] })).toMatchObject({
      ok: false,
      error: "Choose at least one event.",
    });
    expect(await registerWebhookAction({ ...input, url: "http://93.184.216.34/" })).toMatchObject({
      ok: false,
      error: "The URL must start with https://.",
    });

    // A new secret replaces the old one at once: the next message verifies with it only.
    const rotated = await rotateWebhookSecretAction(target);
    expect(rotated).toEqual({ ok: true, secret: expect.stringMatching(/^whsec_/) });
    const fresh = (rotated as { secret: string }).secret;
    expect(fresh).not.toBe((revealed as { secret: string }).secret);
    expect(await revealWebhookSecretAction(target)).toEqual({ ok: true, secret: fresh });
    expect(await sendTestWebhookAction(target)).toEqual({ ok: true });
    const second = (await messagesOf(endpointId)).find((m) => m.id !== test!.id)!;
    const sentBefore = receiver.received.length;
    expect(await deliverWebhook({ messageId: second.id, attempt: 1, manual: true })).toBe("delivered");
    const latest = receiver.received[sentBefore]!;
    expect(await verifyStandardWebhook(fresh, latest.headers, latest.body)).toBe(true);
    expect(await verifyStandardWebhook((revealed as { secret: string }).secret, latest.headers, latest.body)).toBe(
      false,
    );

    expect(await setWebhookEnabledAction({ ...target, enabled: false })).toEqual({ ok: true });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).disabledReason).toBe("owner");
    await tap(business, tag, (await createUser()).user.id);
    expect(await messagesOf(endpointId)).toHaveLength(2);
    expect(await deleteWebhookAction(target)).toEqual({ ok: true });
    expect(await db.webhookEndpoint.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe("a business without endpoints", () => {
  it("writes no message and queues no webhook job on a tap", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(1)], dailyTapLimit: 10 });
    const { user } = await createUser();
    await tap(business, tag, user.id);
    const [row] = await queryRows<{ count: string }>(
      `SELECT count(*) FROM "WebhookMessage" m JOIN "WebhookEndpoint" e ON e."id" = m."endpointId" WHERE e."businessId" = $1`,
      [business.id],
    );
    expect(Number(row!.count)).toBe(0);
  });
});
