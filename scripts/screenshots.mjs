// npm run screenshots: every page of the app at 375 and 1280 px wide, in the light
// and the dark colour scheme, saved as PNG files for reviewing the layout
// (screenshots/ by default, git-ignored). It builds the app when there is no
// production build yet, starts it as `npm start` does on a scratch embedded
// database with the demo data (a temporary folder, removed afterwards), and signs
// in as the demo customer, owner and admin for the pages behind log-in.
//
//   npm run screenshots                      # every page
//   SCREENSHOTS_DIR=/tmp/shots npm run screenshots
//   npm run screenshots -- settings admin    # only pages whose name contains a word
//
// Chromium: Debian's /usr/bin/chromium, or CHROMIUM_PATH (as the e2e tests).
import { chromium } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuild, freePort, root, startApp, stopApp, waitFor200 } from "../bench/lib.mjs";

const DEMO_PASSWORD = "loyaltap-demo";
const ACCOUNTS = {
  customer: "customer@loyaltap.test",
  owner: "owner@loyaltap.test",
  admin: "admin@loyaltap.test",
};
const WIDTHS = [375, 1280];
const SCHEMES = ["light", "dark"];
// The embedded database's fixed password (scripts/db/embedded.mjs); the log masks it.
const EMBEDDED_PASSWORD = "postgres";

const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR || "screenshots");
const only = process.argv.slice(2);

/**
 * Every route in app/, with the account that sees it ("visitor" is signed out).
 * `ids` are the demo's rows, read from the database once it is seeded.
 */
function pages(ids) {
  const list = [
    ["visitor", "home", "/"],
    ["visitor", "about", "/about"],
    ["visitor", "terms", "/terms"],
    ["visitor", "privacy", "/privacy"],
    ["visitor", "login", "/login"],
    ["visitor", "register", "/register"],
    ["visitor", "register-business", "/register/business"],
    ["visitor", "claim-register", `/claim/register?id=${ids.freeTagId}`],
    ["visitor", "auth-reset", "/auth/reset"],
    ["visitor", "auth-verify-email", "/auth/verify-email"],
    ["visitor", "auth-callback", "/auth/callback"],
    ["visitor", "tap", `/tap?id=${ids.tagId}`],
    ["visitor", "tap-es", `/tap?id=${ids.tagId}&lang=es`],
    ["visitor", "tap-unknown-tag", "/tap?id=no-such-tag"],
    ["visitor", "card", `/b/${ids.slug}`],
    ["visitor", "card-ca", `/b/${ids.slug}/ca`],
    ["visitor", "card-not-found", "/b/no-such-card"],
    ["visitor", "qr", `/qr/${ids.customerId}`],
    ["visitor", "logout", "/logout"],
    ["visitor", "not-found", "/no-such-page"],
    ["customer", "tap", `/tap?id=${ids.tagId}`],
    ["customer", "dashboard", "/dashboard"],
    ["customer", "wallet", "/dashboard/wallet"],
    ["customer", "rewards", "/dashboard/rewards"],
    ["customer", "settings", "/dashboard/settings"],
    ["customer", "claim-tag", "/dashboard/tag/claim"],
    ["customer", "qr", `/qr/${ids.customerId}`],
    ["customer", "not-found", "/dashboard/business/no-such-business"],
    ["owner", "dashboard", "/dashboard"],
    ["owner", "business", `/dashboard/business/${ids.businessId}`],
    ["owner", "program", `/dashboard/program/${ids.programId}`],
    ["owner", "program-create", "/dashboard/program/create"],
    ["owner", "tag-qr", `/dashboard/tag/${ids.tagId}/qr`],
    ["owner", "tag-secure", `/dashboard/tag/${ids.tagId}/secure`],
    ["owner", "tag-claim", `/dashboard/tag/claim/${ids.freeTagId}`],
    ["owner", "qr-customer", `/qr/${ids.customerId}`],
    ["admin", "users", "/admin/users"],
    ["admin", "user", `/admin/users/${ids.customerId}`],
    ["admin", "user-owner", `/admin/users/${ids.ownerId}`],
  ];
  if (ids.rewardId) list.push(["owner", "redeem-reward", `/dashboard/redeem-reward/${ids.rewardId}`]);
  return list
    .map(([account, name, url]) => ({ account, name: `${account}-${name}`, url }))
    .filter((page) => only.length === 0 || only.some((word) => page.name.includes(word)));
}

