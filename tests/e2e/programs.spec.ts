import { expect, test, type Browser, type Page } from "@playwright/test";
import { format } from "date-fns";
import { DEMO_CUSTOMER_EMAIL, expectPath, logIn, signUpOwner, uniqueTag } from "./support";

// Programs are created for a business registered by the test itself, so the
// demo café keeps exactly its three seeded programs for the other specs.

/** YYYY-MM-DD `days` from today (UTC), as an `<input type="date">` takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The same day as the pages show it, 'MMM DD, YYYY'. */
const shown = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "MMM dd, yyyy");
};

/** The tag page a visitor (no session) sees, in a fresh browser context. */
async function visitorPrograms(browser: Browser, tagId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/tap?id=${tagId}`);
  // With nothing running a visitor sees no "Active Programs" and no invitation, only that the business
  // has not started one: wait for the page (one or the other), not the list.
  await expect(
    page
      .getByRole("link", { name: "Link me" })
      .or(page.getByText("This business hasn't started a loyalty program yet")),
  ).toBeVisible();
  const names = await page
    .getByRole("region", { name: "Active Programs" })
    .getByRole("heading", { level: 3 })
    .allTextContents();
  if (names.length === 0) await expect(page.getByRole("heading", { name: "Active Programs" })).toHaveCount(0);
  await context.close();
  return names;
}

const status = (page: Page) => page.getByTestId("program-status");

test.describe("owner programs", () => {
  test("an owner creates a stamps program with dates, edits, pauses, resumes and ends it; visitors see each change at once", async ({
    page,
    browser,
  }) => {
    test.slow();
    const tagId = uniqueTag("prog");
    const { businessId } = await signUpOwner(page, { tagId, name: `Programs Café ${Date.now()}` });
    const start = day(-2);
    const end = day(60);

    await page.goto(`/dashboard/program/create?businessId=${businessId}`);
    await expect(page.getByRole("heading", { name: "New program" })).toBeVisible();
    await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
    await page.getByLabel("Program name").fill("Three and free");
    await page.getByLabel("Description", { exact: true }).fill("A stamp for every visit");
    await page.getByLabel("Stamps required").fill("3");
    await page.getByLabel("Reward name").fill("Free coffee");
    await page.getByLabel("Reward expires after (days)").fill("30");

    // Reversed dates: the form says so and nothing is created.
    await page.getByLabel("Start date").fill(day(10));
    await page.getByLabel("End date").fill(day(3));
    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("End date must be after start date")).toBeVisible();
    await expectPath(page, `/dashboard/program/create?businessId=${businessId}`);

    await page.getByLabel("Start date").fill(start);
    await page.getByLabel("End date").fill(end);
    const preview = page.getByTestId("program-preview");
    await expect(preview).toContainText("Three and free");
    await expect(preview).toContainText("A stamp for every visit");
    await expect(preview).toContainText(`Starts ${shown(start)}`);
    await expect(preview).toContainText(`Ends ${shown(end)}`);
    await expect(preview).toContainText("Collect 3 stamps → Free coffee");

    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("Program created")).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/program\/[0-9a-f-]{36}$/);
    const programPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: "Three and free" })).toBeVisible();
    await expect(status(page)).toHaveText("Active");
    await expect(page.getByText(`Starts ${shown(start)}`).first()).toBeVisible();
    await expect(page.getByLabel("Stamps required")).toHaveValue("3");
    await expect(page.getByTestId("stat-members")).toHaveText("0");
    await expect(page.getByRole("link", { name: /Back to Programs Café/ })).toHaveAttribute(
      "href",
      `/dashboard/business/${businessId}`,
    );
    expect(await visitorPrograms(browser, tagId)).toEqual(["Three and free"]);

    // Edit: the new name reaches the tag page at once.
    await page.getByLabel("Program name").fill("Three and a treat");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Program saved")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Three and a treat" })).toBeVisible();
    expect(await visitorPrograms(browser, tagId)).toEqual(["Three and a treat"]);

    await page.getByRole("button", { name: "Pause" }).click();
    await expect(status(page)).toHaveText("Paused");
    expect(await visitorPrograms(browser, tagId)).toEqual([]);

    await page.getByRole("button", { name: "Resume" }).click();
    await expect(status(page)).toHaveText("Active");
    expect(await visitorPrograms(browser, tagId)).toEqual(["Three and a treat"]);

    // End asks first; Cancel keeps it running.
    await page.getByRole("button", { name: "End program" }).click();
    const dialog = page.getByRole("dialog", { name: /End “Three and a treat”\?/ });
    await expect(dialog).toContainText("can't be resumed");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(status(page)).toHaveText("Active");

    await page.getByRole("button", { name: "End program" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End program" }).click();
    await expect(status(page)).toHaveText("Ended");
    await expect(page.getByText(/It is read-only: it can't be edited or resumed/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Resume" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByLabel("Program name")).toBeDisabled();
    expect(await visitorPrograms(browser, tagId)).toEqual([]);

    // Someone else (the demo customer) opening the program's URL gets a 404.
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await customerPage.goto("/login");
    await logIn(customerPage, DEMO_CUSTOMER_EMAIL);
    await expectPath(customerPage, "/dashboard");
    const response = await customerPage.goto(programPath);
    expect(response?.status()).toBe(404);
    await expect(customerPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(customerPage.getByText("Three and a treat")).toHaveCount(0);
    await customer.close();
  });

  test("each type shows its own settings, defaults and messages", async ({ page }) => {
    await signUpOwner(page, { name: `Types Shop ${Date.now()}` });
    await page.goto("/dashboard/program/create");
    await page.getByRole("radio", { name: "Instant win", exact: true }).check();
    await expect(page.getByLabel("Chance to win (%)")).toHaveValue("10");
    await page.getByLabel("Chance to win (%)").fill("25");
    await expect(page.getByTestId("program-preview")).toContainText("Every visit has a 25% chance to win");

    await page.getByRole("radio", { name: "Tiers", exact: true }).check();
    await expect(page.getByLabel("Tier 2 name")).toHaveValue("Silver");
    await expect(page.getByLabel("Tier 3 visits")).toHaveValue("15");
    await expect(page.getByTestId("program-preview")).toContainText(
      "Reach Silver at 5 visits and Gold at 15 visits → your reward at each",
    );

    await page.getByRole("radio", { name: "Limited time", exact: true }).check();
    await page.getByLabel("Program name").fill("Summer card");
    await page.getByLabel("Reward name").fill("Ice cream");
    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("A time-limited program needs a start date")).toBeVisible();
    await expect(page.getByText("A time-limited program needs an end date")).toBeVisible();

    await page.getByRole("radio", { name: "Points", exact: true }).check();
    await page.getByLabel("Points needed for the reward").fill("0");
    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("Must be a whole number greater than 0")).toBeVisible();
  });

  test("an 'Other' program, which never gives rewards, asks for no reward and is created without one", async ({
    page,
  }) => {
    await signUpOwner(page, { name: `Other Shop ${Date.now()}` });
    await page.goto("/dashboard/program/create");
    await expect(page.getByLabel("Reward name")).toBeVisible();
    await page.getByRole("radio", { name: "Other", exact: true }).check();
    await expect(page.getByLabel("Reward name")).toHaveCount(0);
    await expect(page.getByLabel("Reward expires after (days)")).toHaveCount(0);
    await page.getByLabel("Program name").fill("Visit counter");
    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("Program created")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Visit counter" })).toBeVisible();
    await expect(page.getByLabel("Reward name")).toHaveCount(0);
  });

  test("an owner without a business is sent to register one", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    await page.goto("/dashboard/program/create");
    await expect(page.getByRole("link", { name: "Register your business" })).toHaveAttribute(
      "href",
      "/register/business",
    );
  });
});
