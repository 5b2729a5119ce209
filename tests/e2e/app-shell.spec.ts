import { expect, test } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, expectPath, logIn } from "./support";

test.describe("app shell", () => {
  test("home shows only the 'Coming Soon' title", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coming Soon");
    await expect(page).toHaveTitle("Coming Soon | Loyaltap");
  });

  test("page titles come from route metadata with the site suffix", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About | Loyaltap");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Loyaltap");
  });

  test("an unknown path is a 404 with the not-found screen", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("colour scheme defaults to light, is remembered, and applies before first paint", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("color-scheme"))).toBe("dark");

    // On the next load the class is already there when the HTML is parsed,
    // before any React code runs: no flash of the light scheme.
    await page.route("**/_next/static/**/*.js", (route) => route.abort());
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.unroute("**/_next/static/**/*.js");
  });

  test("with the dark scheme chosen, the 404 pages are dark too", async ({ page }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto("/about");
    const lightBackground = await background();
    await page.evaluate(() => localStorage.setItem("color-scheme", "dark"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    const aboutBackground = await background();
    expect(aboutBackground).not.toBe(lightBackground);
    for (const path of ["/b/no-such-card", "/no/such/page"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator("html"), path).toHaveClass(/dark/);
      expect(await background(), path).toBe(aboutBackground);
    }
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    const response = await page.goto("/dashboard/nope");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await background()).toBe(aboutBackground);
  });

  test("toasts are mounted once, bottom-right", async ({ page }) => {
    await page.goto("/about");
    const region = page.locator("section[aria-label^='Notifications']");
    await expect(region).toHaveCount(1);
  });
});

test.describe("route guards", () => {
  test("a visitor opening /dashboard is sent to login with the path to return to", async ({ page }) => {
    await page.goto("/dashboard");
    await expectPath(page, "/login?redirect=%2Fdashboard");
  });

  test("the redirect keeps the full path with its query", async ({ page }) => {
    await page.goto("/dashboard/tag/claim/abc?tagId=abc");
    await expectPath(page, "/login?redirect=%2Fdashboard%2Ftag%2Fclaim%2Fabc%3FtagId%3Dabc");
  });

  test("/login?redirect=//evil.example never leads off-site", async ({ page }) => {
    const offSite: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://127.0.0.1")) offSite.push(request.url());
    });
    await page.goto("/login?redirect=//evil.example");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    expect(offSite).toEqual([]);
  });

  test("/login?redirect=/\\evil.example and absolute URLs fall back to the dashboard", async ({ page }) => {
    for (const target of ["/\\evil.example", "https://evil.example/x", "javascript:alert(1)"]) {
      await page.context().clearCookies();
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await logIn(page, DEMO_CUSTOMER_EMAIL);
      await expectPath(page, "/dashboard");
    }
  });

  test("a signed-in user opening /login lands on /dashboard", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    await page.goto("/login");
    await expectPath(page, "/dashboard");
  });
});
