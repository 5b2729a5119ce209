import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type LaunchOptions, type Page } from "@playwright/test";
import { createStampsProgram, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// Reward notifications in a real Chromium: a customer with a reward opts in
// from the wallet, the browser subscribes through the service worker with the
// server's VAPID key, the server stores the subscription, then a push
// delivered through the DevTools protocol is shown by the service worker and
// its click opens the reward.
//
// Two things a browser needs for push that a test cannot take from a stock
// Playwright context:
// - A profile that is not off the record: Chromium refuses push subscriptions
//   in incognito-like contexts (Playwright's usual ones), so this test uses a
//   persistent context.
// - A push service. Chromium subscribes through Google's (GCM/FCM), which is
//   not reachable here; its --gcm-checkin-url and --gcm-registration-url
//   switches point it at a stand-in on loopback that answers the device
//   check-in and the registration as Google's does. The endpoint the browser
//   then reports is an ordinary https one, which the server stores.

/** Google's device check-in and token registration, as far as Chromium needs them to subscribe. */
async function startGcmStandIn(): Promise<{ origin: string; close: () => Promise<void> }> {
  let tokens = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/checkin") {
        // AndroidCheckinResponse (protobuf): stats_ok = true, android_id and security_token (fixed64).
        const fixed64 = (value: bigint) => {
          const bytes = Buffer.alloc(8);
          bytes.writeBigUInt64LE(value);
          return bytes;
        };
        response.writeHead(200, { "content-type": "application/x-protobuf" });
        response.end(
          Buffer.concat([
            Buffer.from([0x08, 0x01, 0x39]),
            fixed64(4_242_424_242n),
            Buffer.from([0x41]),
            fixed64(7_777_777_777n),
          ]),
        );
      } else if (request.url === "/register") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end(`token=e2e-push-token-${++tokens}`);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Chromium that can subscribe to push: a persistent profile, Google's push service played by the stand-in. */
async function pushBrowser(launchOptions: LaunchOptions, origin: string) {
  const gcm = await startGcmStandIn();
  const profile = mkdtempSync(path.join(tmpdir(), "loyaltap-push-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      `--gcm-checkin-url=${gcm.origin}/checkin`,
      `--gcm-registration-url=${gcm.origin}/register`,
      // No message channel is needed to subscribe; a closed port keeps Chromium from looking for Google's.
      "--gcm-mcs-endpoint=127.0.0.1:9",
    ],
    baseURL: origin,
    viewport: { width: 375, height: 812 },
  });
  const close = async () => {
    await context.close();
    await gcm.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

type Shown = { title: string; body: string; tag: string; icon: string; data: unknown };

function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    })),
  );
}

