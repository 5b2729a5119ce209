import { expect, test } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL, expectPath, logIn, signUpCustomer } from "./support";

// The demo seed has one admin (admin@loyaltap.test); there is, on purpose, no
// way to make an admin from the browser (npm run user:promote does it).
test.describe("/admin", () => {
  test("a visitor is sent to login", async ({ page }) => {
    await page.goto("/admin/users");
    await expectPath(page, "/login?redirect=%2Fadmin%2Fusers");
  });

  test("a signed-in customer or owner gets the plain not-found screen", async ({ page }) => {
    for (const email of [DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL]) {
      await page.context().clearCookies();
      await page.goto("/login");
      await logIn(page, email);
      await expectPath(page, "/dashboard");
      const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: string } };
      for (const path of ["/admin", "/admin/users", "/admin/users?q=owner", `/admin/users/${me.user.id}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
        await expect(page.getByText("owner@loyaltap.test")).toHaveCount(0);
      }
    }
  });

  test("an admin finds a user, sees their profile, and disables and re-enables the account", async ({
    page,
    browser,
  }) => {
    const customerContext = await browser.newContext();
    const email = await signUpCustomer(await customerContext.newPage(), "admin-target");
    await customerContext.close();

    await page.goto("/login");
    await logIn(page, DEMO_ADMIN_EMAIL);
    await expectPath(page, "/dashboard");
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await page.getByLabel("Search by email or name").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(/^1 user matching/)).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(email) })
      .getByRole("link")
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/users\/[^/]+$/);
    await expect(page.getByText(email).first()).toBeVisible();

    await page.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByRole("button", { name: "Enable account" })).toBeVisible();
    const loginAs = async () => {
      const context = await browser.newContext();
      const response = await context.request.post("/api/auth/login", { data: { email, password: "a good password" } });
      await context.close();
      return response.status();
    };
    expect(await loginAs()).toBe(403);

    await page.getByRole("button", { name: "Enable account" }).click();
    await expect(page.getByRole("button", { name: "Disable account" })).toBeVisible();
    expect(await loginAs()).toBe(200);
  });
});
