import { expect, test, type Page } from "@playwright/test";
import { DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL, expectHydrated, expectPath, logIn } from "./support";

// Each dashboard page sends its client components only the messages they use, on top of
// the shell's (withPageMessages, docs/i18n.md "Catalogs"). A message a client component
// asks for and its page did not send shows as its raw key, and next-intl reports it with
// console.error (MISSING_MESSAGE), in the browser when the page hydrates. This opens every
// dashboard page the demo owner's and customer's pages link to, the business page's tabs
// too, and fails on any such report. (tests/unit/client-namespaces.test.ts checks the
// same from the source; this catches keys built at run time, which it cannot see.)

const NOT_PAGES = /\/export\b|\.csv\b|\/api\//;

// One address per page: ids (a business's, a program's, a customer's) stand for any other, a tab of the business page is its own.
function route(href: string): string {
  const url = new URL(href, "http://x");
  const path = url.pathname.replace(/\/(?=[^/]*\d)[^/]{8,}/g, "/:id");
  return url.searchParams.has("tab") ? `${path}?tab=${url.searchParams.get("tab")}` : path;
}

async function dashboardLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href^="/dashboard"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute("href")!));
  return hrefs.filter((href) => !NOT_PAGES.test(href));
}

async function visitAll(page: Page, email: string) {
  const missing: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("MISSING_MESSAGE"))
      missing.push(`${new URL(page.url()).pathname}${new URL(page.url()).search}: ${message.text()}`);
  });
  await page.goto("/login");
  await logIn(page, email);
  await expectPath(page, "/dashboard");
  const seen = new Set<string>(); // routes (above)
  const visited: string[] = [];
  const queue = ["/dashboard"];
  // Three levels of links from the home page: the business page, its tabs and sections, and what they link to
  // (a customer's card from the list, the campaign composer, the API keys and webhooks from the integrations).
  for (let depth = 0; depth < 4 && queue.length > 0; depth++) {
    const level = queue.splice(0);
    for (const path of level) {
      if (seen.has(route(path))) continue;
      seen.add(route(path));
      visited.push(path);
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await expectHydrated(page.locator("main"));
      if (depth < 3) for (const href of await dashboardLinks(page)) if (!seen.has(route(href))) queue.push(href);
    }
  }
  return { missing, seen: visited };
}

test.describe("every dashboard page sends the messages its client components use", () => {
  for (const [who, email, atLeast] of [
    ["owner", DEMO_OWNER_EMAIL, 15],
    ["customer", DEMO_CUSTOMER_EMAIL, 4],
  ] as const) {
    test(`as the demo ${who}`, async ({ page }) => {
      test.setTimeout(180_000);
      const { missing, seen } = await visitAll(page, email);
      console.log(`${who}: ${seen.length} pages: ${seen.join(" ")}`);
      expect(seen.length).toBeGreaterThanOrEqual(atLeast);
      expect(missing).toEqual([]);
    });
  }
});
