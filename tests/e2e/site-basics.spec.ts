import { expect, test, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_OWNER_EMAIL,
  DEMO_TAG_ID,
  expectPath,
  logIn,
  signUpCustomer,
} from "./support";

// What every visitor meets: the terms and privacy pages and the footer that
// links them, the favicon, the colour-scheme toggle, forms whose fields do not
// touch, toasts clear of the bottom navigation, the data download, and the
// admin's labels, phone layout and log-out.

const PHONE = { width: 375, height: 812 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** Each control's box starts at least `min` px below the previous one's end. */
async function expectVerticalGaps(controls: Locator[], min = 8) {
  for (let i = 1; i < controls.length; i++) {
    const above = await box(controls[i - 1]!);
    const below = await box(controls[i]!);
    expect(below.y - (above.y + above.height), `gap above control ${i}`).toBeGreaterThanOrEqual(min);
  }
}

const footer = (page: Page) => page.getByRole("contentinfo");

test.describe("terms and privacy", () => {
  test("/terms and /privacy answer 200 with the operator's text, and every kind of page links them in its footer", async ({
    page,
  }) => {
    for (const [path, heading] of [
      ["/terms", "Terms of Service"],
      ["/privacy", "Privacy Policy"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${heading}`));
    }
    // The privacy page says how to export and delete, and links Settings.
    await expect(page.getByText("Download my data")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Settings" }).first()).toHaveAttribute(
      "href",
      "/dashboard/settings",
    );

    for (const path of ["/", "/login", "/register/business", `/tap?id=${DEMO_TAG_ID}`, "/b/cafe-central", "/nope"]) {
      await page.goto(path);
      await expect(footer(page).getByRole("link", { name: "Terms of Service" }), path).toHaveAttribute(
        "href",
        "/terms",
      );
      await expect(footer(page).getByRole("link", { name: "Privacy Policy" }), path).toHaveAttribute(
        "href",
        "/privacy",
      );
    }
    await footer(page).getByRole("link", { name: "Privacy Policy" }).click();
    await expectPath(page, "/privacy");
  });

  test("the business wizard's agreement line links both pages", async ({ page }) => {
    await page.goto("/register/business");
    const agreement = page.getByText(/By registering, you agree to our/);
    await expect(agreement.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(agreement.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  for (const [locale, terms, privacy] of [
    ["es", "Condiciones del servicio", "Política de privacidad"],
    ["ca", "Condicions del servei", "Política de privadesa"],
  ] as const) {
    test(`in ${locale}: both pages, the footer and the wizard are in ${locale}`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "loyaltap-locale", value: locale, url: baseURL! }]);
      for (const [path, heading] of [
        ["/terms", terms],
        ["/privacy", privacy],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page).toHaveTitle(new RegExp(`^${heading}`));
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(footer(page).getByRole("link", { name: terms })).toHaveAttribute("href", "/terms");
        await expect(footer(page).getByRole("link", { name: privacy })).toHaveAttribute("href", "/privacy");
      }

      await page.goto("/register/business");
      await expect(page.getByRole("main").getByRole("link", { name: terms })).toHaveAttribute("href", "/terms");
      await expect(page.getByRole("main").getByRole("link", { name: privacy })).toHaveAttribute("href", "/privacy");
    });
  }
});

test("/favicon.ico is a real icon", async ({ request, page }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  await page.goto("/about");
  await expect(page.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
});

test("the colour-scheme toggle is a named button with a drawn icon, no emoji", async ({ page }) => {
  await page.goto("/about");
  const toggle = page.getByRole("button", { name: "Switch to dark mode" });
  await expect(toggle.locator("svg")).toBeVisible();
  expect((await toggle.textContent())?.trim()).toBe("");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light mode" }).locator("svg")).toBeVisible();
});

test.describe("forms on a phone", () => {
  test.use({ viewport: PHONE });

  test("log-in, register and password reset: fields and the button do not touch", async ({ page }) => {
    await page.goto("/login");
    await expectVerticalGaps([
      page.getByLabel("Email"),
      page.getByLabel("Password"),
      page.getByRole("button", { name: "Log in" }),
    ]);
    await page.goto("/register");
    await expectVerticalGaps([
      page.getByLabel("First name"),
      page.getByLabel("Last name"),
      page.getByLabel("Email"),
      page.getByLabel("Password", { exact: true }),
      page.getByRole("button", { name: "Create account" }),
    ]);
    await page.goto("/auth/reset");
    await expectVerticalGaps([page.getByLabel("Email"), page.getByRole("button", { name: "Send reset link" })]);
  });

  test("a toast and the footer on the dashboard sit above the bottom navigation", async ({ page }) => {
    await signUpCustomer(page, "toast");
    await page.goto("/dashboard/settings");
    const nav = page.getByTestId("bottom-nav");
    await expect(nav).toBeVisible();
    await page.getByRole("checkbox", { name: /Notifications/ }).click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    const navBox = await box(nav);
    // The QR button rises 24 px above the bar: the toast ends above both. A toast
    // slides in from below, so its box is read again until it has settled.
    await expect
      .poll(async () => {
        const toastBox = await box(toast);
        return navBox.y - 24 - (toastBox.y + toastBox.height);
      })
      .toBeGreaterThanOrEqual(0);

    // So does the footer, at the end of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const terms = await box(footer(page).getByRole("link", { name: "Terms of Service" }));
    expect(terms.y + terms.height).toBeLessThanOrEqual((await box(nav)).y - 24);
  });
});

test("Settings downloads the signed-in person's own data as JSON", async ({ page }) => {
  const email = await signUpCustomer(page, "export");
  await page.goto("/dashboard/settings");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^loyaltap-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(data.profile).toMatchObject({ email, firstName: "Pau", lastName: "Test" });
  expect(data).toMatchObject({ memberships: [], visits: [], rewards: [] });
  await expect(page.getByRole("link", { name: "How we use your data" })).toHaveAttribute("href", "/privacy");
});

test.describe("admin", () => {
  test("owners are labelled Owner; on a phone name, role and status show without a sideways scroll; Log out signs out", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/login");
    await logIn(page, DEMO_ADMIN_EMAIL);
    await expectPath(page, "/dashboard");
    await page.goto(`/admin/users?q=${encodeURIComponent("loyaltap.test")}`);
    const ownerRow = page.getByRole("row").filter({ hasText: DEMO_OWNER_EMAIL });
    const customerRow = page.getByRole("row").filter({ hasText: DEMO_CUSTOMER_EMAIL });
    const adminRow = page.getByRole("row").filter({ hasText: DEMO_ADMIN_EMAIL });
    await expect(ownerRow.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();
    await expect(customerRow.getByRole("cell", { name: "Customer", exact: true })).toBeVisible();
    await expect(adminRow.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
    for (const cell of [
      ownerRow.getByRole("cell", { name: "Owner", exact: true }),
      ownerRow.getByRole("cell", { name: "Active", exact: true }),
    ]) {
      const cellBox = await box(cell);
      expect(cellBox.x + cellBox.width, "inside the screen").toBeLessThanOrEqual(PHONE.width);
    }
    await ownerRow.getByRole("link").first().click();
    await expect(page.getByText("Owner", { exact: true }).first()).toBeVisible();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/");
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });
});
