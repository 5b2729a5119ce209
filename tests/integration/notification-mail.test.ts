// The notification mails end to end (docs/notifications.md): the job a change
// queues, the handler the worker runs, the product's own SMTP mailer
// (nodemailer, SMTP_URL) delivering over TCP to a real SMTP server on loopback,
// and the mail as a mail program parses it. Handlers are run directly with the
// queued job's data (every test file shares the queue, so no worker here takes
// other files' jobs).
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { AdapterUser } from "next-auth/adapters";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/route";
import { resubscribeAction, unsubscribeAction } from "@/lib/actions/unsubscribe";
import { OAUTH_WELCOME_DELAY_MS, withWelcomeMail } from "@/lib/auth/oauth-sign-up";
import { db } from "@/lib/db";
import { registerAccount } from "@/lib/auth/register-account";
import { recordVisit } from "@/lib/tap/record-visit";
import { jobIdFor } from "@/lib/jobs/enqueue";
import { HANDLERS } from "@/lib/jobs/handlers";
import type { QueueName } from "@/lib/jobs/queues";
import { setMailer } from "@/lib/mail";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe";
import { call, uniqueEmail } from "../support/api";
import { createBusiness, createUser, earnReward, stampsProgram } from "../support/fixtures";
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from "../support/smtp-server";

jest.mock("next-intl/server", () => ({
  getTranslations: async () =>
    (jest.requireActual("../support/catalog") as typeof import("../support/catalog")).translator("en"),
}));

const DAY_MS = 24 * 60 * 60 * 1000;
// Visits on the two days before now: the reward's 30-day expiry is ahead.
const recentDays = (day: number) => new Date(Date.now() - (3 - day) * DAY_MS);

let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  setMailer(null);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  setMailer(null);
  await smtp.close();
  await db.$disconnect();
});

type QueuedJob = { name: string; data: Record<string, unknown>; startAfter: Date };

/** The job `enqueue` wrote for an event key, from the queue's own table. */
async function queued(queue: QueueName, key: string): Promise<QueuedJob | null> {
  const rows = await db.$queryRawUnsafe<QueuedJob[]>(
    `SELECT name, data, start_after AS "startAfter" FROM jobs.job WHERE name = $1 AND id = $2::uuid`,
    queue,
    jobIdFor(queue, key),
  );
  return rows[0] ?? null;
}

/** What a worker does with a job: its queue's handler, given the job's data. */
function work(queue: QueueName, data: unknown): Promise<void> {
  return HANDLERS[queue]!(data, { id: "test-job", retryCount: 0 });
}

async function earnedReward(customer: Parameters<typeof earnReward>[0]["customer"] = {}) {
  const email = uniqueEmail("mail");
  const setup = await earnReward({ dayAt: recentDays, customer: { email, firstName: "Ana", ...customer } });
  const reward = await db.reward.findFirstOrThrow({
    where: { businessId: setup.business.id, userId: setup.customer.user.id },
  });
  const data = { rewardId: reward.id, userId: setup.customer.user.id, businessId: setup.business.id };
  return { ...setup, email, reward, data };
}

function header(mail: ReceivedMail, name: string): string | undefined {
  // Unfolded, as RFC 5322 reads a header that spans lines.
  const unfolded = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(unfolded)?.[1];
}

const deliveryOf = (key: string) => db.notificationDelivery.findUnique({ where: { key } });

