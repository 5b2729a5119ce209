import { expect, test } from "@playwright/test";
import { signUpCustomer, signUpOwner, uniqueTag } from "./support";

// The whole loyalty loop: an owner creates a 3-stamp card, a customer taps on
// three different days (the server's clock is moved with the test-clock
// header, never by sleeping), the reward lands in the wallet, the owner
// redeems it by code and the customer sees it redeemed.
test("stamps over three days earn a reward that the owner redeems by code", async ({ page, browser }) => {
  test.slow();
  const tagId = uniqueTag("loop");
  const { businessId } = await signUpOwner(page, { tagId, name: `Loop Café ${Date.now()}` });
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
  await page.getByLabel("Program name").fill("Three and free");
  await page.getByLabel("Stamps required").fill("3");
  await page.getByLabel("Reward name").fill("Free cortado");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "loop");
  const base = Date.now() + 86_400_000;
  for (let day = 0; day < 3; day++) {
    await customer.setExtraHTTPHeaders({ "x-loyaltap-now": new Date(base + day * 86_400_000).toISOString() });
    await customer.goto(`/tap?id=${tagId}`);
    const result = customer
      .getByRole("status")
      .filter({ hasText: day < 2 ? "Progress updated" : "You earned a reward!" });
    await expect(result).toBeVisible();
    await expect(
      customer.getByText(day < 2 ? `Three and free: Stamp added: ${day + 1}/3` : "Three and free: Card complete!"),
    ).toBeVisible();
  }
  const codeText = await customer.getByRole("status").locator("code").first().textContent();
  const code = codeText!.trim();
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);

  // The wallet shows the reward ready; the rewards tab lists it as available.
  await customer.goto("/dashboard/wallet");
  await expect(customer.getByRole("article", { name: /Loop Café/ }).getByText("1 reward ready")).toBeVisible();
  await customer.goto("/dashboard/rewards");
  const available = customer.getByRole("region", { name: /Available/ });
  await expect(available.getByRole("link", { name: /Free cortado/ })).toBeVisible();
  await available.getByRole("link", { name: /Free cortado/ }).click();
  await expect(customer.getByTestId("reward-code")).toHaveText(code);
  await expect(customer.getByRole("img", { name: /QR code of this reward/ })).toBeVisible();

  // The owner types the code at the counter.
  await page.goto(`/dashboard/business/${businessId}`);
  await page.getByLabel("Reward code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Find reward", exact: true }).click();
  const found = page.getByRole("region", { name: "Reward to redeem" });
  await expect(found.getByText("Free cortado")).toBeVisible();
  await expect(found.getByText("For Pau T.")).toBeVisible();
  await found.getByRole("button", { name: "Confirm redemption" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redeemed: Free cortado for Pau T." })).toBeVisible();
  // A second attempt with the same code is refused.
  await page.getByLabel("Reward code").fill(code);
  await page.getByRole("button", { name: "Find reward", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already redeemed" })).toBeVisible();

  // The customer sees it redeemed, with its history.
  await customer.goto("/dashboard/rewards");
  await expect(
    customer.getByRole("region", { name: /Redeemed/ }).getByRole("link", { name: /Free cortado/ }),
  ).toBeVisible();
  await customer
    .getByRole("region", { name: /Redeemed/ })
    .getByRole("link", { name: /Free cortado/ })
    .click();
  await expect(customer.getByText("Redeemed", { exact: true }).first()).toBeVisible();
  await expect(customer.getByRole("region", { name: "History" }).getByText("Earned")).toBeVisible();
  await customerContext.close();
});

test("the owner confirms a reward from its QR page and can undo within 10 minutes", async ({ page, browser }) => {
  test.slow();
  const tagId = uniqueTag("qrredeem");
  const { businessId } = await signUpOwner(page, { tagId, name: `QR Redeem ${Date.now()}` });
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
  await page.getByLabel("Program name").fill("One and done");
  await page.getByLabel("Stamps required").fill("1");
  await page.getByLabel("Reward name").fill("Welcome biscuit");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "qrredeem");
  await customer.goto(`/tap?id=${tagId}`);
  await expect(customer.getByRole("status").filter({ hasText: "You earned a reward!" })).toBeVisible();
  await customer.goto("/dashboard/rewards");
  await customer.getByRole("link", { name: /Welcome biscuit/ }).click();
  await expect.poll(() => new URL(customer.url()).pathname).toMatch(/^\/dashboard\/redeem-reward\//);
  const rewardPath = new URL(customer.url()).pathname;
  await customerContext.close();

  // The QR encodes the reward page; the owner who scans it lands there and confirms.
  await page.goto(rewardPath);
  await expect(page.getByText(/^For Pau T\./)).toBeVisible();
  await page.getByRole("button", { name: "Confirm redemption" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Reward redeemed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo redemption" })).toBeVisible();
  await page.getByRole("button", { name: "Undo redemption" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Redemption undone")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm redemption" })).toBeVisible();
  await expect(page.getByRole("region", { name: "History" }).getByText("Redemption undone")).toBeVisible();
});