test("a customer with a reward turns on notifications; a push is shown and its click opens the reward", async ({
  page,
  launchOptions,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL!;
  const tagId = uniqueTag("push");
  const businessName = `Push Bakery ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name: businessName });
  await createStampsProgram(page, businessId, { name: "One and done", stamps: 1, reward: "Free croissant" });

  const { context, close } = await pushBrowser(launchOptions, origin);
  try {
    await context.grantPermissions(["notifications"], { origin });
    // Counts the browser's permission prompts: the wallet must ask only when the button is pressed.
    await context.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      const counted = window as unknown as { permissionAsks: number };
      counted.permissionAsks = 0;
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        counted.permissionAsks++;
        return ask(...args);
      };
    });
    const customer = context.pages()[0] ?? (await context.newPage());
    const asks = () => customer.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
    const optIn = customer.getByRole("button", { name: "Tell me when I earn or am about to lose a reward" });
    await signUpCustomer(customer, "push");

    // No reward yet: nothing is offered.
    await customer.goto("/dashboard/wallet");
    await expect(customer.getByRole("heading", { name: "Wallet", exact: true })).toBeVisible();
    await expect(optIn).toHaveCount(0);

    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: "You earned a reward!" })).toBeVisible();

    // With a reward the wallet offers it, and asks the browser nothing until the button is pressed.
    await customer.goto("/dashboard/wallet");
    await expect(optIn).toBeVisible();
    await expect
      .poll(() => customer.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${origin}/sw.js`);
    expect(await asks()).toBe(0);

    await optIn.click();
    await expect(customer.getByText("Reward notifications are on in this browser.")).toBeVisible();
    expect(await asks()).toBe(1);

    // The server holds this browser's subscription: the person's data export lists it.
    const endpoint = await customer.evaluate(async () => {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      return subscription?.endpoint ?? null;
    });
    expect(endpoint).toMatch(/^https:\/\/[^/]+\/fcm\/send\/e2e-push-token-\d+$/);
    const exported = (await (await customer.request.get("/api/account/export")).json()) as {
      notificationBrowsers: { endpoint: string; userAgent: string | null }[];
      rewards: { id: string; name: string }[];
    };
    expect(exported.notificationBrowsers).toEqual([
      { endpoint, userAgent: expect.stringContaining("Chrome"), createdAt: expect.any(String) },
    ]);
    const reward = exported.rewards.find((r) => r.name === "Free croissant")!;
    expect(reward).toBeTruthy();
    // The page agrees after a reload: "on" comes from the server's record, not from the click.
    await customer.reload();
    await expect(customer.getByText("Reward notifications are on in this browser.")).toBeVisible();

    // A push delivered to the service worker (as the browser's push service would) is shown.
    const devtools = await context.newCDPSession(customer);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    devtools.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await devtools.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!;
    // The payload the server's push.reward-earned job sends, once the browser has decrypted it.
    const payload = {
      title: `You earned a reward at ${businessName}`,
      body: "Free croissant is ready in your wallet. Show it at the counter.",
      url: `/dashboard/redeem-reward/${reward.id}`,
      tag: `reward-earned:${reward.id}`,
      icon: "/icons/icon-192.png",
      lang: "en",
    };
    // One delivery, then one look. DevTools' record of push events ("Background services") says when
    // the worker's push handler has finished, i.e. when its notification is on screen; only then are
    // the notifications read. Polling them while the push is handled drops the notification: Chromium's
    // getNotifications() forgets a stored notification that is not on screen yet when the call begins.
    const pushEvents: { eventName: string; eventMetadata: { key: string; value: string }[] }[] = [];
    devtools.on("BackgroundService.backgroundServiceEventReceived", ({ backgroundServiceEvent }) =>
      pushEvents.push(backgroundServiceEvent),
    );
    await devtools.send("BackgroundService.startObserving", { service: "pushMessaging" });
    await devtools.send("BackgroundService.setRecording", { shouldRecord: true, service: "pushMessaging" });
    await devtools.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => pushEvents.find((e) => e.eventName === "Push event completed")?.eventMetadata)
      .toEqual([{ key: "Status", value: "Success" }]);
    expect(await shownNotifications(customer)).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        icon: `${origin}/icons/icon-192.png`,
        data: { url: payload.url },
      },
    ]);

    // Its click opens the reward: the service worker's click handler, run on the notification it shows.
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
    expect(worker).toBeTruthy();
    await worker!.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        openFromNotification: (notification: Notification) => Promise<unknown>;
      };
      const [notification] = await scope.registration.getNotifications();
      await scope.openFromNotification(notification!);
    });
    await expect.poll(() => new URL(customer.url()).pathname).toBe(`/dashboard/redeem-reward/${reward.id}`);
    await expect(customer.getByRole("heading", { name: /Free croissant/ })).toBeVisible();
    expect(await shownNotifications(customer)).toEqual([]);

    // Turned off: the browser unsubscribes and the server forgets it.
    await customer.goto("/dashboard/wallet");
    await customer.getByRole("button", { name: "Turn off" }).click();
    await expect(optIn).toBeVisible();
    const after = (await (await customer.request.get("/api/account/export")).json()) as {
      notificationBrowsers: unknown[];
    };
    expect(after.notificationBrowsers).toEqual([]);
    await customer.reload();
    await expect(optIn).toBeVisible();
  } finally {
    await close();
  }
});

// Tag alerts by push (docs/tag-health.md, "Alerts"): an owner with no reward, so no wallet offer,
// turns them on from the Tags tab of their business page, and stops them there.
test("an owner turns on tag alerts on this device from the Tags tab, and stops them", async ({
  launchOptions,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL!;
  const { context, close } = await pushBrowser(launchOptions, origin);
  try {
    await context.grantPermissions(["notifications"], { origin });
    const owner = context.pages()[0] ?? (await context.newPage());
    const { businessId } = await signUpOwner(owner, { tagId: uniqueTag("push-owner") });
    const browsers = async () =>
      ((await (await owner.request.get("/api/account/export")).json()) as { notificationBrowsers: unknown[] })
        .notificationBrowsers;
    const alertMe = owner.getByRole("button", { name: "Alert me on this device" });

    // Only the Tags tab offers it.
    await owner.goto(`/dashboard/business/${businessId}`);
    await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alertMe).toHaveCount(0);

    await owner.goto(`/dashboard/business/${businessId}?tab=tags`);
    await expect(alertMe).toBeVisible();
    expect(await browsers()).toEqual([]);
    await alertMe.click();
    await expect(owner.getByText("This device gets tag alerts.")).toBeVisible();

    // The server holds this browser's subscription for the owner.
    const endpoint = await owner.evaluate(
      async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null,
    );
    expect(endpoint).toMatch(/^https:\/\/[^/]+\/fcm\/send\/e2e-push-token-\d+$/);
    expect(await browsers()).toEqual([
      { endpoint, userAgent: expect.stringContaining("Chrome"), createdAt: expect.any(String) },
    ]);
    await owner.reload();
    await expect(owner.getByText("This device gets tag alerts.")).toBeVisible();

    // Stopped: the server forgets it and the browser unsubscribes.
    await owner.getByRole("button", { name: "Stop" }).click();
    await expect(alertMe).toBeVisible();
    expect(await browsers()).toEqual([]);
    expect(
      await owner.evaluate(
        async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null,
      ),
    ).toBe(true);
    await owner.reload();
    await expect(alertMe).toBeVisible();
  } finally {
    await close();
  }
});