describe("the reward-earned mail", () => {
  test("a tap that earns a reward queues its mail; the handler sends one mail with the code, the unsubscribe link and the one-click headers", async () => {
    const { email, reward, data, business } = await earnedReward();
    const job = await queued("mail.reward-earned", `reward-earned:${reward.id}`);
    expect(job).toMatchObject({ name: "mail.reward-earned", data });

    await work("mail.reward-earned", job!.data);

    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [ReceivedMail];
    expect(mail.parsed.subject).toBe(`You earned Free coffee at ${business.name}`);
    expect(mail.parsed.html).toContain(reward.code);
    expect(mail.parsed.html).toContain(`show this code at the counter of ${business.name}`);
    expect(mail.parsed.html).toContain(`/dashboard/redeem-reward/${reward.id}`);
    expect(mail.parsed.text).toContain(reward.code);
    const pageLink = /href="(http[^"]*\/unsubscribe\?token=[^"]+)"/.exec(mail.parsed.html as string)?.[1];
    expect(pageLink).toBeDefined();

    const listUnsubscribe = header(mail, "List-Unsubscribe");
    expect(listUnsubscribe).toMatch(/^<http[^>]*\/api\/unsubscribe\?token=[A-Za-z0-9_.%-]+>$/);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // The header's address is the one-click unsubscribe a mail program posts to: it works.
    const oneClick = new URL(listUnsubscribe!.slice(1, -1));
    const answer = await call(unsubscribeRoute, "POST", `${oneClick.pathname}${oneClick.search}`, {
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(200);
    expect(await db.mailOptOut.count({ where: { userId: data.userId, businessId: business.id } })).toBe(1);
  });

  test("a Spanish customer gets it in Spanish", async () => {
    const { email, data, business } = await earnedReward({ language: "es" });
    await work("mail.reward-earned", data);
    const [mail] = smtp.to(email) as [ReceivedMail];
    expect(mail.parsed.subject).toBe(`Has conseguido Free coffee en ${business.name}`);
    expect(mail.parsed.html).toContain('<html lang="es"');
    expect(mail.parsed.html).toContain("Código del premio");
    expect(mail.parsed.text).toContain("No recibir más correos de");
  });

  test("run by two workers at once, and again later, it is sent once", async () => {
    const { email, reward, data } = await earnedReward();
    await Promise.all([work("mail.reward-earned", data), work("mail.reward-earned", data)]);
    await work("mail.reward-earned", data);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await deliveryOf(`mail:reward-earned:${reward.id}`)).toMatchObject({ status: "SENT", attempts: 1 });
  });

  test("with the Settings switch off, no mail", async () => {
    const { email, data } = await earnedReward({ notificationsEnabled: false });
    await work("mail.reward-earned", data);
    expect(smtp.to(email)).toHaveLength(0);
  });

  test("unsubscribed from the business, no mail from it; another business still mails", async () => {
    const first = await earnedReward();
    await db.mailOptOut.create({ data: { userId: first.data.userId, businessId: first.business.id } });
    await work("mail.reward-earned", first.data);
    expect(smtp.to(first.email)).toHaveLength(0);

    // The same customer earns at a second business.
    const other = await createBusiness({ programs: [stampsProgram(1)] });
    const visit = await recordVisit({
      userId: first.data.userId,
      businessId: other.business.id,
      tagId: other.tag.id,
      source: "TAG",
    });
    expect(visit.ok).toBe(true);
    const reward = await db.reward.findFirstOrThrow({ where: { businessId: other.business.id } });
    await work("mail.reward-earned", { rewardId: reward.id, userId: first.data.userId, businessId: other.business.id });
    expect(smtp.to(first.email)).toHaveLength(1);
  });

  test("a reward redeemed before the job ran, or an account without an email, gets no mail", async () => {
    const redeemed = await earnedReward();
    await db.reward.update({ where: { id: redeemed.reward.id }, data: { status: "REDEEMED", redeemedAt: new Date() } });
    await work("mail.reward-earned", redeemed.data);
    expect(smtp.to(redeemed.email)).toHaveLength(0);

    const phoneOnly = await earnedReward();
    await db.user.update({ where: { id: phoneOnly.data.userId }, data: { email: null, phone: `+3460${Date.now()}` } });
    await expect(work("mail.reward-earned", phoneOnly.data)).resolves.toBeUndefined();
    expect(smtp.to(phoneOnly.email)).toHaveLength(0);
  });

  test("a job naming another customer than the reward's sends nothing", async () => {
    const { email, data } = await earnedReward();
    const stranger = await createUser();
    await work("mail.reward-earned", { ...data, userId: stranger.user.id });
    expect(smtp.to(email)).toHaveLength(0);
    expect(smtp.to(stranger.user.email!)).toHaveLength(0);
  });

  test("a mail server that refuses makes the handler throw, so the queue retries; the retry sends it", async () => {
    const { email, reward, data } = await earnedReward();
    smtp.refuseNext(1);
    await expect(work("mail.reward-earned", data)).rejects.toThrow();
    expect(smtp.to(email)).toHaveLength(0);
    await work("mail.reward-earned", data);
    expect(smtp.to(email)).toHaveLength(1);
    // The failed try gave its claim back; the retry claimed it again.
    expect(await deliveryOf(`mail:reward-earned:${reward.id}`)).toMatchObject({ status: "SENT", attempts: 2 });
  });

  test("a claim left by a worker that died is taken over only once it is older than the job's time limit", async () => {
    const { email, reward, data } = await earnedReward();
    const key = `mail:reward-earned:${reward.id}`;
    // A worker claimed the event a moment ago and is (for all we know) still sending.
    await db.notificationDelivery.create({ data: { key, userId: data.userId } });
    await work("mail.reward-earned", data);
    expect(smtp.to(email)).toHaveLength(0);
    // Past the queue's expiry (120 s) that worker is taken for dead: the retry sends.
    await db.notificationDelivery.update({ where: { key }, data: { claimedAt: new Date(Date.now() - 121_000) } });
    await work("mail.reward-earned", data);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await deliveryOf(key)).toMatchObject({ status: "SENT", attempts: 2 });
  });
});

