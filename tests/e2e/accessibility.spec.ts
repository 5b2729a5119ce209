import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { DEMO_CUSTOMER_EMAIL, DEMO_TAG_ID, expectPath, logIn } from "./support";

// axe-core scans of the pages people meet first; serious or critical findings fail.
async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe("accessibility (axe-core)", () => {
  for (const path of ["/", "/login", "/register/business", `/tap?id=${DEMO_TAG_ID}`, "/b/cafe-central"]) {
    test(`${path} as a visitor`, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousViolations(page);
    });
  }

  test("/dashboard and /dashboard/wallet signed in, at phone and desktop widths", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    for (const size of [
      { width: 375, height: 812 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      for (const path of ["/dashboard", "/dashboard/wallet"]) {
        await page.goto(path);
        await expectNoSeriousViolations(page);
      }
    }
  });

  test("dark colour scheme keeps the home page readable", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("color-scheme", "dark"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoSeriousViolations(page);
  });
});
