import { expect, test } from "@playwright/test";
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from "../support/webhook-receiver";
import { e2eWebhookPort } from "./port";
import { createStampsProgram, expectHydrated, signUpCustomer, signUpOwner, uniqueTag, SHOTS_DIR } from "./support";

// Webhooks from the owner's side: the owner adds an endpoint (the stand-in
// receiver on loopback, which only the e2e server's test switch lets through),
// a customer taps, the receiver gets a `visit.recorded` whose Standard Webhooks
// signature verifies with the secret the page shows, and the page's delivery
// log shows the attempt. DOC_SHOTS=1 also writes docs/images/webhooks.png.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver(e2eWebhookPort());
});
test.afterAll(async () => {
  await receiver?.close();
});

test("an owner adds a webhook endpoint, a customer taps, the receiver gets a signed visit and the log shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tagId = uniqueTag("hooks");
  const { businessId } = await signUpOwner(page, { tagId, name: `Hook Café ${Date.now()}` });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 5, reward: "Free coffee" });

  await page.goto(`/dashboard/business/${businessId}/integrations/webhooks`);
  await expectHydrated(page.getByRole("button", { name: "Add endpoint" }));
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  const path = `/loyaltap/${Date.now()}`;
  await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${e2eWebhookPort()}${path}`);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Endpoint added." })).toBeVisible();
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: path });
  await expect(endpoint).toContainText("On");
  await endpoint.getByRole("button", { name: "Show secret" }).click();
  const secret = (await endpoint.getByTestId("webhook-secret").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);

  const context = await browser.newContext();
  const customer = await context.newPage();
  await signUpCustomer(customer, "hooks");
  await customer.goto(`/tap?id=${tagId}`);
  // The visit's own answer, not the first status on the page: the "Checking…" spinner is one
  // too, and closing the context then cancels the tap before it is sent.
  await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await context.close();

  await expect.poll(() => receiver.received.filter((r) => r.path === path).length, { timeout: 30_000 }).toBe(1);
  const got = receiver.received.find((r) => r.path === path)!;
  expect(await verifyStandardWebhook(secret, got.headers, got.body)).toBe(true);
  expect(JSON.parse(got.body)).toMatchObject({ type: "visit.recorded", data: { source: "tap" } });

  await expect(async () => {
    await page.reload();
    await expect(endpoint.getByTestId("webhook-log")).toContainText("Delivered", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const log = endpoint.getByTestId("webhook-log");
  await expect(log).toContainText("A visit is recorded");
  await expect(log).toContainText(String(got.headers["webhook-id"]));
  await expect(log).toContainText(/#1: 200 in \d+ ms/);
  await page.screenshot({ path: `${SHOTS_DIR}/webhooks.png`, fullPage: true });
  if (process.env.DOC_SHOTS) await page.screenshot({ path: "docs/images/webhooks.png", fullPage: true });
});
