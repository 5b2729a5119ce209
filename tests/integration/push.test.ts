import webpush from "web-push";
import { GET as exportAccount } from "@/app/api/account/export/route";
import { subscribePushAction, unsubscribePushAction } from "@/lib/actions/wallet";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { endpointDigest, pushEndpointDigests } from "@/lib/db/push";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { HANDLERS } from "@/lib/jobs/handlers";
import { deliverRewardPush } from "@/lib/push/deliver";
import type { Prisma } from "@/lib/generated/prisma/client";
import { call } from "../support/api";
import { createBusiness, createUser, uid } from "../support/fixtures";
import {
  browserSubscription,
  decryptPush,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type PushService,
} from "../support/push-service";

// Web push on the real database, through the product's own sender (web-push's
// encryption and VAPID signature, sent with fetch) to a stand-in push service
// on loopback. The test holds each subscription's private key, so it reads a
// push exactly as the browser would.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chromium/156" })),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const vapid = webpush.generateVAPIDKeys();
const saved = { ...process.env };
let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});
beforeEach(() => {
  // The stand-in is on loopback: only this test-only setting lets the product reach it.
  process.env.LOYALTAP_TEST_PUSH_ORIGINS = service.origin;
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.VAPID_SUBJECT = "mailto:push@loyaltap.example";
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await service.close();
  await db.$disconnect();
});

const earned = HANDLERS["push.reward-earned"]!;
const expiring = HANDLERS["push.reward-expiring"]!;
const job = { id: "test-job", retryCount: 0 };

/** A customer with an available reward (written directly: no job is queued for it, so no worker races the test). */
async function customerWithReward(
  options: { language?: string; expiresAt?: Date | null; customer?: Partial<Prisma.UserCreateInput> } = {},
) {
  const { business } = await createBusiness({ timezone: "America/Los_Angeles" });
  const { user } = await createUser({ language: options.language ?? "en", ...options.customer });
  const reward = await db.reward.create({
    data: {
      code: `P${uid()}`.toUpperCase(),
      businessId: business.id,
      userId: user.id,
      name: "Free coffee",
      expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 30 * 86_400_000) : options.expiresAt,
    },
  });
  const data = { rewardId: reward.id, userId: user.id, businessId: business.id };
  return { business, user, reward, data };
}

async function subscribe(userId: string, count = 1): Promise<BrowserSubscription[]> {
  const subscriptions = Array.from({ length: count }, () => browserSubscription(service));
  for (const s of subscriptions)
    await db.pushSubscription.create({
      data: { userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth },
    });
  return subscriptions;
}

const pushesTo = (subscription: BrowserSubscription) => service.received.filter((r) => r.path === subscription.path);

function readPush(subscription: BrowserSubscription) {
  const [push] = pushesTo(subscription);
  if (!push) throw new Error("nothing was pushed to this subscription");
  return JSON.parse(decryptPush(push.body, subscription)) as Record<string, string>;
}