/** The embedded database the app logged it started, for reading the demo's ids. */
function databaseUrlFrom(output) {
  const match = /Embedded database \(PGlite\) in .*?, on (postgresql:\/\/[^\s"\\]+)/.exec(output);
  if (!match) throw new Error("The app did not log its embedded database.");
  return match[1].replace(":***@", `:${EMBEDDED_PASSWORD}@`);
}

async function demoIds(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql, values = []) => (await client.query(sql, values)).rows[0] ?? {};
    const owner = await one(`SELECT id FROM "User" WHERE email = $1`, [ACCOUNTS.owner]);
    const customer = await one(`SELECT id FROM "User" WHERE email = $1`, [ACCOUNTS.customer]);
    const business = await one(`SELECT id, slug FROM "Business" WHERE "ownerId" = $1 ORDER BY "createdAt" LIMIT 1`, [
      owner.id,
    ]);
    const tag = await one(`SELECT id FROM "Tag" WHERE "businessId" = $1 ORDER BY id LIMIT 1`, [business.id]);
    const freeTag = await one(`SELECT id FROM "Tag" WHERE "businessId" IS NULL ORDER BY id LIMIT 1`);
    const program = await one(`SELECT id FROM "Program" WHERE "businessId" = $1 ORDER BY "createdAt" LIMIT 1`, [
      business.id,
    ]);
    const reward = await one(`SELECT id FROM "Reward" WHERE "businessId" = $1 ORDER BY "issuedAt" LIMIT 1`, [
      business.id,
    ]);
    return {
      ownerId: owner.id,
      customerId: customer.id,
      businessId: business.id,
      slug: business.slug,
      tagId: tag.id,
      freeTagId: freeTag.id ?? "demo-free",
      programId: program.id,
      rewardId: reward.id ?? null,
    };
  } finally {
    await client.end();
  }
}

/** A signed-in browser state for `email` (the JSON log-in sets the session cookie). */
async function signedInState(browser, base, email) {
  const context = await browser.newContext({ baseURL: base });
  const response = await context.request.post("/api/auth/login", {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: base },
  });
  if (!response.ok()) throw new Error(`Log-in as ${email} failed: ${response.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "loyaltap-screenshots-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startApp({
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_URL: base,
    SITE_URL: base,
    LOYALTAP_DATA_DIR: path.join(dataDir, "pglite"),
    LOYALTAP_DB_PORT: "0",
    DATABASE_URL: "",
    SEED_DEMO: "1",
    REGISTRATION_LIMIT_PER_HOUR: "0",
    LOG_FILE: "",
  });
  let output = "";
  app.stdout.on("data", (chunk) => (output += chunk));
  app.stderr.on("data", (chunk) => (output += chunk));
  let browser;
  try {
    await waitFor200(`${base}/about`);
    const ids = await demoIds(databaseUrlFrom(output));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    const states = { visitor: undefined };
    for (const [account, email] of Object.entries(ACCOUNTS))
      states[account] = await signedInState(browser, base, email);

    mkdirSync(outDir, { recursive: true });
    const list = pages(ids);
    let saved = 0;
    for (const page of list) {
      for (const width of WIDTHS) {
        for (const scheme of SCHEMES) {
          const context = await browser.newContext({
            baseURL: base,
            storageState: states[page.account],
            viewport: { width, height: width < 768 ? 812 : 900 },
            deviceScaleFactor: 1,
            colorScheme: scheme,
          });
          // The app's own setting (lib/color-scheme.ts), read before the first paint.
          await context.addInitScript((value) => {
            try {
              localStorage.setItem("color-scheme", value);
            } catch {
              // storage unavailable: the page stays light
            }
          }, scheme);
          const tab = await context.newPage();
          const file = path.join(outDir, `${page.name}-${width}-${scheme}.png`);
          try {
            const response = await tab.goto(page.url, { waitUntil: "load" });
            await tab.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
            await tab.screenshot({ path: file, fullPage: true, animations: "disabled" });
            saved += 1;
            console.log(`${response?.status() ?? "—"} ${page.url} → ${path.relative(root, file)}`);
          } catch (error) {
            console.error(`Failed: ${page.url} (${page.account}, ${width}px, ${scheme}): ${error.message}`);
            process.exitCode = 1;
          } finally {
            await context.close();
          }
        }
      }
    }
    console.log(`\n${saved} screenshots of ${list.length} pages in ${path.relative(process.cwd(), outDir) || outDir}`);
  } finally {
    await browser?.close();
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
