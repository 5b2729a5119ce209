import { expect, test, type Page } from "@playwright/test";
import type { PlaceSuggestion } from "@/lib/business/places";
import { expectPath, signUpCustomer, uniqueTag } from "./support";

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const uniqueEmail = (label: string) => `${label}-${stamp()}@example.test`;

const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
const keywordInput = (page: Page) => page.getByRole("combobox", { name: "Keywords" });
const chip = (page: Page, label: string) => page.getByRole("button", { name: `Remove ${label}` });

type Business = {
  name: string;
  keywordQuery: string;
  keyword: string;
  description?: string;
  website?: string;
  phone: string;
  address: string;
};
type Account = { firstName: string; lastName: string; email: string; password: string };

const forn: Business = {
  name: "Forn de la Plaça",
  keywordQuery: "bake",
  keyword: "Bakery",
  description: "Bread and pastries since 1925.",
  website: "https://forn.example",
  phone: "+34 931 234 567",
  address: "Plaça del Sol 3, Barcelona",
};
const account = (label: string): Account => ({
  firstName: "Marta",
  lastName: "Vidal",
  email: uniqueEmail(label),
  password: "a good password",
});

async function fillBusiness(page: Page, business: Business) {
  await page.getByLabel("Business name").fill(business.name);
  await keywordInput(page).fill(business.keywordQuery);
  await page.getByRole("option", { name: business.keyword, exact: true }).click();
  if (business.description) await page.getByLabel("Description").fill(business.description);
  if (business.website) await page.getByLabel("Website").fill(business.website);
  await page.getByLabel("Phone").fill(business.phone);
  await page.getByLabel("Address").fill(business.address);
}

async function fillAccount(page: Page, who: Account, confirm = who.password) {
  await page.getByLabel("First name").fill(who.firstName);
  await page.getByLabel("Last name").fill(who.lastName);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(confirm);
}

