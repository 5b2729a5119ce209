import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { format } from "date-fns";
import { createStampsProgram, SHOTS_DIR, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// An owner reads their insights on a phone: the charts are images with a
// summary, each with its numbers in a table, and the period can be widened.

test.use({ viewport: { width: 375, height: 812 } });

/** Today in the new business's zone (Europe/Madrid), as the English pages write a day. */
function todayInMadrid(): string {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "MMM dd, yyyy");
}

test("an owner with taps opens Insights, reads today's numbers in the day-by-day table and switches to 90 days", async ({
  page,
  browser,
}) => {
  test.slow();
  const tagId = uniqueTag("insights");
  const { businessId } = await signUpOwner(page, { tagId, name: `Insight Café ${Date.now()}` });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 1, reward: "Free coffee" });

  // Two customers tap today; each fills the one-stamp card.
  for (const label of ["first", "second"]) {
    const context = await browser.newContext();
    const customer = await context.newPage();
    await signUpCustomer(customer, `insights-${label}`);
    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: "You earned a reward!" })).toBeVisible();
    await context.close();
  }

  await page.goto(`/dashboard/business/${businessId}`);
  await page.getByRole("navigation", { name: "Business sections" }).getByRole("link", { name: "Insights" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/business/${businessId}/insights$`));
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");

  const visits = page.getByRole("region", { name: "Visits per day" });
  await expect(
    visits.getByRole("img", { name: /^Visits per day from .+: 2 visits in all, at most 2 on one day\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /2 new customers and 0 returning visits/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /2 issued and 0 redeemed/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Coffee card, 2/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /the busiest is \w+day at \d+:00, with 2 visits/ })).toBeVisible();

  // The daily charts' numbers are in one table, a row a day.
  const daily = page.getByRole("region", { name: "Day by day" });
  await daily.getByText("Show the data").click();
  const table = daily.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Day",
    "Visits",
    "New customers",
    "Returning visits",
    "Rewards issued",
    "Rewards redeemed",
  ]);
  await expect(table.getByRole("row")).toHaveCount(31);
  const today = table.getByRole("row", { name: todayInMadrid() });
  await expect(today.getByRole("cell")).toHaveText(["2", "2", "0", "2", "0"]);

  await page.screenshot({ path: `${SHOTS_DIR}/insights-375.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The page itself never scrolls sideways on a phone: a wide chart scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/\/insights\?range=90$/);
  await expect(page.getByRole("link", { name: "90 days" })).toHaveAttribute("aria-current", "page");
  await expect(visits.getByRole("img", { name: /^Visits per day from .+: 2 visits in all/ })).toBeVisible();
  // A client-side navigation may keep the table's disclosure open as the reader left it.
  const details = daily.locator("details");
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open)))
    await daily.getByText("Show the data").click();
  await expect(table.getByRole("row")).toHaveCount(91);
  await expect(today.getByRole("cell")).toHaveText(["2", "2", "0", "2", "0"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // 90 days are wider than a phone: each chart scrolls inside its box, by keyboard too.
  expect(await seriousViolations(page)).toEqual([]);

  // Someone else (a customer) gets the not-found answer.
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await signUpCustomer(stranger, "insights-stranger");
  const response = await stranger.goto(`/dashboard/business/${businessId}/insights`);
  expect(response?.status()).toBe(404);
  await context.close();
});