describe("the reminder", () => {
  test("gives the expiry in the business's time zone, and is not sent for a reward no longer available", async () => {
    const { email, reward, data, business } = await earnedReward();
    const expiresAt = new Date(Date.now() + 2 * DAY_MS);
    await db.reward.update({ where: { id: reward.id }, data: { expiresAt } });
    await db.business.update({ where: { id: business.id }, data: { timezone: "Asia/Tokyo" } });
    await work("mail.reward-expiring", data);
    const [mail] = smtp.to(email) as [ReceivedMail];
    const tokyo = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tokyo",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(expiresAt);
    expect(mail.parsed.subject).toMatch(new RegExp(`^Your reward Free coffee at .* expires on .* ${tokyo}$`));
    expect(mail.parsed.html).toContain(reward.code);

    const gone = await earnedReward();
    await db.reward.update({
      where: { id: gone.reward.id },
      data: { expiresAt: new Date(Date.now() + DAY_MS), status: "REDEEMED", redeemedAt: new Date() },
    });
    await work("mail.reward-expiring", gone.data);
    expect(smtp.to(gone.email)).toHaveLength(0);
  });
});

describe("the welcome mail", () => {
  test("every sign-up queues it in the transaction that creates the account", async () => {
    const customer = await registerAccount({
      email: uniqueEmail("welcome"),
      password: "welcome-pass-1",
      metadata: {},
      tap_id: null,
    });
    expect(customer.ok).toBe(true);
    const customerId = customer.ok ? customer.user.id : "";
    expect(await queued("mail.welcome", `welcome:${customerId}`)).toMatchObject({ data: { userId: customerId } });

    const ownerEmail = uniqueEmail("welcome-owner");
    const api = await call(registerRoute, "POST", "/api/auth/register", {
      body: {
        email: ownerEmail,
        password: "welcome-pass-1",
        metadata: { first_name: "Marta" },
        tap_id: `welcome-${Date.now()}`,
        business: { name: "Forn Marta" },
        business_profile: {
          keywords: ["Bakery"],
          phone: "+34 600 000 000",
          address: "Carrer Major 1",
          settings: { notifications_enabled: true, language: "ca", timezone: "Europe/Madrid" },
        },
      },
    });
    expect(api.status).toBe(201);
    const owner = await db.user.findUniqueOrThrow({ where: { email: ownerEmail } });
    expect(await queued("mail.welcome", `welcome:${owner.id}`)).toMatchObject({ data: { userId: owner.id } });

    // A first Google sign-in: the adapter's account, its welcome a minute later (a wizard may add a business).
    const before = Date.now();
    const google = await withWelcomeMail(PrismaAdapter(db)).createUser!({
      id: "ignored",
      email: uniqueEmail("google"),
      emailVerified: new Date(),
      name: "Pau Vila",
    } as AdapterUser);
    const googleJob = await queued("mail.welcome", `welcome:${google.id}`);
    expect(googleJob).toMatchObject({ data: { userId: google.id } });
    expect(googleJob!.startAfter.getTime()).toBeGreaterThanOrEqual(before + OAUTH_WELCOME_DELAY_MS - 1000);
  });

  test("a sign-up that rolls back (its tag was taken) leaves no account and no welcome job", async () => {
    const claimed = await createBusiness();
    const email = uniqueEmail("welcome-conflict");
    const since = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS "now"`;
    const result = await registerAccount({
      email,
      password: "welcome-pass-1",
      metadata: {},
      tap_id: claimed.tag.id,
      business: { name: "Late Cafe" },
    });
    expect(result).toMatchObject({ ok: false, code: "tap_already_claimed" });
    expect(await db.user.count({ where: { email } })).toBe(0);
    // The account was inserted, then the tag's claim failed: a welcome queued outside
    // the account's transaction would be left behind, naming an account that never was.
    const orphans = await db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS "count" FROM jobs.job j
      WHERE j.name = 'mail.welcome' AND j.created_on >= ${since[0]!.now}
        AND NOT EXISTS (SELECT 1 FROM "User" u WHERE u.id = j.data->>'userId')`;
    expect(orphans[0]!.count).toBe(0);
  });

  test("welcomes a customer to their wallet and an owner to their dashboard, once", async () => {
    const customerEmail = uniqueEmail("welcome-c");
    const customer = await registerAccount(
      { email: customerEmail, password: "welcome-pass-1", metadata: {}, tap_id: null },
      "ca",
    );
    const customerId = customer.ok ? customer.user.id : "";
    await work("mail.welcome", { userId: customerId });
    await work("mail.welcome", { userId: customerId });
    const [welcome, ...more] = smtp.to(customerEmail);
    expect(more).toHaveLength(0);
    expect(welcome!.parsed.subject).toBe("Et donem la benvinguda a Loyaltap");
    expect(welcome!.parsed.text).toContain("/dashboard/wallet");
    expect(header(welcome!, "List-Unsubscribe")).toMatch(/\/api\/unsubscribe\?token=/);

    const ownerEmail = uniqueEmail("welcome-o");
    const owner = await registerAccount(
      {
        email: ownerEmail,
        password: "welcome-pass-1",
        metadata: { first_name: "Marta" },
        tap_id: null,
        business: { name: "Forn" },
      },
      "en",
    );
    await work("mail.welcome", { userId: owner.ok ? owner.user.id : "" });
    const [ownerMail] = smtp.to(ownerEmail) as [ReceivedMail];
    expect(ownerMail.parsed.text).toContain("Hi Marta,");
    expect(ownerMail.parsed.text).toContain("Open my dashboard:");
  });
});

