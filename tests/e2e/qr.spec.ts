import { expect, test, type Page } from "@playwright/test";
import { qrTokenKey, signQrToken } from "@/lib/qr/presence-token";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, E2E_AUTH_SECRET, expectPath, logIn, signUpCustomer } from "./support";

const LIMIT_MESSAGE = "You have reached the maximum number of taps allowed for today.";

async function myId(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** A new customer "Pau Test" (shown as "Pau T."); the browser is signed out afterwards. */
async function newCustomerId(page: Page, label: string) {
  const email = await signUpCustomer(page, label);
  const id = await myId(page);
  await page.context().clearCookies();
  return { id, email };
}

test.describe("/qr/:user_id", () => {
  test("a visitor sees only the display name, and is invited to register or log in", async ({ page }) => {
    const { id, email } = await newCustomerId(page, "qr-visitor");
    const response = await page.goto(`/qr/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pau T.");
    await expect(page).toHaveTitle("Pau T. | Loyaltap");
    const html = await page.content();
    expect(html).not.toContain(email);
    expect(html).not.toContain("Test</");
    await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute(
      "href",
      `/register?redirect=${encodeURIComponent(`/qr/${id}`)}`,
    );

    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expectPath(page, `/login?redirect=${encodeURIComponent(`/qr/${id}`)}`);
    await logIn(page, email, "a good password");
    await expectPath(page, `/qr/${id}`);
    await expect(page.getByText("This is your QR code page.")).toBeVisible();
  });

  test("an unknown or malformed id is the not-found screen", async ({ page }) => {
    for (const id of ["0196f1a2-7b3c-7d4e-8f90-123456789abc", "not-a-user"]) {
      const response = await page.goto(`/qr/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
  });

  test("a customer names the QR's owner as referrer, once", async ({ page }) => {
    const friend = await newCustomerId(page, "qr-friend");
    const other = await newCustomerId(page, "qr-other");
    await signUpCustomer(page, "qr-newcomer");

    await page.goto(`/qr/${friend.id}`);
    await page.getByRole("button", { name: "Add Pau T. as your referrer" }).click();
    await expect(page.getByRole("note")).toHaveText("Pau T. is your referrer.");
    await expect(page.getByRole("button", { name: /as your referrer/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("note")).toHaveText("Pau T. is your referrer.");

    // Another friend's QR: no second referrer.
    await page.goto(`/qr/${other.id}`);
    await expect(page.getByRole("note")).toHaveText("You have already named a referrer.");
    await expect(page.getByRole("button", { name: /as your referrer/ })).toHaveCount(0);
  });

  test("without the live QR's token an owner gets the friend's view: no linking, no visit", async ({ page }) => {
    const customer = await newCustomerId(page, "qr-no-token");
    await page.goto("/login");
    await logIn(page, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, "/dashboard");

    const stale = signQrToken(customer.id, new Date(Date.now() - 6 * 60_000), qrTokenKey(E2E_AUTH_SECRET)).token;
    for (const path of [`/qr/${customer.id}`, `/qr/${customer.id}?t=${encodeURIComponent(stale)}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pau T.");
      await expect(
        page.getByText("To link Pau T. or record a visit, scan the QR code Pau T. shows in the app."),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Link to Café Central" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Record a visit" })).toHaveCount(0);
    }
  });

  test("a business owner scans the customer's live QR, links them and records a visit; a second visit the same day hits the limit", async ({
    page,
  }) => {
    // The customer opens 'Show my QR'; the owner's phone opens what it encodes.
    await signUpCustomer(page, "qr-counter");
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Dashboard", exact: true })
      .getByRole("button", { name: "Show my QR" })
      .click();
    const qr = page.getByRole("dialog", { name: "My QR code" }).getByRole("img", { name: "Your personal QR code" });
    await expect(qr).toHaveAttribute("data-qr-value", /\/qr\/[^?]+\?t=/);
    const scanned = new URL((await qr.getAttribute("data-qr-value"))!);
    await page.context().clearCookies();

    await page.goto("/login");
    await logIn(page, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, "/dashboard");

    await page.goto(scanned.pathname + scanned.search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pau T.");
    await expect(page.getByRole("button", { name: /as your referrer/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Link to Café Central" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pau T. is now linked to Café Central." })).toBeVisible();
    await expect(page.getByText("Pau T. is linked to Café Central.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Link to Café Central" })).toHaveCount(0);

    await page.getByRole("button", { name: "Record a visit" }).click();
    const result = page.getByRole("status").filter({ hasText: "Visit recorded at Café Central." });
    await expect(result).toBeVisible();
    await expect(result).toContainText("Coffee card:");
    await expect(result).toContainText("1/10");

    await page.getByRole("button", { name: "Record a visit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
  });

  test("an owner can't record a visit on their own QR", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, "/dashboard");
    const id = await myId(page);
    await page.goto(`/qr/${id}`);
    await expect(page.getByText("This is your QR code page.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Record a visit" })).toHaveCount(0);
  });
});
