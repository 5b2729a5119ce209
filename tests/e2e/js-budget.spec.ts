import { expect, test, type BrowserContext } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { baseURL } from "../../playwright.config";
import { DEMO_TAG_ID, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// JavaScript budgets of the pages a first-time visitor on a slow phone opens:
// the gzip size of every script the page's HTML loads, against the production
// build. Each budget sits a few KB above the measured figure (docs/performance.md),
// so a regression fails here instead of landing silently; raising a budget is
// a decision made in review, with the figure that justifies it.
const VISITOR_TAP = `/tap?id=${DEMO_TAG_ID}`;
const BUDGETS_KB: Record<string, number> = {
  [VISITOR_TAP]: 206,
  "/b/cafe-central": 193,
  "/login": 267,
};

async function scriptGzipBytes(baseURL: string, path: string) {
  const response = await fetch(new URL(path, baseURL));
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!))];
  let total = 0;
  for (const src of sources) {
    const script = await fetch(new URL(src, baseURL));
    expect(script.status, src).toBe(200);
    total += gzipSync(Buffer.from(await script.arrayBuffer())).length;
  }
  return { kb: total / 1024, files: sources.length };
}

test.describe("JavaScript budgets (gzip, production build)", () => {
  for (const [path, budget] of Object.entries(BUDGETS_KB)) {
    test(`${path} loads at most ${budget} KB of JavaScript`, async ({ baseURL }) => {
      const { kb, files } = await scriptGzipBytes(baseURL!, path);
      test.info().annotations.push({ type: "js", description: `${kb.toFixed(1)} KB in ${files} files` });
      console.log(`${path}: ${kb.toFixed(1)} KB gzip in ${files} files (budget ${budget} KB)`);
      expect(files).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(budget);
    });
  }
});

// What the visitor's tap page adds to what every page of the site loads (the framework,
// the root document's client parts, the header): the home page is that and little more.
// The tap page's own client code stays small because its texts are rendered on the server
// and its client leaves get them as plain strings (docs/performance.md): a client
// component that translates, or a page that ships a signed-in-only island, shows here.
const TAP_OVER_HOME_KB = 10;

test(`the visitor's tap page loads at most ${TAP_OVER_HOME_KB} KB of JavaScript more than the home page`, async ({
  baseURL,
}) => {
  const home = await scriptGzipBytes(baseURL!, "/");
  const tap = await scriptGzipBytes(baseURL!, VISITOR_TAP);
  const over = tap.kb - home.kb;
  console.log(`${VISITOR_TAP} over /: ${over.toFixed(1)} KB gzip (${tap.kb.toFixed(1)} − ${home.kb.toFixed(1)})`);
  expect(home.files).toBeGreaterThan(0);
  expect(over).toBeLessThanOrEqual(TAP_OVER_HOME_KB);
});

// What a signed-in page sends: its RSC payload (what a client-side navigation to it fetches, the
// `RSC: 1` request) and its HTML document (which carries the same payload inlined), raw and gzip,
// from the production build (docs/performance.md, "What a signed-in page sends"). The budget is on
// the payload's raw KB, a few KB above the figure measured when it was set: the messages the page's
// client components get travel in it as they are, so a page that sends namespaces it does not use
// (or every dashboard page's) fails here. The pages are a new owner's (a business and a tag, nothing
// else) and a new customer's (no card yet), made here: the demo accounts' pages grow with what the
// other specs do to them, these do not.
type Who = "customer" | "owner";
const RSC_BUDGETS_KB: Record<string, { who: Who; path: string; budget: number }> = {
  "customer /dashboard": { who: "customer", path: "/dashboard", budget: 25 },
  "customer /dashboard/wallet": { who: "customer", path: "/dashboard/wallet", budget: 25 },
  "customer /dashboard/rewards": { who: "customer", path: "/dashboard/rewards", budget: 19 },
  "customer /dashboard/settings": { who: "customer", path: "/dashboard/settings", budget: 50 },
  "owner /dashboard": { who: "owner", path: "/dashboard", budget: 32 },
  "owner's business page": { who: "owner", path: "/dashboard/business/:id", budget: 37 },
  "owner's customers": { who: "owner", path: "/dashboard/business/:id/customers", budget: 26 },
  "owner's insights": { who: "owner", path: "/dashboard/business/:id/insights", budget: 58 },
  "owner's campaigns": { who: "owner", path: "/dashboard/business/:id/campaigns", budget: 26 },
  "owner's staff": { who: "owner", path: "/dashboard/business/:id/staff", budget: 31 },
};

test.describe("RSC payload budgets of the signed-in pages (raw KB, production build)", () => {
  const sessions = new Map<Who, { context: BrowserContext; businessId?: string }>();
  test.beforeAll(async ({ browser }) => {
    for (const who of ["customer", "owner"] as const) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      if (who === "owner") {
        const { businessId } = await signUpOwner(page, { tagId: uniqueTag("rsc") });
        sessions.set(who, { context, businessId });
      } else {
        await signUpCustomer(page, "rsc");
        sessions.set(who, { context });
      }
      await page.close();
    }
  });
  test.afterAll(async () => {
    for (const { context } of sessions.values()) await context.close();
  });

  for (const [name, { who, path, budget }] of Object.entries(RSC_BUDGETS_KB)) {
    test(`${name} sends at most ${budget} KB of RSC payload`, async () => {
      const { context, businessId } = sessions.get(who)!;
      const target = path.replace(":id", businessId ?? "");
      const rsc = await context.request.get(target, { headers: { RSC: "1" } });
      expect(rsc.status(), target).toBe(200);
      expect(rsc.headers()["content-type"]).toContain("text/x-component");
      const payload = await rsc.body();
      const html = await (await context.request.get(target)).body();
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      const figures =
        `RSC ${kb(payload.length)} KB (gzip ${kb(gzipSync(payload).length)}), ` +
        `HTML ${kb(html.length)} KB (gzip ${kb(gzipSync(html).length)})`;
      test.info().annotations.push({ type: "rsc", description: figures });
      console.log(`${name}: ${figures} (budget ${budget} KB raw RSC)`);
      expect(payload.length / 1024).toBeLessThanOrEqual(budget);
    });
  }
});