describe("the owner's summary", () => {
  test("gives the period's visits, new customers and redemptions, with the insights link; not after unsubscribing", async () => {
    const email = uniqueEmail("owner");
    const { owner, business, tag } = await createBusiness({ programs: [stampsProgram(5)] });
    await db.user.update({ where: { id: owner.user.id }, data: { email, firstName: "Marta" } });
    // Yesterday noon, Madrid: two customers' first visits.
    const yesterday = new Date(Date.now() - DAY_MS);
    for (let i = 0; i < 2; i++) {
      const customer = await createUser();
      const visit = await recordVisit({
        userId: customer.user.id,
        businessId: business.id,
        tagId: tag.id,
        source: "TAG",
        now: yesterday,
      });
      expect(visit.ok).toBe(true);
    }
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(yesterday);
    // The local day as instants: Madrid midnight to midnight (the sweep sends it so).
    const start = new Date(`${day}T00:00:00Z`);
    const offset = (date: Date) =>
      new Date(date.toLocaleString("en-US", { timeZone: "Europe/Madrid" })).getTime() -
      new Date(date.toLocaleString("en-US", { timeZone: "UTC" })).getTime();
    const from = new Date(start.getTime() - offset(start));
    const to = new Date(from.getTime() + DAY_MS);
    const data = { businessId: business.id, period: "DAILY", from: from.toISOString(), to: to.toISOString() };

    await work("mail.owner-summary", data);
    await work("mail.owner-summary", data);
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.parsed.text as string;
    expect(mails[0]!.parsed.subject).toMatch(new RegExp(`^${business.name}: your day, `));
    expect(text).toContain("Visits: 2");
    expect(text).toContain("New customers: 2");
    expect(text).toContain("Rewards redeemed: 0");
    expect(text).toContain(`/dashboard/business/${business.id}/insights`);

    await db.mailOptOut.create({ data: { userId: owner.user.id, businessId: business.id } });
    await work("mail.owner-summary", { ...data, period: "WEEKLY" });
    expect(smtp.to(email)).toHaveLength(1);
  });
});

