import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { signUpCustomer, signUpOwner, uniqueTag } from "./support";

// At the counter, on the owner's phone: the customer shows a reward code, the
// owner types it and first sees what it is, whose, and when it was earned;
// only Confirm redeems it, and Undo stays offered for a mis-typed code.

test.use({ viewport: { width: 375, height: 812 } });

/** The calendar day of `instant` in the demo businesses' zone, as the English pages write it ("Mar 05, 2026"). */
function dayInMadrid(instant: Date): string {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(instant);
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "MMM dd, yyyy");
}

test("an owner checks a reward code, confirms it, sees the day it was redeemed and can undo", async ({
  page,
  browser,
}) => {
  test.slow();
  const tagId = uniqueTag("redeem");
  const { businessId } = await signUpOwner(page, { tagId, name: `Counter Café ${Date.now()}` });
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
  await page.getByLabel("Program name").fill("One and done");
  await page.getByLabel("Stamps required").fill("1");
  await page.getByLabel("Reward name").fill("Free croissant");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();

  // The customer earned it late in the evening (UTC): already the next day at the café (Madrid).
  const earnedAt = new Date(Date.now() - 86_400_000);
  earnedAt.setUTCHours(23, 30, 0, 0);
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "redeem");
  await customer.setExtraHTTPHeaders({ "x-loyaltap-now": earnedAt.toISOString() });
  await customer.goto(`/tap?id=${tagId}`);
  await expect(customer.getByRole("status").filter({ hasText: "You earned a reward!" })).toBeVisible();
  const code = (await customer.getByRole("status").locator("code").first().textContent())!.trim();
  await customerContext.close();

  // Typing the code shows the reward; nothing is redeemed yet.
  await page.goto(`/dashboard/business/${businessId}`);
  const field = page.getByLabel("Reward code");
  await field.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Find reward" }).click();
  const found = page.getByRole("region", { name: "Reward to redeem" });
  await expect(found.getByText("Free croissant")).toBeVisible();
  await expect(found.getByText("For Pau T.")).toBeVisible();
  const earnedOn = dayInMadrid(earnedAt);
  expect(earnedOn).not.toBe(format(new Date(earnedAt.toISOString().slice(0, 10) + "T12:00:00"), "MMM dd, yyyy"));
  await expect(found.getByText(`Earned on ${earnedOn}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Redeemed" })).toHaveCount(0);

  // Confirm redeems it, with the day in the café's zone and the app's date style.
  await found.getByRole("button", { name: "Confirm redemption" }).click();
  const redeemed = page.getByRole("status").filter({ hasText: "Redeemed: Free croissant for Pau T." });
  await expect(redeemed).toContainText(`Redeemed on ${dayInMadrid(new Date())}.`);
  await expect(redeemed).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(found).toHaveCount(0);
  // The code field keeps its width beside the result, on a phone and on a wider screen.
  expect((await field.boundingBox())!.width).toBeGreaterThan(300);
  await page.setViewportSize({ width: 800, height: 812 });
  expect((await field.boundingBox())!.width).toBeGreaterThan(400);
  await page.setViewportSize({ width: 375, height: 812 });

  // Undo puts it back: the same code shows the reward again.
  await redeemed.getByRole("button", { name: "Undo" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Redemption undone: Free croissant can be redeemed again." }),
  ).toBeVisible();
  await field.fill(code);
  await page.getByRole("button", { name: "Find reward" }).click();
  await expect(found.getByText(`Earned on ${earnedOn}`)).toBeVisible();
  await found.getByRole("button", { name: "Confirm redemption" }).click();
  await expect(redeemed).toBeVisible();

  // Typed once more, the code is refused with the localized day, not an ISO date.
  await field.fill(code);
  await page.getByRole("button", { name: "Find reward" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `This reward was already redeemed on ${dayInMadrid(new Date())}.` }),
  ).toBeVisible();
});
