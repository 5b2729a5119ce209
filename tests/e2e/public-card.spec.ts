import { expect, test, type Page } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL, expectPath, logIn } from "./support";

// The demo business (prisma/seed.ts).
const SLUG = "cafe-central";
const CARD = `/b/${SLUG}`;
const EDIT = `/dashboard/business/${SLUG}`;
// The business page's tabs: the card's look, and the business's details.
const EDIT_CARD = `${EDIT}?tab=card`;
const EDIT_PROFILE = `${EDIT}?tab=profile`;
const SEED_DESCRIPTION = "Specialty coffee and pastries baked every morning, in the heart of Gràcia.";
const SEED_PRIMARY = "#7C2D12";

async function logInAs(page: Page, email: string) {
  await page.goto("/login");
  await logIn(page, email);
  await expectPath(page, "/dashboard");
}

async function saveProfile(page: Page) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();
}

test.describe("public business card", () => {
  test("lists the running programs with what each offers, and no one's progress", async ({ page }) => {
    await page.goto(CARD);
    const programs = page.getByRole("region", { name: "Active Programs" }).getByRole("listitem");
    await expect(programs).toHaveCount(3);
    await expect(programs.first().getByRole("heading", { name: "Coffee card" })).toBeVisible();
    await expect(programs.first().getByText("Collect 10 stamps → Free coffee")).toBeVisible();
    await expect(programs.nth(1).getByText("Earn 10 points per visit; 100 points → Free pastry")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });

  test("shows the business in its theme colours with its links, title and structured data", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(CARD);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Café Central | Loyaltap");

    const card = page.getByRole("article", { name: "Café Central" });
    await expect(card.getByRole("heading", { level: 1, name: "Café Central" })).toBeVisible();
    await expect(card).toHaveCSS("background-color", "rgb(255, 255, 255)");
    // No logo: the coffee placeholder icon on the primary colour (#7C2D12).
    await expect(card.getByTestId("placeholder-icon")).toHaveCSS("background-color", "rgb(124, 45, 18)");
    await expect(card.getByText(SEED_DESCRIPTION)).toBeVisible();

    const website = card.getByRole("link", { name: "example.com", exact: true });
    await expect(website).toHaveAttribute("href", "https://www.example.com/cafe-central");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");
    await expect(card.getByRole("link", { name: "Instagram" })).toHaveAttribute(
      "href",
      "https://instagram.com/cafecentral",
    );
    // A Spanish number reads as Spaniards write it; the link dials it from anywhere.
    await expect(card.getByRole("link", { name: "930 00 00 00" })).toHaveAttribute("href", "tel:+34930000000");

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Café Central",
      url: `${baseURL}${CARD}`,
      telephone: "+34 930 000 000",
      sameAs: expect.arrayContaining(["https://instagram.com/cafecentral"]),
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${CARD}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Café Central");

    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toBeTruthy();
    const image = await page.request.get(ogImage!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  });

  test("the header's log-in brings the person back to the card", async ({ page }) => {
    await page.goto(CARD);
    const logInLink = page.locator("header").locator('a[href^="/login"]');
    await expect(logInLink).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(CARD)}`);
    await logInLink.click();
    await expectPath(page, `/login?redirect=${encodeURIComponent(CARD)}`);
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, CARD);
  });

  test("an unknown business is a 404", async ({ page }) => {
    const response = await page.goto("/b/no-such-business");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Business not found" })).toBeVisible();
  });

  test("sitemap.xml lists the card and robots.txt keeps private areas out", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}${CARD}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/about</loc>`);
    expect(xml).not.toContain("/dashboard");

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /dashboard");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain("Allow: /b/");
    expect(robots).not.toContain("Disallow: /tap");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("owner's business page", () => {
  test("the owner edits the card with a live preview, and the public card shows it after saving", async ({ page }) => {
    await page.goto(CARD); // cache the public card first, so the change must come from revalidation
    await logInAs(page, DEMO_OWNER_EMAIL);
    await page.goto(EDIT);
    await expect(page.getByRole("heading", { level: 1, name: "Café Central" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View public card" })).toHaveAttribute("href", CARD);

    const description = `Fresh bread at 7 — ${Date.now()}`;
    const preview = page.getByTestId("profile-preview");
    const tabs = page.getByRole("navigation", { name: "Business sections" });
    await tabs.getByRole("link", { name: "Profile", exact: true }).click();
    await expect(tabs.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Description", { exact: true }).fill(description);
    await expect(preview.getByText(description)).toBeVisible();
    await saveProfile(page);

    await page.goto(EDIT_CARD);
    await page.getByLabel("Primary colour", { exact: true }).fill("#0F766E");
    await expect(preview.getByText(description)).toBeVisible();
    await expect(preview.getByTestId("placeholder-icon")).toHaveCSS("background-color", "rgb(15, 118, 110)");
    await saveProfile(page);
    await page.goto(CARD);
    const card = page.getByRole("article", { name: "Café Central" });
    await expect(card.getByText(description)).toBeVisible();
    await expect(card.getByTestId("placeholder-icon")).toHaveCSS("background-color", "rgb(15, 118, 110)");

    // Put the demo back as it was for the other specs.
    await page.goto(EDIT_PROFILE);
    await page.getByLabel("Description", { exact: true }).fill(SEED_DESCRIPTION);
    await saveProfile(page);
    await page.goto(EDIT_CARD);
    await page.getByLabel("Primary colour", { exact: true }).fill(SEED_PRIMARY);
    await saveProfile(page);
  });

  test("keywords are picked from the categories with the wizard's control, never typed in; the preview follows", async ({
    page,
  }) => {
    await logInAs(page, DEMO_OWNER_EMAIL);
    await page.goto(EDIT_PROFILE);
    const input = page.getByRole("combobox", { name: "Keywords" });
    const previewKeywords = page
      .getByTestId("profile-preview")
      .getByRole("list", { name: "Keywords" })
      .getByRole("listitem");
    await expect(previewKeywords).toHaveText(["Cafe", "Bakery"]);

    // Typed text that is no category is not added, and Enter does not submit the form.
    await input.fill("Sourdough heaven");
    await expect(page.getByText("No matching categories")).toBeVisible();
    await input.press("Enter");
    await expect(previewKeywords).toHaveText(["Cafe", "Bakery"]);
    await expect(page.getByText("Business profile saved")).toHaveCount(0);

    // A category is picked from the list (by keyboard), and one already chosen is not offered again.
    await input.fill("brun");
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(page.getByRole("button", { name: "Remove Brunch" })).toBeVisible();
    await expect(previewKeywords).toHaveText(["Cafe", "Bakery", "Brunch"]);
    await input.fill("bakery");
    await expect(page.getByRole("option", { name: "Bakery", exact: true })).toHaveCount(0);

    // Backspace in the empty input removes the last one; × removes its own.
    await input.fill("");
    await input.press("Backspace");
    await page.getByRole("button", { name: "Remove Cafe" }).click();
    await expect(previewKeywords).toHaveText(["Bakery"]);
  });

  test("a javascript: social link cannot be saved", async ({ page }) => {
    await logInAs(page, DEMO_OWNER_EMAIL);
    await page.goto(EDIT_CARD);
    await page.getByRole("button", { name: "Add social link" }).click();
    await page.getByLabel("Social network 2", { exact: true }).fill("facebook");
    await page.getByLabel("Social link 2", { exact: true }).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter a full http:// or https:// address")).toBeVisible();
    await expect(page.getByText("Business profile saved")).toHaveCount(0);

    await page.goto(CARD);
    const card = page.getByRole("article", { name: "Café Central" });
    await expect(card.getByRole("link", { name: "Instagram" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Facebook" })).toHaveCount(0);
    expect((await page.content()).toLowerCase()).not.toContain("javascript:alert");
  });

  test("the owner turns on a weekly summary by email, and the choice is kept", async ({ page }) => {
    await logInAs(page, DEMO_OWNER_EMAIL);
    await page.goto(EDIT_PROFILE);
    const summary = page.getByLabel("Owner summary", { exact: true });
    await expect(summary).toHaveValue("OFF");
    await expect(page.getByText("every day for the day before, or on Mondays for the week before")).toBeVisible();
    await summary.selectOption({ label: "Weekly (Mondays)" });
    await saveProfile(page);
    await page.reload();
    await expect(page.getByLabel("Owner summary", { exact: true })).toHaveValue("WEEKLY");

    // Put the demo back as it was for the other specs.
    await page.getByLabel("Owner summary", { exact: true }).selectOption("OFF");
    await saveProfile(page);
  });

  test("another signed-in user gets a 404 on the owner's business page", async ({ page }) => {
    await logInAs(page, DEMO_CUSTOMER_EMAIL);
    const response = await page.goto(EDIT);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByLabel("Description", { exact: true })).toHaveCount(0);
  });

  test("a visitor is sent to log in first", async ({ page }) => {
    await page.goto(EDIT);
    await expectPath(page, `/login?redirect=${encodeURIComponent(EDIT)}`);
  });
});
