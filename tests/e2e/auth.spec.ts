import { expect, test } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, expectPath, logIn } from "./support";

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signUp(page: import("@playwright/test").Page, email: string, password = "a good password") {
  await page.getByLabel("First name").fill("Laia");
  await page.getByLabel("Last name").fill("Serra");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

test.describe("accounts", () => {
  test("register → dashboard, log out, and the dashboard is closed again", async ({ page }) => {
    await page.goto("/register");
    await signUp(page, unique("laia"));
    await expectPath(page, "/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Laia" })).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/");
    await page.goto("/dashboard");
    await expectPath(page, "/login?redirect=%2Fdashboard");
  });

  test("the sign-up form shows every validation message before calling the server", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Password is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Password", { exact: true }).fill("a good password");
    await page.getByLabel("Confirm password").fill("another password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
    await expectPath(page, "/register");
  });

  test("signing up with an email that has an account shows the server's message", async ({ page }) => {
    await page.goto("/register");
    await signUp(page, DEMO_CUSTOMER_EMAIL);
    await expect(
      page.getByRole("alert").filter({ hasText: "An account with this email already exists." }),
    ).toBeVisible();
  });

  test("log in with ?redirect=/dashboard/settings lands there", async ({ page }) => {
    await page.goto("/login?redirect=/dashboard/settings");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard/settings");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL, "not the password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expectPath(page, "/login");
  });

  test("signing out in one tab signs out the other tabs", async ({ page, context }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    const other = await context.newPage();
    await other.goto("/dashboard/settings");
    await expect(other.getByRole("heading", { name: "Settings" })).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/");
    // The other tab follows on its own: it reloads and meets the login guard.
    await expect.poll(() => new URL(other.url()).pathname).toBe("/login");
  });

  test("without Google sign-in configured, log-in and sign-up offer no Google button", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign up with Google" })).toHaveCount(0);
    await expect(page.getByText("Or continue with")).toHaveCount(0);
  });

  test("/auth/callback finishes a pending business registration for the signed-in user", async ({ page }) => {
    await page.goto("/register");
    await signUp(page, unique("google-like"));
    await expectPath(page, "/dashboard");
    const tagId = `cb-${Date.now()}`;
    await page.evaluate((tap) => {
      localStorage.setItem(
        "pending_registration",
        JSON.stringify({
          business: { name: "Callback Bakery" },
          tap_id: tap,
          business_profile: {
            keywords: ["Bakery"],
            phone: "+34 600 000 000",
            address: "Carrer 1, Barcelona",
            settings: { timezone: "Europe/Madrid" },
          },
        }),
      );
    }, tagId);
    await page.goto("/auth/callback?redirect=/dashboard/settings");
    await expect(page.getByText("Registration completed successfully!")).toBeVisible();
    await expectPath(page, "/dashboard/settings");
    expect(await page.evaluate(() => localStorage.getItem("pending_registration"))).toBeNull();
  });

  test("/auth/callback without a session shows the error toast", async ({ page }) => {
    await page.goto("/auth/callback");
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Google" })).toBeVisible();
  });

  test("password reset asks for an email and always gives the same answer", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expectPath(page, "/auth/reset");
    await page.getByLabel("Email").fill(unique("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "If an account exists for this email" })).toBeVisible();
  });

  test("an invalid reset link says so when it opens, with no password form and the way to a new link", async ({
    page,
  }) => {
    await page.goto("/auth/reset?token=not-a-valid-token-at-all");
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "is invalid, has expired or was already used" }),
    ).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  });

  test("before JavaScript has loaded, the log-in form can't be typed into or sent (no password in a URL)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeDisabled();
    await expect(page.getByLabel("Password", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Log in" })).toBeDisabled();
    await context.close();
  });

  test("once the page is live, the same form is enabled", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeEnabled();
    await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  });

  test("the demo customer can still log in (password never changed by other tests)", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, "/dashboard");
  });

  test("log out works without JavaScript (a form POST), and the old session stays dead", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const response = await context.request.post("/api/auth/register", {
      data: {
        email: unique("nojs"),
        password: "a good password",
        metadata: { first_name: "Joan", last_name: "Sense" },
      },
    });
    expect(response.status()).toBe(201);
    const [cookie] = (await context.cookies()).filter((c) => c.name.endsWith("authjs.session-token"));
    await page.goto("/dashboard");
    await expectPath(page, "/dashboard");
    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/");
    await page.goto("/dashboard");
    await expectPath(page, "/login?redirect=%2Fdashboard");
    // Replaying the old cookie does not bring the session back.
    await context.addCookies([cookie!]);
    const me = await context.request.get("/api/auth/me");
    expect(me.status()).toBe(401);
    await context.close();
  });

  test("a plain link to /logout signs nobody out", async ({ page }) => {
    await page.goto("/register");
    await signUp(page, unique("link"));
    await expectPath(page, "/dashboard");
    await page.goto("/logout");
    // The site's sign-out page, in the site's look: its button signs out, the visit does not.
    await expectPath(page, "/sign-out");
    await expect(page.getByRole("heading", { name: "Log out" })).toBeVisible();
    await expect(page.locator("header")).toBeVisible();
    await page.goto("/dashboard");
    await expectPath(page, "/dashboard");
    await page.goto("/sign-out");
    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a hostile logout redirect target (/.//evil.example) lands on a page of this site", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/register");
    await signUp(page, unique("hostile"));
    await expectPath(page, "/dashboard");
    const form = page.locator('form[action="/logout"]').first();
    await form.evaluate((element) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "redirect";
      input.value = "/.//evil.example";
      element.appendChild(input);
    });
    await page.getByRole("button", { name: "Log out" }).click();
    // The target would normalise to "//evil.example": the server sends the browser home instead.
    await expectPath(page, "/");
    await page.waitForLoadState("load");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await page.goto("/dashboard");
    await expectPath(page, "/login?redirect=%2Fdashboard");
  });

  test("changing the password needs the current one, signs out other devices and keeps this one signed in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = unique("change");
    await page.goto("/register");
    await signUp(page, email);
    await expectPath(page, "/dashboard");
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await logIn(otherPage, email, "a good password");
    await expectPath(otherPage, "/dashboard");

    await page.goto("/dashboard/settings");
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a newer password");
    await page.getByLabel("Confirm new password").fill("a newer password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill("a good password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password updated", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);

    expect((await other.request.get("/api/auth/me")).status()).toBe(401);
    await otherPage.goto("/dashboard/settings");
    await expectPath(otherPage, "/login?redirect=%2Fdashboard%2Fsettings");
    await other.close();
  });

  test("an invalid email confirmation link says so", async ({ page }) => {
    await page.goto("/auth/verify-email?token=not-a-valid-token-at-all");
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  });
});