describe("push.reward-earned", () => {
  it("pushes to each of the customer's browsers, encrypted for that browser, in the customer's language", async () => {
    const { business, user, reward, data } = await customerWithReward({ language: "es" });
    const browsers = await subscribe(user.id, 2);

    await earned(data, job);

    for (const browser of browsers) {
      expect(pushesTo(browser)).toHaveLength(1);
      expect(readPush(browser)).toEqual({
        title: `Has conseguido un premio en ${business.name}`,
        body: "Free coffee ya está en tu cartera. Enseña el premio en el mostrador.",
        url: `/dashboard/redeem-reward/${reward.id}`,
        tag: `reward-earned:${reward.id}`,
        icon: "/icons/icon-192.png",
        lang: "es",
      });
      const [push] = pushesTo(browser);
      expect(push!.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
      const claims = verifyVapid(push!.headers, vapid.publicKey);
      expect(claims).toMatchObject({ aud: service.origin, sub: "mailto:push@loyaltap.example" });
    }
    // Another browser's keys cannot read it.
    expect(() => decryptPush(pushesTo(browsers[0]!)[0]!.body, browsers[1]!)).toThrow();
  });

  it("sends each event once per browser: the job run again sends nothing more", async () => {
    const { user, data } = await customerWithReward();
    const [browser] = await subscribe(user.id);

    await earned(data, job);
    await earned(data, job);
    await expect(deliverRewardPush("reward-earned", data)).resolves.toMatchObject({ sent: 0, alreadySent: 1 });

    expect(pushesTo(browser!)).toHaveLength(1);
    expect(await db.pushDelivery.count({ where: { eventKey: `reward-earned:${data.rewardId}` } })).toBe(1);
  });

  it("leaves a delivery another run is sending alone, and takes over one whose worker died", async () => {
    const { user, data } = await customerWithReward();
    const [inFlight, abandoned] = await subscribe(user.id, 2);
    const ids = async (b: BrowserSubscription) =>
      (await db.pushSubscription.findUniqueOrThrow({ where: { endpoint: b.endpoint } })).id;
    const eventKey = `reward-earned:${data.rewardId}`;
    await db.pushDelivery.create({ data: { subscriptionId: await ids(inFlight!), eventKey } });
    await db.pushDelivery.create({
      data: { subscriptionId: await ids(abandoned!), eventKey, claimedAt: new Date(Date.now() - 10 * 60_000) },
    });

    await expect(deliverRewardPush("reward-earned", data)).resolves.toMatchObject({ sent: 1, alreadySent: 1 });
    expect(pushesTo(inFlight!)).toHaveLength(0);
    expect(pushesTo(abandoned!)).toHaveLength(1);
  });

  it("deletes a subscription the push service calls gone (410, 404) and still tells the other browsers", async () => {
    const { user, data } = await customerWithReward();
    const [gone, missing, fine] = await subscribe(user.id, 3);
    service.answer(gone!.path, 410);
    service.answer(missing!.path, 404);

    await expect(deliverRewardPush("reward-earned", data)).resolves.toMatchObject({ sent: 1, gone: 2 });

    const left = await db.pushSubscription.findMany({ where: { userId: user.id }, select: { endpoint: true } });
    expect(left).toEqual([{ endpoint: fine!.endpoint }]);
    expect(readPush(fine!).title).toMatch(/^You earned a reward at /);
  });

  it("forgets a subscription whose endpoint is not at a push service (stored before such were refused), posting nothing", async () => {
    const { user, data } = await customerWithReward();
    const [fine] = await subscribe(user.id);
    for (const endpoint of [`https://db.svc/${uid()}`, `https://metadata.google.internal./${uid()}`])
      await db.pushSubscription.create({
        data: { userId: user.id, endpoint, p256dh: fine!.keys.p256dh, auth: fine!.keys.auth },
      });

    await expect(deliverRewardPush("reward-earned", data)).resolves.toMatchObject({ sent: 1, gone: 2 });

    const left = await db.pushSubscription.findMany({ where: { userId: user.id }, select: { endpoint: true } });
    expect(left).toEqual([{ endpoint: fine!.endpoint }]);
  });

  it("throws on any other failure (the job is retried), and the retry sends only to the browsers that missed it", async () => {
    const { user, data } = await customerWithReward();
    const [fine, failing] = await subscribe(user.id, 2);
    service.answer(failing!.path, 500);

    await expect(earned(data, job)).rejects.toThrow(/1 of 2 failed \(push service 127\.0\.0\.1:\d+ answered 500\)/);
    expect(pushesTo(fine!)).toHaveLength(1);
    expect(pushesTo(failing!)).toHaveLength(1);
    // The failing browser keeps its subscription: a 500 is the push service's trouble, not a gone browser.
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(2);

    service.answer(failing!.path, 201);
    await earned(data, job);
    expect(pushesTo(fine!)).toHaveLength(1);
    expect(pushesTo(failing!)).toHaveLength(2);
    expect(readPush(failing!).url).toBe(`/dashboard/redeem-reward/${data.rewardId}`);
  });

  it("does nothing without VAPID keys, for a customer who turned notifications off, or for a reward already redeemed", async () => {
    const off = await customerWithReward();
    const [offBrowser] = await subscribe(off.user.id);
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    await expect(deliverRewardPush("reward-earned", off.data)).resolves.toEqual({
      skipped: "web push is off (no VAPID keys)",
    });
    await earned(off.data, job);
    expect(pushesTo(offBrowser!)).toHaveLength(0);
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;

    const quiet = await customerWithReward({ customer: { notificationsEnabled: false } });
    const [quietBrowser] = await subscribe(quiet.user.id);
    await expect(deliverRewardPush("reward-earned", quiet.data)).resolves.toEqual({
      skipped: "notifications turned off",
    });
    expect(pushesTo(quietBrowser!)).toHaveLength(0);

    const used = await customerWithReward();
    const [usedBrowser] = await subscribe(used.user.id);
    await db.reward.update({ where: { id: used.reward.id }, data: { status: "REDEEMED", redeemedAt: new Date() } });
    await earned(used.data, job);
    expect(pushesTo(usedBrowser!)).toHaveLength(0);
  });

  it("ignores a job that names someone else's reward, or one whose data is malformed", async () => {
    const { user, data } = await customerWithReward();
    const [browser] = await subscribe(user.id);
    const { user: stranger } = await createUser();
    await subscribe(stranger.id);
    await expect(deliverRewardPush("reward-earned", { ...data, userId: stranger.id })).resolves.toEqual({
      skipped: "reward not found",
    });
    await expect(deliverRewardPush("reward-earned", { rewardId: "x\u0000" })).resolves.toEqual({
      skipped: "malformed job data",
    });
    expect(pushesTo(browser!)).toHaveLength(0);
  });
});

describe("push.reward-expiring", () => {
  it("reminds the customer with the expiry day on the business's clock, in their language", async () => {
    // 07:30 UTC on 3 March is still 2 March in Los Angeles, the business's zone.
    const expiresAt = new Date("2099-03-03T07:30:00Z");
    const { business, user, data } = await customerWithReward({ language: "ca", expiresAt });
    const [browser] = await subscribe(user.id);

    await expiring(data, job);

    expect(readPush(browser!)).toMatchObject({
      title: `El teu premi a ${business.name} caduca aviat`,
      body: "Pots bescanviar Free coffee fins al 2 març 2099. Ensenya el premi al taulell abans d'aquesta data.",
      tag: `reward-expiring:${data.rewardId}`,
      lang: "ca",
    });
    // The reminder and the "earned" push are separate events: each is sent once.
    await earned(data, job);
    await expiring(data, job);
    expect(pushesTo(browser!)).toHaveLength(2);
  });

  it("sends no reminder for a reward that never expires", async () => {
    const { user, data } = await customerWithReward({ expiresAt: null });
    const [browser] = await subscribe(user.id);
    await expect(deliverRewardPush("reward-expiring", data)).resolves.toEqual({ skipped: "reward does not expire" });
    expect(pushesTo(browser!)).toHaveLength(0);
  });
});

describe("subscribing and unsubscribing (the wallet's server actions)", () => {
  async function signedIn(): Promise<AppUser> {
    const { user } = await createUser();
    const found = (await findActiveUserById(user.id))!;
    jest.mocked(getCurrentUser).mockResolvedValue(found);
    return found;
  }

  it("stores this browser's subscription, once per endpoint, and forgets it when turned off", async () => {
    const user = await signedIn();
    const browser = browserSubscription(service);
    const input = { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys };

    expect(await subscribePushAction(input)).toEqual({ ok: true });
    expect(await subscribePushAction(input)).toEqual({ ok: true });
    const rows = await db.pushSubscription.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: browser.endpoint,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chromium/156",
    });
    expect(await pushEndpointDigests(user.id)).toEqual([endpointDigest(browser.endpoint)]);

    expect(await unsubscribePushAction({ endpoint: browser.endpoint })).toEqual({ ok: true });
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("lists the subscribed browsers in the person's data export, never their keys", async () => {
    const { user, bearer } = await createUser();
    const [browser] = await subscribe(user.id);
    const res = await call(exportAccount, "GET", "/api/account/export", { bearer });
    expect(res.status).toBe(200);
    expect(res.json.notificationBrowsers).toEqual([
      { endpoint: browser!.endpoint, userAgent: null, createdAt: expect.any(String) },
    ]);
    expect(res.text).not.toContain(browser!.keys.p256dh);
    expect(res.text).not.toContain(browser!.keys.auth);
  });

  it("gives a browser to whoever opted in on it last, and one person cannot turn off another's", async () => {
    const first = await signedIn();
    const browser = browserSubscription(service);
    const input = { endpoint: browser.endpoint, keys: browser.keys };
    await subscribePushAction(input);
    const second = await signedIn();
    await subscribePushAction(input);
    expect(await db.pushSubscription.findUnique({ where: { endpoint: browser.endpoint } })).toMatchObject({
      userId: second.id,
    });
    expect(await db.pushSubscription.count({ where: { userId: first.id } })).toBe(0);

    jest.mocked(getCurrentUser).mockResolvedValue(first);
    expect(await unsubscribePushAction({ endpoint: browser.endpoint })).toEqual({ ok: true });
    expect(await db.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);
  });

  it("keeps the newest ten browsers of one account", async () => {
    const user = await signedIn();
    const browsers = Array.from({ length: 12 }, () => browserSubscription(service));
    for (const browser of browsers) await subscribePushAction({ endpoint: browser.endpoint, keys: browser.keys });
    const kept = await db.pushSubscription.findMany({ where: { userId: user.id }, select: { endpoint: true } });
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const user = await signedIn();
    const good = browserSubscription(service);
    const offCurve = Buffer.from(good.keys.p256dh, "base64url");
    offCurve[64] = offCurve[64]! ^ 1;
    const bad: [string, unknown, string][] = [
      ["an ftp endpoint", { endpoint: "ftp://push.example.com/x", keys: good.keys }, "notification address"],
      ["an IP address", { endpoint: "https://10.0.0.7/push/x", keys: good.keys }, "notification address"],
      ["a local name", { endpoint: "https://push.localhost/x", keys: good.keys }, "notification address"],
      ["another port", { endpoint: "https://fcm.googleapis.com:8443/x", keys: good.keys }, "notification address"],
      ["a NUL", { endpoint: `${good.endpoint}\u0000`, keys: good.keys }, "control characters"],
      ["a short auth secret", { endpoint: good.endpoint, keys: { ...good.keys, auth: "AAAA" } }, "notification keys"],
      [
        "a key off the curve",
        { endpoint: good.endpoint, keys: { ...good.keys, p256dh: offCurve.toString("base64url") } },
        "notification keys",
      ],
      ["no keys", { endpoint: good.endpoint }, "notification keys"],
      ["not an object", "https://push.example.com/x", "subscription is not valid"],
    ];
    for (const [what, input, message] of bad) {
      const result = await subscribePushAction(input);
      expect({ what, ok: result.ok }).toEqual({ what, ok: false });
      expect({ what, error: result.ok ? "" : result.error }).toEqual({ what, error: expect.stringContaining(message) });
    }
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await unsubscribePushAction({ endpoint: "" })).toMatchObject({ ok: false });
  });

  it("refuses an endpoint that is not at a browser's push service, and stores nothing", async () => {
    const user = await signedIn();
    const { keys } = browserSubscription(service);
    const refused = [
      "https://localhost./x",
      "https://metadata.google.internal./x",
      "https://db.svc/x",
      "https://push.example.com/x",
      "https://[::a9fe:a9fe]/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
    ];
    for (const endpoint of refused)
      expect({ endpoint, result: await subscribePushAction({ endpoint, keys }) }).toEqual({
        endpoint,
        result: expect.objectContaining({ ok: false, error: expect.stringContaining("notification address") }),
      });
    // The stand-in itself, once the test-only setting is gone (as in production).
    delete process.env.LOYALTAP_TEST_PUSH_ORIGINS;
    const standIn = browserSubscription(service);
    expect(await subscribePushAction({ endpoint: standIn.endpoint, keys: standIn.keys })).toMatchObject({ ok: false });
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);

    // A push service's own endpoint is stored.
    const fcm = `https://fcm.googleapis.com/fcm/send/${uid()}`;
    expect(await subscribePushAction({ endpoint: fcm, keys })).toEqual({ ok: true });
    expect(await db.pushSubscription.findMany({ where: { userId: user.id }, select: { endpoint: true } })).toEqual([
      { endpoint: fcm },
    ]);
  });

  it("refuses a signed-out caller, and refuses to subscribe while web push is off", async () => {
    const browser = browserSubscription(service);
    jest.mocked(getCurrentUser).mockResolvedValue(null);
    expect(await subscribePushAction({ endpoint: browser.endpoint, keys: browser.keys })).toEqual({
      ok: false,
      error: "Please log in again.",
    });
    await signedIn();
    delete process.env.VAPID_PRIVATE_KEY;
    expect(await subscribePushAction({ endpoint: browser.endpoint, keys: browser.keys })).toEqual({
      ok: false,
      error: "Notifications are not available.",
    });
    expect(await db.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
  });
});
