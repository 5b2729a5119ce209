import { expect, test } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { DEMO_TAG_ID } from "./support";

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