describe("unsubscribing", () => {
  const post = (token: string) =>
    call(unsubscribeRoute, "POST", `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("a token for every mail turns the account's notifications off, and only that account's", async () => {
    const ana = await createUser();
    const ben = await createUser();
    expect((await post(unsubscribeToken({ userId: ana.user.id, businessId: "all" }))).status).toBe(200);
    const [anaNow, benNow] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: ana.user.id } }),
      db.user.findUniqueOrThrow({ where: { id: ben.user.id } }),
    ]);
    expect(anaNow.notificationsEnabled).toBe(false);
    expect(benNow.notificationsEnabled).toBe(true);
  });

  test("a forged token, or one changed to name another account, is refused with a 4xx and changes nothing", async () => {
    const { business } = await createBusiness();
    const ana = await createUser();
    const ben = await createUser();
    const anas = unsubscribeToken({ userId: ana.user.id, businessId: business.id });
    const [payload, signature] = anas.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forPayload = (changes: object) =>
      Buffer.from(JSON.stringify({ ...claims, ...changes })).toString("base64url");
    const attempts = [
      `${forPayload({ u: ben.user.id })}.${signature}`,
      `${forPayload({ b: "all" })}.${signature}`,
      `${payload}.${"A".repeat(43)}`,
      "not-a-token",
      "",
    ];
    for (const token of attempts) {
      const answer = await post(token);
      expect([token, answer.status]).toEqual([token, 400]);
      expect(answer.json).toMatchObject({ status: "error", code: "invalid_token" });
    }
    const noToken = await call(unsubscribeRoute, "POST", "/api/unsubscribe", { rawBody: "" });
    expect(noToken.status).toBe(400);
    const twoTokens = await call(unsubscribeRoute, "POST", `/api/unsubscribe?token=${anas}&token=${anas}`, {});
    expect(twoTokens.status).toBe(400);
    expect(await db.mailOptOut.count({ where: { userId: { in: [ana.user.id, ben.user.id] } } })).toBe(0);
    const users = await db.user.findMany({ where: { id: { in: [ana.user.id, ben.user.id] } } });
    expect(users.map((u) => u.notificationsEnabled)).toEqual([true, true]);
  });

  test("the page's buttons stop and restart the link's mails; a changed token is refused", async () => {
    const { business } = await createBusiness();
    const ana = await createUser();
    const token = unsubscribeToken({ userId: ana.user.id, businessId: business.id });
    expect(await unsubscribeAction(token)).toEqual({ ok: true, stopped: true });
    expect(await unsubscribeAction(token)).toEqual({ ok: true, stopped: true });
    expect(await db.mailOptOut.count({ where: { userId: ana.user.id } })).toBe(1);
    expect(await resubscribeAction(token)).toEqual({ ok: true, stopped: false });
    expect(await db.mailOptOut.count({ where: { userId: ana.user.id } })).toBe(0);

    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await unsubscribeAction(forged)).toMatchObject({ ok: false, code: "invalid" });
    expect(await unsubscribeAction({ token })).toMatchObject({ ok: false, code: "invalid" });
    expect(await db.mailOptOut.count({ where: { userId: ana.user.id } })).toBe(0);
  });

  test("a genuine link of a business that is gone answers 410", async () => {
    const { business } = await createBusiness();
    const ana = await createUser();
    const token = unsubscribeToken({ userId: ana.user.id, businessId: business.id });
    await db.business.delete({ where: { id: business.id } });
    expect((await post(token)).status).toBe(410);
    expect(await unsubscribeAction(token)).toMatchObject({ ok: false, code: "gone" });
  });
});
