import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, expectHydrated, expectPath, logIn, signUpCustomer, uniqueEmail } from "./support";

// Every entry point that follows a `redirect` parameter must stay on our
// origin, whatever the parameter holds. A navigation to evil.example is
// answered locally (never reaches the network) and would show "PHISHED".

const HOSTILE = [
  "/.//evil.example/phish", // the audit's case: normalises to //evil.example/phish
  "//evil.example/phish",
  "/\\evil.example/phish",
  "/%2F%2Fevil.example/phish",
  "/%5Cevil.example/phish",
  "/%09/evil.example/phish",
  "https://evil.example/phish",
];

const param = (value: string) => encodeURIComponent(value);

async function trapEvil(context: BrowserContext) {
  await context.route(/^https?:\/\/evil\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>PHISHED</h1>" }),
  );
}

/** Every "Log in" link on the page (header and form) goes to plain /login. */
async function expectPlainLoginLinks(page: Page) {
  const links = page.getByRole("link", { name: "Log in" });
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/login");
}

async function expectStillHome(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  await expectPath(page, path);
  await expect(page.getByText("PHISHED")).toHaveCount(0);
}

test.describe("redirect targets stay on this site", () => {
  test.beforeEach(async ({ context }) => {
    await trapEvil(context);
  });

  test("login: a hostile ?redirect= lands on the dashboard, a same-site one is followed", async ({ page }) => {
    for (const hostile of HOSTILE) {
      await page.goto(`/login?redirect=${param(hostile)}`);
      await logIn(page, DEMO_CUSTOMER_EMAIL);
      await expectStillHome(page, "/dashboard");
      await page.context().clearCookies();
    }
    await page.goto(`/login?redirect=${param("/dashboard/wallet")}`);
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectStillHome(page, "/dashboard/wallet");
  });

  test("register: a signed-in visitor is sent to the dashboard, not to the hostile target (server redirect)", async ({
    page,
  }) => {
    await signUpCustomer(page, "redir");
    for (const hostile of HOSTILE) {
      const response = await page.request.get(`/register?redirect=${param(hostile)}`, { maxRedirects: 0 });
      expect(response.status()).toBe(307);
      expect(response.headers()["location"]).toBe("/dashboard");
      await page.goto(`/register?redirect=${param(hostile)}`);
      await expectStillHome(page, "/dashboard");
    }
    const tap = await page.request.get(`/register?redirect=${param("/tap?id=demo-cafe")}`, { maxRedirects: 0 });
    expect(tap.headers()["location"]).toBe("/tap?id=demo-cafe");
  });

  test("register: signing up with a hostile ?redirect= ends on the dashboard", async ({ page }) => {
    await page.goto(`/register?redirect=${param("/.//evil.example/phish")}`);
    await expectPlainLoginLinks(page);
    await page.getByLabel("First name").fill("Laia");
    await page.getByLabel("Last name").fill("Serra");
    await page.getByLabel("Email").fill(uniqueEmail("redir-signup"));
    await page.getByLabel("Password", { exact: true }).fill("a good password");
    await page.getByLabel("Confirm password").fill("a good password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expectStillHome(page, "/dashboard");
  });

  test("auth/callback: the client-side continuation stays on this site", async ({ page }) => {
    await signUpCustomer(page, "callback");
    for (const hostile of HOSTILE) {
      await page.goto(`/auth/callback?redirect=${param(hostile)}`);
      await expectStillHome(page, "/dashboard");
    }
    await page.goto(`/auth/callback?redirect=${param("/dashboard/rewards")}`);
    await expectStillHome(page, "/dashboard/rewards");
  });

  test("claim: the wizard at /claim/register drops a hostile ?redirect= from its log-in link, which carries the tag to the claim form instead", async ({
    page,
  }) => {
    const claim = "/dashboard/tag/claim/redir-tag?tagId=redir-tag";
    await page.goto(`/claim/register?tap_id=redir-tag&redirect=${param("/.//evil.example/phish")}`);
    const headerLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" });
    await expectHydrated(headerLink);
    await expect(headerLink).toHaveAttribute("href", "/login");
    const formLink = page.getByRole("main").getByRole("link", { name: "Log in" });
    await expect(formLink).toHaveAttribute("href", `/login?redirect=${param(claim)}`);
    await formLink.click();
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectStillHome(page, claim);
    await page.context().clearCookies();

    await page.goto("/dashboard/tag/claim/redir-tag?tagId=redir-tag");
    await expectPath(page, `/login?redirect=${param("/dashboard/tag/claim/redir-tag?tagId=redir-tag")}`);
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectStillHome(page, "/dashboard/tag/claim/redir-tag?tagId=redir-tag");
  });
});