async function registerThroughWizard(page: Page, business: Business, who: Account) {
  await fillBusiness(page, business);
  await nextButton(page).click();
  await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
  await fillAccount(page, who);
  await nextButton(page).click();
  await expect(page.getByRole("heading", { name: "Confirm your details", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Complete Registration" }).click();
}

test.describe("business registration wizard", () => {
  test("shows the title, the subtitle for each entry point, the steps and the terms", async ({ page }) => {
    await page.goto("/register/business");
    await expect(page.getByRole("heading", { level: 1, name: "Register your business" })).toBeVisible();
    await expect(page.getByText("Follow the steps to register your business")).toBeVisible();
    const steps = page.getByRole("list", { name: "Registration steps" });
    await expect(steps).toContainText("1Business");
    await expect(steps).toContainText("2Account");
    await expect(steps).toContainText("3Confirm");
    await expect(steps.locator('[aria-current="step"]')).toContainText("Business");
    await expect(page.getByText(/agree to our Terms of Service and Privacy Policy/)).toBeVisible();

    await page.goto("/claim/register?tap_id=some-tag");
    await expect(page.getByRole("heading", { level: 1, name: "Register your business" })).toBeVisible();
    await expect(page.getByText("Register your business and claim your NFC tag")).toBeVisible();
    await expect(page.getByText("Follow the steps to register your business")).toHaveCount(0);

    await page.goto("/claim/register");
    await expect(page.getByText("Follow the steps to register your business")).toBeVisible();
  });

  test("Next checks each step and shows every validation message", async ({ page }) => {
    await page.goto("/register/business");
    await nextButton(page).click();
    for (const message of [
      "Business name is required",
      "At least one keyword is required",
      "Phone number is required",
      "Business address is required",
    ]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Your business", exact: true })).toBeVisible();

    await fillBusiness(page, { ...forn, description: undefined, website: undefined });
    // Messages clear as the fields are filled in.
    await expect(page.locator("form").getByRole("alert")).toHaveCount(0);
    await nextButton(page).click();
    await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();

    await nextButton(page).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Password is required",
    ]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }

    await fillAccount(page, account("mismatch"), "another password");
    await nextButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "Passwords do not match" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();

    await fillAccount(page, { ...account("short"), password: "short" });
    await nextButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "Password must be at least 8 characters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
  });

  test("keywords are picked from the list by keyboard or mouse, never as free text", async ({ page }) => {
    await page.goto("/register/business");
    const input = keywordInput(page);

    // Keyboard: type, ArrowDown, Enter.
    await input.fill("bak");
    await expect(page.getByRole("listbox", { name: "Categories" })).toBeVisible();
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", /.+/);
    await input.press("Enter");
    await expect(chip(page, "Bakery")).toBeVisible();
    await expect(input).toHaveValue("");
    // Enter picked an option; it did not submit the step.
    await expect(page.getByText("Business name is required")).toHaveCount(0);

    // Mouse.
    await input.fill("CAF");
    await page.getByRole("option", { name: "Cafe", exact: true }).click();
    await expect(chip(page, "Cafe")).toBeVisible();

    // A chosen keyword is not offered again.
    await input.fill("bakery");
    await expect(page.getByText("No matching categories")).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);

    // Escape closes the list.
    await input.fill("sp");
    await expect(page.getByRole("option", { name: "Spa", exact: true })).toBeVisible();
    await input.press("Escape");
    await expect(page.getByRole("listbox", { name: "Categories" })).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");

    // Free text + Enter adds nothing and does not submit.
    await input.fill("Artisan sourdough");
    await input.press("Enter");
    await expect(page.getByRole("list", { name: "Chosen keywords" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("Business name is required")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your business", exact: true })).toBeVisible();

    // Removing a chip.
    await chip(page, "Bakery").click();
    await expect(chip(page, "Bakery")).toHaveCount(0);
    await expect(chip(page, "Cafe")).toBeVisible();
    await input.fill("bake");
    await expect(page.getByRole("option", { name: "Bakery", exact: true })).toBeVisible();
  });

  test("Back and Next keep every value, the summary shows them, and success lands on the dashboard", async ({
    page,
  }) => {
    const who = account("owner");
    await page.goto("/register/business");
    await fillBusiness(page, forn);
    await nextButton(page).click();
    await fillAccount(page, who);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Your business", exact: true })).toBeVisible();
    await expect(page.getByLabel("Business name")).toHaveValue(forn.name);
    await expect(chip(page, "Bakery")).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue(forn.description!);
    await expect(page.getByLabel("Website")).toHaveValue(forn.website!);
    await expect(page.getByLabel("Phone")).toHaveValue(forn.phone);
    await expect(page.getByLabel("Address")).toHaveValue(forn.address);

    await nextButton(page).click();
    await expect(page.getByLabel("First name")).toHaveValue(who.firstName);
    await expect(page.getByLabel("Last name")).toHaveValue(who.lastName);
    await expect(page.getByLabel("Email")).toHaveValue(who.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(who.password);
    await expect(page.getByLabel("Confirm password")).toHaveValue(who.password);

    await nextButton(page).click();
    await expect(page.getByRole("heading", { name: "Confirm your details", exact: true })).toBeVisible();
    const summary = page.locator("dl");
    for (const text of [
      `${who.firstName} ${who.lastName}`,
      who.email,
      forn.name,
      "Bakery",
      forn.description!,
      // Shown in the national format; stored as +34931234567.
      "931 23 45 67",
      forn.address,
    ]) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: forn.website! })).toHaveAttribute("href", forn.website!);
    await expect(page.getByRole("textbox")).toHaveCount(0);

    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expectPath(page, "/dashboard");
    await expect(page.getByText("Registration completed successfully!")).toBeVisible();
    await expect(page.getByText("Welcome to your new business dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Welcome, ${who.firstName}` })).toBeVisible();
  });

  test("registering with a tap_id claims the tag, so a second business cannot claim it", async ({ browser }) => {
    const tagId = `e2e-wizard-${stamp()}`;
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await firstPage.goto(`/claim/register?tap_id=${tagId}`);
    await registerThroughWizard(firstPage, forn, account("claimer"));
    await expectPath(firstPage, "/dashboard");
    await first.close();

    const second = await browser.newContext();
    const page = await second.newPage();
    await page.goto(`/claim/register?tap_id=${tagId}`);
    await registerThroughWizard(page, { ...forn, name: "Another Bakery" }, account("late"));
    await expect(page.getByText("Registration failed")).toBeVisible();
    await expect(page.getByText("This tag has already been claimed by another business.")).toBeVisible();
    await expectPath(page, `/claim/register?tap_id=${tagId}&step=3`);
    // The wizard is ready to try again.
    await expect(page.getByRole("button", { name: "Complete Registration" })).toBeEnabled();
    await second.close();
  });

  test("Complete Registration shows progress, and failures explain themselves in a toast", async ({ page }) => {
    await page.goto("/register/business");
    await fillBusiness(page, forn);
    await nextButton(page).click();
    await fillAccount(page, account("failures"));
    await nextButton(page).click();
    const complete = page.getByRole("button", { name: "Complete Registration" });

    // Network failure.
    await page.route("**/api/auth/register", (route) => route.abort("connectionrefused"));
    await complete.click();
    await expect(page.getByText("Registration failed")).toBeVisible();
    await expect(page.getByText("Failed to complete registration")).toBeVisible();
    await page.unrouteAll();

    // A server error without a message.
    await page.route("**/api/auth/register", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
    });
    await complete.click();
    await expect(page.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
    await expect(page.getByText("Please try again or contact support")).toBeVisible();
    await expect(complete).toBeEnabled();
    await expectPath(page, "/register/business?step=3");
  });

  test("the Apple button says it is coming soon; Google is not offered when it is not configured", async ({ page }) => {
    await page.goto("/register/business");
    await fillBusiness(page, forn);
    await nextButton(page).click();
    await page.getByRole("button", { name: "Sign up with Apple" }).click();
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    await expect(page.getByText("Apple registration will be available soon")).toBeVisible();
    await expect(page.getByText("Or continue with")).toBeVisible();

    await expect(page.getByRole("button", { name: "Sign up with Google" })).toHaveCount(0);
    await expectPath(page, "/register/business?step=2");
  });

  test("choosing a suggested place fills the business and its keywords, and sends its place id", async ({ page }) => {
    const places: PlaceSuggestion[] = [
      {
        displayName: "Forn Sant Josep, Carrer Major 12, Barcelona",
        businessName: "Forn Sant Josep",
        address: "Carrer Major 12, 08001 Barcelona",
        placeId: "ChIJ-forn-sant-josep",
        types: ["bakery", "cafe", "point_of_interest", "establishment", "bakery"],
        website: "https://fornsantjosep.example/",
        phone: "+34 932 000 111",
      },
      {
        displayName: "Gimnàs del Port, Moll de la Fusta 2, Barcelona",
        businessName: "Gimnàs del Port",
        address: "Moll de la Fusta 2, Barcelona",
        placeId: "ChIJ-gym",
        types: ["gym", "point_of_interest"],
        website: null,
        phone: "+34 932 000 222",
      },
    ];
    await page.addInitScript((list) => {
      window.__LOYALTAP_PLACES__ = list;
    }, places);
    await page.goto("/register/business");
    const name = page.getByRole("combobox", { name: "Business name" });

    // Fewer than 3 characters: no search.
    await name.fill("Fo");
    await page.waitForTimeout(600);
    await expect(page.getByRole("option")).toHaveCount(0);

    await name.fill("forn");
    await page.getByRole("option", { name: /Forn Sant Josep/ }).click();
    await expect(name).toHaveValue("Forn Sant Josep");
    await expect(page.getByLabel("Address")).toHaveValue("Carrer Major 12, 08001 Barcelona");
    await expect(page.getByLabel("Phone")).toHaveValue("+34 932 000 111");
    await expect(page.getByLabel("Website")).toHaveValue("https://fornsantjosep.example/");
    await expect(chip(page, "Bakery")).toBeVisible();
    await expect(chip(page, "Cafe")).toBeVisible();
    await expect(page.getByRole("list", { name: "Chosen keywords" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("option")).toHaveCount(0);

    // Keyboard selection replaces it with another place.
    await name.fill("gimn");
    await expect(page.getByRole("option", { name: /Gimnàs del Port/ })).toBeVisible();
    await name.press("ArrowDown");
    await name.press("Enter");
    await expect(name).toHaveValue("Gimnàs del Port");
    await expect(page.getByLabel("Phone")).toHaveValue("+34 932 000 222");
    await expect(chip(page, "Gym")).toBeVisible();
    await expect(chip(page, "Bakery")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your business", exact: true })).toBeVisible();

    await nextButton(page).click();
    await fillAccount(page, account("places"));
    await nextButton(page).click();
    const request = page.waitForRequest((r) => r.url().endsWith("/api/auth/register") && r.method() === "POST");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    const payload = (await request).postDataJSON() as {
      business: { name: string };
      business_profile: Record<string, unknown>;
      password: string;
    };
    expect(payload.business).toEqual({ name: "Gimnàs del Port" });
    expect(payload.business_profile).toMatchObject({
      place_id: "ChIJ-gym",
      keywords: ["Gym"],
      website: null,
      // Sent as the server stores it: E.164.
      phone: "+34932000222",
    });
    await expectPath(page, "/dashboard");
  });

  test("clearing the business name forgets the chosen place", async ({ page }) => {
    await page.addInitScript(() => {
      window.__LOYALTAP_PLACES__ = [
        {
          displayName: "Bar Pinotxo, La Boqueria",
          businessName: "Bar Pinotxo",
          address: "La Rambla 91, Barcelona",
          placeId: "ChIJ-pinotxo",
          types: ["bar", "restaurant"],
          website: null,
          phone: "+34 933 171 731",
        },
      ];
    });
    await page.goto("/register/business");
    const name = page.getByRole("combobox", { name: "Business name" });
    await name.fill("pinotxo");
    await page.getByRole("option", { name: /Bar Pinotxo/ }).click();
    await expect(chip(page, "Bar")).toBeVisible();
    await name.fill("");
    await name.fill("El Meu Bar");
    await nextButton(page).click();
    await fillAccount(page, account("cleared"));
    await nextButton(page).click();
    const request = page.waitForRequest((r) => r.url().endsWith("/api/auth/register") && r.method() === "POST");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    const payload = (await request).postDataJSON() as {
      business: { name: string };
      business_profile: { place_id: unknown };
    };
    expect(payload.business.name).toBe("El Meu Bar");
    expect(payload.business_profile.place_id).toBeNull();
    await expectPath(page, "/dashboard");
  });
});

test.describe("signed in", () => {
  test("a signed-in customer adds a business to their own account and claims the tag", async ({ page, browser }) => {
    await signUpCustomer(page, "addbiz");
    const tagId = uniqueTag("addbiz");
    await page.goto(`/register/business?tap_id=${tagId}`);
    await expect(page.getByText("Register your business and claim your NFC tag")).toBeVisible();
    await fillBusiness(page, { ...forn, name: `Signed In Bakery ${stamp()}` });
    await nextButton(page).click();
    await expect(page.getByText(/You are signed in as Pau Test/)).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    await nextButton(page).click();
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(page.getByText("Registration completed successfully!")).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/business\//);
    // The business page opens on its programs; the claimed tag is under Tags.
    await page.getByRole("navigation", { name: "Business sections" }).getByRole("link", { name: "Tags" }).click();
    await expect(page.getByTestId(`tag-${tagId}`)).toBeVisible();

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/tap?id=${tagId}`);
    await expect(visitorPage.getByRole("heading", { level: 1, name: /Signed In Bakery/ })).toBeVisible();
    await visitor.close();
  });
});
