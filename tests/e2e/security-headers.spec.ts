import { expect, test, type Page } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, DEMO_TAG_ID, expectPath, logIn, signUpCustomer } from "./support";

// The Content-Security-Policy (a nonce per response, 'strict-dynamic', no
// unsafe-eval or unsafe-inline scripts) must not break any page: each one
// hydrates and runs with no violation reported by the browser.

type Violations = { console: string[]; events: string[]; pageErrors: string[] };

async function watchCsp(page: Page): Promise<Violations> {
  const seen: Violations = { console: [], events: [], pageErrors: [] };
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy|violates the following/i.test(message.text()))
      seen.console.push(message.text());
  });
  page.on("pageerror", (error) => seen.pageErrors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const store = window as unknown as { __cspViolations?: string[] };
      (store.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return seen;
}

async function expectCleanAndHydrated(page: Page, seen: Violations) {
  // React marks the DOM nodes it hydrated.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll("body *")].some((el) =>
          Object.keys(el).some((key) => key.startsWith("__reactFiber")),
        ),
      ),
    )
    .toBe(true);
  seen.events.push(
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  );
  expect(seen).toEqual({ console: [], events: [], pageErrors: [] });
}

function nonceOf(csp: string | undefined) {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

test.describe("Content-Security-Policy in Chromium", () => {
  test("home and the visitor's cached /tap page run under the policy, with a fresh nonce per response", async ({
    page,
  }) => {
    const seen = await watchCsp(page);
    const home = await page.goto("/");
    expect(nonceOf(home?.headers()["content-security-policy"])).toBeTruthy();
    await expectCleanAndHydrated(page, seen);

    const first = await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByRole("heading", { level: 1, name: "Café Central" })).toBeVisible();
    await expectCleanAndHydrated(page, seen);
    const second = await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expectCleanAndHydrated(page, seen);
    const [a, b] = [
      nonceOf(first?.headers()["content-security-policy"]),
      nonceOf(second?.headers()["content-security-policy"]),
    ];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    // Still the cached page, with this response's nonce on its scripts.
    expect(second?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
    expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  });

  test("log in, the dashboard and a signed-in customer's tap run under the policy", async ({ page, context }) => {
    const seen = await watchCsp(page);
    await page.goto("/login");
    await expectCleanAndHydrated(page, seen);
    await logIn(page, DEMO_CUSTOMER_EMAIL);
    await expectPath(page, "/dashboard");
    await expectCleanAndHydrated(page, seen);

    await context.clearCookies();
    await signUpCustomer(page, "csp-customer");
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    // The client island recorded the visit: scripts ran.
    await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await expectCleanAndHydrated(page, seen);
  });
});
