import { expect, test } from "@playwright/test";
import {
  DEMO_OWNER_EMAIL,
  DEMO_TAG_ID,
  expectPath,
  logIn,
  signUpCustomer,
  signUpOwner,
  uniqueEmail,
  uniqueTag,
} from "./support";

test.describe("tap page as a visitor", () => {
  test("no id: 'No tag ID provided' notice with OK to the dashboard", async ({ page }) => {
    await page.goto("/tap");
    await expect(page.getByRole("heading", { name: "Notice" })).toBeVisible();
    await expect(page.getByText("No tag ID provided")).toBeVisible();
    await expect(page.getByRole("link", { name: "OK" })).toHaveAttribute("href", "/dashboard");
  });

  test("a malformed id is a notice with the id in parentheses", async ({ page }) => {
    await page.goto("/tap?id=bad%20id!");
    await expect(page.getByText(/^Invalid tag ID/)).toBeVisible();
    await expect(page.getByText("(bad id!)")).toBeVisible();
  });

  test("unknown tag: 'Tag Not Found' and Claim Tag leads a visitor to the business registration", async ({ page }) => {
    const id = uniqueTag("unknown");
    await page.goto(`/tap?id=${id}`);
    await expect(page.getByRole("heading", { name: "Tag Not Found" })).toBeVisible();
    await expect(page.getByText("This tag is available for claiming.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Claim Tag" }).click();
    await expectPath(page, `/claim/register?tap_id=${id}`);
  });

  test("unclaimed tag: 'Tag Available'", async ({ page }) => {
    await page.goto("/tap?id=demo-free");
    await expect(page.getByRole("heading", { name: "Tag Available" })).toBeVisible();
    await expect(page.getByText("This tag exists but is available for claiming.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Claim Tag" })).toBeVisible();
  });

  test("claimed tag: the business is in the first HTML, with Link me and the active programs", async ({
    page,
    request,
  }) => {
    // Server-rendered: the raw HTML already has the business, before any script runs.
    const html = await (await request.get(`/tap?id=${DEMO_TAG_ID}`)).text();
    expect(html).toContain("Café Central");
    expect(html).toContain("Active Programs");
    // Search engines are pointed at the business's card, and not told to drop it.
    expect(html).toMatch(/<link[^>]*rel="canonical"[^>]*href="[^"]*\/b\/cafe-central"/);
    expect(html).not.toMatch(/<meta name="robots" content="[^"]*noindex/);

    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByText(`Tag ${DEMO_TAG_ID}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Café Central" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Link me" })).toBeVisible();
    await expect(page.getByText("Register to start earning rewards")).toBeVisible();
    const programs = page.getByRole("region", { name: "Active Programs" }).getByRole("listitem");
    await expect(programs).toHaveCount(3);
    await expect(programs.first().getByRole("heading", { name: "Coffee card" })).toBeVisible();
    await expect(programs.first().getByRole("img", { name: "Stamp card" })).toBeVisible();
  });
});

test.describe("tap page signed in", () => {
  test("'Link me' round trip: sign up and come back to the tap, where the visit is recorded", async ({ page }) => {
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await page.getByRole("link", { name: "Link me" }).click();
    await expectPath(page, `/register?tap_id=${DEMO_TAG_ID}&redirect=${encodeURIComponent(`/tap?id=${DEMO_TAG_ID}`)}`);
    // The café is named, looked up from the tag on the server.
    await expect(page.getByText("Create your account to collect at Café Central")).toBeVisible();
    await page.getByLabel("First name").fill("Mar");
    await page.getByLabel("Last name").fill("Costa");
    await page.getByLabel("Email").fill(uniqueEmail("linkme"));
    await page.getByLabel("Password", { exact: true }).fill("a good password");
    await page.getByLabel("Confirm password").fill("a good password");
    await page.getByRole("button", { name: "Create account" }).click();
    // Once answered, the page's address names its visit (Back shows it again instead of tapping again).
    await expect(page).toHaveURL(new RegExp(`/tap\\?id=${DEMO_TAG_ID}(&visit=[0-9a-f]{32})?$`));
    await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await expect(page.getByText("Coffee card: Stamp added: 1/10")).toBeVisible();
    await expect(page.getByRole("link", { name: "Link me" })).toHaveCount(0);
    // After a progress result the page moves on to the dashboard.
    await expectPath(page, "/dashboard");
  });

  test("progress result goes to the dashboard after 2 seconds, not before", async ({ page }) => {
    await signUpCustomer(page);
    await page.clock.install();
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await page.clock.runFor(1900);
    expect(new URL(page.url()).pathname).toBe("/tap");
    await page.clock.runFor(200);
    await expectPath(page, "/dashboard");
  });

  test("a second tap the same day: 'Daily Tap Limit Reached', and no redirect", async ({ page }) => {
    await signUpCustomer(page);
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await page.clock.install();
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    const dialog = page.getByRole("dialog", { name: "Daily Tap Limit Reached" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("You have reached the maximum number of taps allowed for today.")).toBeVisible();
    await page.clock.runFor(5000);
    expect(new URL(page.url()).pathname).toBe("/tap");
    // Past the overlay, the header is the way on to the dashboard.
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await expectPath(page, "/dashboard");
  });

  test("a lost answer is retried with the page visit's Idempotency-Key: the visit counts once", async ({ page }) => {
    await signUpCustomer(page);
    // The first recording reaches the server and commits, but its answer is lost on the way back.
    let lost = 0;
    await page.route(
      (url) => url.pathname === "/tap",
      async (route) => {
        if (route.request().method() !== "POST" || lost > 0) return route.continue();
        lost++;
        await route.fetch();
        await route.abort("connectionreset");
      },
    );
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    // The retry gets the first answer — not "Daily Tap Limit Reached" (the demo tag allows one visit a day).
    await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await expect(page.getByText("Coffee card: Stamp added: 1/10")).toBeVisible();
    expect(lost).toBe(1);
    await expect(page.getByRole("dialog", { name: "Daily Tap Limit Reached" })).toHaveCount(0);
  });

  test("a business without programs: 'No Loyalty Program' overlay, OK dismisses it; 'No active programs available'", async ({
    page,
    browser,
  }) => {
    const tagId = uniqueTag("noprog");
    const ownerContext = await browser.newContext();
    await signUpOwner(await ownerContext.newPage(), { tagId });
    await ownerContext.close();

    await signUpCustomer(page);
    await page.goto(`/tap?id=${tagId}`);
    const dialog = page.getByRole("dialog", { name: "No Loyalty Program" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("No active programs available")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Visit recorded" })).toBeVisible();
  });

  test("redirect flag: an owner on their own tag sees the overlay, then the dashboard after 800 ms", async ({
    page,
  }) => {
    await page.goto("/login");
    await logIn(page, DEMO_OWNER_EMAIL);
    await expectPath(page, "/dashboard");
    await page.clock.install();
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByText("This tag belongs to your business. Opening your dashboard…")).toBeVisible();
    await page.clock.runFor(700);
    expect(new URL(page.url()).pathname).toBe("/tap");
    await page.clock.runFor(200);
    await expectPath(page, "/dashboard");
  });

  test("redirect flag: an owner on a free tag goes to claim it after 800 ms, and claims it", async ({ page }) => {
    const { businessId } = await signUpOwner(page);
    const id = uniqueTag("claimme");
    await page.clock.install();
    await page.goto(`/tap?id=${id}`);
    await expect(page.getByText("This tag is free: let's claim it for your business…")).toBeVisible();
    await page.clock.runFor(700);
    expect(new URL(page.url()).pathname).toBe("/tap");
    await page.clock.runFor(200);
    await expectPath(page, `/dashboard/tag/claim/${id}?tagId=${id}`);
    await expect(page.getByLabel("Tag ID")).toHaveValue(id);
    await page.getByRole("button", { name: "Claim Tag" }).click();
    await expectPath(page, `/dashboard/business/${businessId}?tab=tags`);
    await expect(page.getByTestId(`tag-${id}`)).toBeVisible();

    const visitor = await page.context().browser()!.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/tap?id=${id}`);
    // Claimed, with no program yet: the tag says so rather than inviting visitors to earn nothing.
    await expect(visitorPage.getByText("This business hasn't started a loyalty program yet")).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: "Link me" })).toHaveCount(0);
    await visitor.close();
  });

  test("claiming a tag another business holds is a Notice", async ({ page }) => {
    await signUpOwner(page);
    await page.goto(`/dashboard/tag/claim/${DEMO_TAG_ID}?tagId=${DEMO_TAG_ID}`);
    await page.getByRole("button", { name: "Claim Tag" }).click();
    await expect(page.getByRole("heading", { name: "Notice" })).toBeVisible();
    await expect(page.getByText("This tag has already been claimed by another business.")).toBeVisible();
    await expect(page.getByText(`(${DEMO_TAG_ID})`)).toBeVisible();
  });

  test("a signed-in customer without a business who claims is sent to register one", async ({ page }) => {
    await signUpCustomer(page);
    const id = uniqueTag("custclaim");
    await page.goto(`/tap?id=${id}`);
    await page.getByRole("button", { name: "Claim Tag" }).click();
    await expectPath(page, `/dashboard/tag/claim/${id}?tagId=${id}`);
    await expect(page.getByRole("link", { name: "Register your business" })).toHaveAttribute(
      "href",
      `/register/business?tap_id=${id}`,
    );
  });
});
