import { expect, test } from "@playwright/test";
import { createStampsProgram, expectPath, signUpCustomer, signUpOwner, uniqueEmail, uniqueTag } from "./support";

// A first-time customer on a phone: they tap a café's tag, read what its card
// offers before signing up, sign up through "Link me", and back on the tag see
// their first stamp — the same numbers in the result and on the card below.

test.use({ viewport: { width: 375, height: 812 } });

test("a first tap at a café: the rule and the reward before signing up, then the same progress in the result and on the card", async ({
  page,
  browser,
}) => {
  const tagId = uniqueTag("first-tap");
  const { businessId } = await signUpOwner(page, { tagId, name: "Forn de la Vila" });
  await createStampsProgram(page, businessId, { name: "Bread card", stamps: 3, reward: "Free loaf" });

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await context.newPage();
  await customer.goto(`/tap?id=${tagId}`);
  // The tag id as written (ids are case-sensitive), and the program's rule and reward for a visitor.
  await expect(customer.getByText(`Tag ${tagId}`, { exact: true })).toBeVisible();
  const visitorCard = customer.getByRole("region", { name: "Active Programs" }).getByRole("listitem");
  await expect(visitorCard).toHaveCount(1);
  await expect(visitorCard.getByRole("heading", { name: "Bread card" })).toBeVisible();
  await expect(visitorCard.getByText("Collect 3 stamps → Free loaf")).toBeVisible();
  // A visitor has no progress to show.
  await expect(visitorCard.getByRole("progressbar")).toHaveCount(0);

  await customer.getByRole("link", { name: "Link me" }).click();
  await customer.getByLabel("First name").fill("Jana");
  await customer.getByLabel("Last name").fill("Puig");
  await customer.getByLabel("Email").fill(uniqueEmail("first-tap"));
  await customer.getByLabel("Password", { exact: true }).fill("a good password");
  await customer.getByLabel("Confirm password").fill("a good password");
  // The result moves on to the dashboard after 2 s: the test holds the clock while it reads the page.
  await customer.clock.install();
  await customer.getByRole("button", { name: "Create account" }).click();

  // Back on the tag, signed in: the visit is recorded, and the card agrees with the result.
  // Once answered, the page's address names its visit (Back shows it again instead of tapping again).
  await expect(customer).toHaveURL(new RegExp(`/tap\\?id=${tagId}(&visit=[0-9a-f]{32})?$`));
  const result = customer.getByRole("status").filter({ hasText: "Progress updated" });
  await expect(result).toBeVisible();
  await expect(result.getByText("Bread card: Stamp added: 1/3")).toBeVisible();
  const card = customer.getByRole("region", { name: "Active Programs" }).getByRole("listitem");
  await expect(card.getByText("Collect 3 stamps → Free loaf")).toBeVisible();
  await expect(card.getByTestId("program-progress")).toHaveText("1/3 stamps");
  const bar = card.getByRole("progressbar", { name: "Your progress in Bread card" });
  await expect(bar).toHaveAttribute("aria-valuenow", "1");
  await expect(bar).toHaveAttribute("aria-valuemax", "3");
  await customer.screenshot({ path: "test-results/journey-first-tap.png", fullPage: true });

  // Then the dashboard leads with the reward that is closest.
  await customer.clock.runFor(2100);
  await expectPath(customer, "/dashboard");
  const closest = customer.getByRole("region", { name: "Closest to a reward" });
  await expect(closest.getByText("Bread card at Forn de la Vila")).toBeVisible();
  await expect(closest.getByTestId("program-progress")).toHaveText("1/3 stamps");
  await context.close();
});

test("a birthday program asks a customer with no birthday for it: the tap result waits, the wallet saves it", async ({
  page,
  browser,
}) => {
  const tagId = uniqueTag("birthday");
  const { businessId } = await signUpOwner(page, { tagId, name: "Pastisseria Sol" });
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Birthday", exact: true }).check();
  await page.getByLabel("Program name").fill("Birthday treat");
  await page.getByLabel("Reward name").fill("Free cake");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await context.newPage();
  await signUpCustomer(customer, "birthday");
  await customer.clock.install();
  await customer.goto(`/tap?id=${tagId}`);
  const result = customer.getByRole("status").filter({ hasText: "Progress updated" });
  await expect(result).toBeVisible();
  await expect(result.getByText("When is your birthday?")).toBeVisible();
  await expect(customer.getByText("Visit on your birthday or up to 7 days after → Free cake")).toBeVisible();
  // The question holds the result: no move to the dashboard while it is open.
  await customer.clock.runFor(3000);
  expect(new URL(customer.url()).pathname).toBe("/tap");
  await expect(result.getByRole("link", { name: "Not now" })).toHaveAttribute("href", "/dashboard");
  await customer.clock.resume();

  await customer.goto("/dashboard/wallet");
  const ask = customer.getByTestId("birthday-ask");
  await expect(ask.getByText("When is your birthday?")).toBeVisible();
  await ask.getByRole("button", { name: "Save my birthday" }).click();
  await expect(ask.getByText("Enter a valid date in the past")).toBeVisible();
  await ask.getByLabel("Your birthday", { exact: true }).fill("1990-05-17");
  await ask.getByRole("button", { name: "Save my birthday" }).click();
  await expect(customer.getByTestId("birthday-saved")).toBeVisible();
  await customer.reload();
  await expect(customer.getByRole("article", { name: "Pastisseria Sol" })).toBeVisible();
  await expect(customer.getByTestId("birthday-ask")).toHaveCount(0);
  await context.close();
});
