import { expect, test, type Page } from "@playwright/test";
import { expectHydrated, expectPath, liveQrPath, signUpCustomer, signUpOwner } from "./support";

// Points for what a customer spends (docs/purchases.md): the owner makes a
// points program that gives points per euro, the counter scans the customer's
// live QR, types the amount, sees the points and confirms, and the customer's
// card shows them.

async function myId(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

test("the counter scans a customer's QR, types an amount, confirms, and the customer's card shows the points", async ({
  page,
  browser,
}) => {
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "spend");
  const customerId = await myId(customer);

  const { businessId } = await signUpOwner(page, { name: `Spend Shop ${Date.now()}` });
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Points", exact: true }).check();
  await page.getByLabel("Program name").fill("Spend card");
  await page.getByLabel("Points per visit").fill("0");
  await page.getByLabel("Points needed for the reward").fill("100");
  await page.getByLabel("Points per euro spent").fill("2");
  await page.getByLabel("Minimum purchase (€)").fill("5");
  await page.getByLabel("Reward name").fill("Free lunch");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();

  await page.goto(liveQrPath(customerId));
  const form = page.getByTestId("purchase-form");
  await expect(form.getByRole("heading", { name: "Record a purchase" })).toBeVisible();
  const amount = form.getByLabel("Amount (EUR)");
  await expectHydrated(amount);
  await amount.fill("4.99");
  await expect(form.getByTestId("purchase-preview")).toHaveText("Below the minimum of €5.00: no points");
  // 12.99 € at 2 points per euro is 25.98: 25 points, rounded down.
  await amount.fill("12,99");
  await expect(form.getByTestId("purchase-preview")).toHaveText("Earns 25 points");
  await form.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(form.getByTestId("purchase-result")).toHaveText("Purchase of €12.99 recorded: +25 points.");

  // The owner sees it on the customer's card.
  await page.goto(`/dashboard/business/${businessId}/customers/${customerId}`);
  await expect(page.getByTestId("purchase-history")).toContainText("€12.99 · 25 points");

  await customer.goto("/dashboard/wallet");
  await expectPath(customer, "/dashboard/wallet");
  await expect(customer.getByText("25/100 points").first()).toBeVisible();
  await customerContext.close();
});
