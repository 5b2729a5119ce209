// `npm run lighthouse`: Lighthouse (mobile emulation, simulated throttling)
// on the pages a customer meets first, against the production build served by
// `npm start` on a fresh embedded database with the demo seeded, in Debian's
// Chromium. Prints performance, accessibility, best practices and SEO per page
// and, under the table, every audit that did not pass. Not a test: scores
// move with the machine; the targets are in docs/performance.md.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright";
import { ensureBuild, freePort, root, startApp, stopApp, waitFor200 } from "./lib.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const AUTH_SECRET = "lighthouse-secret-not-for-production-0123456789";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// LIGHTHOUSE_RUNS: how many times each page is scored, one after the other (3).
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
// LIGHTHOUSE_PAGES: only the pages whose label contains one of these (comma-separated), e.g. "tap,dashboard".
const ONLY = (process.env.LIGHTHOUSE_PAGES || "")
  .split(",")
  .map((part) => part.trim())
  .filter(Boolean);

async function signedInCookie(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill("customer@loyaltap.test");
    await page.getByLabel("Password").fill("loyaltap-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"), { timeout: 30_000 });
    const cookies = await page.context().cookies();
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

async function audit(port, url, headers) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    formFactor: "mobile",
    throttlingMethod: "simulate",
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    extraHeaders: headers,
    disableStorageReset: false,
  });
  const lhr = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const failing = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1)
        failing.push(`${id}: ${ref.id} (${item.displayValue ?? item.score})`);
    }
  }
  const observed = lhr.audits.metrics?.details?.items?.[0];
  const metrics = {
    fcp: lhr.audits["first-contentful-paint"]?.displayValue,
    lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
    tbt: lhr.audits["total-blocking-time"]?.displayValue,
    cls: lhr.audits["cumulative-layout-shift"]?.displayValue,
    // What the page did in the unthrottled trace Lighthouse simulates from (ms), and how fast
    // this machine's CPU was that moment (Lighthouse's benchmarkIndex: a slow or busy machine
    // scores lower, and its simulated blocking time grows with it).
    observedFcp: Math.round(observed?.observedFirstContentfulPaint ?? NaN),
    observedLcp: Math.round(observed?.observedLargestContentfulPaint ?? NaN),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (a list: the subparts' table, then the node).
  const lcpItem = lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node");
  if (lcpItem) failing.push(`(LCP element: ${lcpItem.snippet?.slice(0, 120)})`);
  // The LCP's parts in the observed (unthrottled) trace, in ms: time to first byte, then the element's render delay.
  const subparts = lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "table")?.items;
  if (subparts?.length)
    failing.push(
      `(LCP observed: ${subparts.map((part) => `${part.subpart} ${Math.round(part.duration)}`).join(", ")})`,
    );
  return { scores, failing, metrics, version: lhr.lighthouseVersion };
}

await ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), "loyaltap-lighthouse-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = startApp({
  DATABASE_URL: "",
  LOYALTAP_DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  AUTH_SECRET,
  AUTH_URL: base,
  SITE_URL: base,
});
app.stdout.resume();
app.stderr.resume();
let chrome;
try {
  await waitFor200(`${base}/about`);
  const cookie = await signedInCookie(base);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const allPages = [
    { label: "visitor /tap?id=demo-cafe", url: `${base}/tap?id=demo-cafe`, public: true },
    { label: "public card /b/cafe-central", url: `${base}/b/cafe-central`, public: true },
    { label: "/login", url: `${base}/login`, public: false },
    { label: "customer /dashboard", url: `${base}/dashboard`, public: false, headers: { Cookie: cookie } },
  ];
  const pages = ONLY.length ? allPages.filter((page) => ONLY.some((part) => page.label.includes(part))) : allPages;
  // A first load warms the server's caches; then each page is scored RUNS times in a row
  // (the targets hold in every run, not on average: docs/performance.md).
  for (const page of pages) await audit(chrome.port, page.url, page.headers);
  const rows = [];
  for (let run = 1; run <= RUNS; run++)
    for (const page of pages) rows.push({ ...page, run, ...(await audit(chrome.port, page.url, page.headers)) });

  console.log(`\nLighthouse ${rows[0].version}, mobile emulation, simulated throttling (Debian Chromium)\n`);
  console.log(
    "| page | run | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | observed FCP / LCP (ms) | benchmarkIndex |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const page of pages) {
    for (const row of rows.filter((r) => r.label === page.label)) {
      const s = row.scores;
      const m = row.metrics;
      console.log(
        `| ${row.label} | ${row.run} | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo}${row.public ? "" : " (not public)"} | ${m.fcp} | ${m.lcp} | ${m.tbt} | ${m.cls} | ${m.observedFcp} / ${m.observedLcp} | ${m.benchmarkIndex} |`,
      );
    }
  }
  console.log("\nLowest of the runs:");
  for (const page of pages) {
    const mine = rows.filter((r) => r.label === page.label);
    const low = (id) => Math.min(...mine.map((r) => r.scores[id]));
    console.log(`  ${page.label}: ${CATEGORIES.map((id) => `${id} ${low(id)}`).join(", ")}`);
  }
  const failed = new Map();
  for (const row of rows) for (const audit of row.failing) failed.set(`${row.label} — ${audit}`, true);
  if (failed.size) console.log(`\nAudits not passed (any run):\n  ${[...failed.keys()].join("\n  ")}`);
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
  const out = path.join(root, "bench/results");
  await mkdir(out, { recursive: true });
  const file = path.join(out, `lighthouse-${commit}.json`);
  await writeFile(
    file,
    JSON.stringify({ commit, date: new Date().toISOString(), rows: rows.map(({ headers: _h, ...r }) => r) }, null, 2),
  );
  console.log(`\nSaved ${path.relative(root, file)}`);
} finally {
  if (chrome) await chrome.kill();
  await stopApp(app);
  await rm(dataDir, { recursive: true, force: true });
}
