import { expect, test } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_TAG_ID } from "./support";

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
// against the production build with the demo accounts (docs/performance.md, "What a signed-in page
// sends"). The budget is on the payload's raw KB, a few KB above the measured figure: the messages
// the page's client components get travel in it, so a page that sends namespaces it does not use
// (or the whole dashboard's) fails here.
const RSC_BUDGETS_KB: Record<string, { who: "customer" | "owner"; path: string; budget: number }> = {
  "customer /dashboard": { who: "customer", path: "/dashboard", budget: 1000 },
  "customer /dashboard/wallet": { who: "customer", path: "/dashboard/wallet", budget: 1000 },
  "customer /dashboard/rewards": { who: "customer", path: "/dashboard/rewards", budget: 1000 },
  "customer /dashboard/settings": { who: "customer", path: "/dashboard/settings", budget: 1000 },
  "owner /dashboard": { who: "owner", path: "/dashboard", budget: 1000 },
  "owner's business page": { who: "owner", path: "/dashboard/business/:id", budget: 1000 },
  "owner's customers": { who: "owner", path: "/dashboard/business/:id/customers", budget: 1000 },
  "owner's insights": { who: "owner", path: "/dashboard/business/:id/insights", budget: 1000 },
  "owner's campaigns": { who: "owner", path: "/dashboard/business/:id/campaigns", budget: 1000 },
  "owner's staff": { who: "owner", path: "/dashboard/business/:id/staff", budget: 1000 },
};

test.describe("RSC payload budgets of the signed-in pages (raw KB, production build)", () => {
  for (const [name, { who, path, budget }] of Object.entries(RSC_BUDGETS_KB)) {
    test(`${name} sends at most ${budget} KB of RSC payload`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      const login = await request.post("/api/auth/login", {
        headers: { origin: new URL(baseURL!).origin },
        data: { email: who === "owner" ? DEMO_OWNER_EMAIL : DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      let target = path;
      if (path.includes(":id")) {
        const home = await (await request.get("/dashboard")).text();
        const id = /\/dashboard\/business\/([A-Za-z0-9_-]+)/.exec(home)?.[1];
        expect(id, "the owner's dashboard links their business").toBeTruthy();
        target = path.replace(":id", id!);
      }
      const rsc = await request.get(target, { headers: { RSC: "1" } });
      expect(rsc.status(), target).toBe(200);
      expect(rsc.headers()["content-type"]).toContain("text/x-component");
      const payload = await rsc.body();
      const html = await (await request.get(target)).body();
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      const figures =
        `RSC ${kb(payload.length)} KB (gzip ${kb(gzipSync(payload).length)}), ` +
        `HTML ${kb(html.length)} KB (gzip ${kb(gzipSync(html).length)})`;
      test.info().annotations.push({ type: "rsc", description: figures });
      console.log(`${name}: ${figures} (budget ${budget} KB raw RSC)`);
      await request.dispose();
      expect(payload.length / 1024).toBeLessThanOrEqual(budget);
    });
  }
});
