import { defineConfig, devices } from "@playwright/test";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2ePort, e2ePushPort, e2eWebhookPort } from "./tests/e2e/port";
import { appleTestCredentials } from "./tests/support/apple-wallet-certs";

// e2e runs against the production build (`next build` first; `npm test` does
// it) served by `npm start` on a fresh embedded database, in Debian's Chromium:
// Playwright's own browser download cannot reach its host from here. The
// server listens on E2E_PORT, or on a free port when it is unset.
const port = e2ePort();
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), "loyaltap-e2e-"));
// Everything the server prints, for the log checks of `npm test` (scripts/check-logs.mjs).
export const serverLogFile = process.env.E2E_SERVER_LOG || "test-results/e2e-server.log";
// The e2e server's VAPID pair (`npx web-push generate-vapid-keys`); scripts/check-logs.mjs
// fails the run if the private key ever reaches the server's log.
export const E2E_VAPID_PUBLIC_KEY =
  "BNqw599tsfNgtcgrAY4S1jcOUdwlAMbU8SqzWvlPrSujFBirofJSwwifEF9XFCbaNhHiYwOpXJffnXMxSNrDTHA";
export const E2E_VAPID_PRIVATE_KEY = "o4wujNtsvYZxVaoXuteIyCxdwEAs1lXdb9bbsRDR6QU";

// Google Wallet on, with an issuer of the e2e server's own: a service account key made for this run
// (scripts/check-logs.mjs fails the run if a private key reaches the log) and Google's endpoints on a
// loopback port nothing listens on, so nothing ever reaches Google (tests/e2e/google-wallet.spec.ts).
export const E2E_GOOGLE_WALLET_ISSUER_ID = "3388000000022200000";
const e2eGoogleWalletKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

// Apple Wallet on too, with the openssl-made test credentials (a test CA, WWDR and Pass Type ID certificate
// of this run) and APNs on a closed loopback port: the wallet and the tap result offer both wallets
// (tests/e2e/apple-wallet.spec.ts), and nothing ever reaches Apple.
const e2eAppleWalletEnv = appleTestCredentials().env("http://127.0.0.1:9");

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI only, so a rare timing hiccup of the shared 2-core machine
  // cannot sink a run; npm test still names every test that needed it (flaky).
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || "test-results/playwright.json" }],
  ],
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results/e2e",
  use: {
    baseURL,
    // A trace records every action's DOM and a screencast: on 2 cores that made each test
    // a quarter slower. A failure's retry (CI retries once) records one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        // No SwiftShader GPU process emulating a GPU on the CPU: software compositing in the
        // browser costs less (about 8 % off the suite's time here); canvas still works.
        "--disable-gpu-compositing",
        "--disable-software-rasterizer",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/about`,
    reuseExistingServer: false,
    timeout: 240_000,
    // The server's log (a JSON line per request) goes to serverLogFile; only
    // its stderr is shown here.
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOYALTAP_DATA_DIR: dataDir,
      AUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      AUTH_URL: baseURL,
      SITE_URL: baseURL,
      // Closes the pool's idle connection after 100 ms, so the tests also cover
      // reconnecting to the embedded database, whose session outlives a connection.
      DATABASE_IDLE_TIMEOUT_MS: "100",
      // The server runs outside UTC, as a deployment may, so local-time slips show up here.
      TZ: "America/New_York",
      // Lets tests move the server's clock with a header (lib/clock.ts); never set in production.
      LOYALTAP_TEST_CLOCK: "1",
      // Every test registers from 127.0.0.1: no per-address sign-up limit here.
      REGISTRATION_LIMIT_PER_HOUR: "0",
      // Nor a per-address limit on emailed sign-in links (the per-email one stays).
      EMAIL_LINK_LIMIT_PER_IP: "0",
      LOG_FILE: serverLogFile,
      MAIL_OUTBOX_DIR: path.join(dataDir, "mail"),
      // Web push on, with a key pair of the e2e server's own (never used anywhere else), so
      // the wallet offers reward notifications (tests/e2e/push.spec.ts).
      VAPID_PUBLIC_KEY: E2E_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: E2E_VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: "mailto:push@loyaltap.test",
      // The stand-in push service the campaign journey starts on this port (tests/support/push-service.ts):
      // a loopback origin, which only a local (http) production build accepts.
      LOYALTAP_TEST_PUSH_ORIGINS: `http://127.0.0.1:${e2ePushPort()}`,
      GOOGLE_WALLET_ISSUER_ID: E2E_GOOGLE_WALLET_ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@loyaltap-e2e.iam.gserviceaccount.com",
      GOOGLE_WALLET_PRIVATE_KEY: e2eGoogleWalletKey,
      GOOGLE_WALLET_API_URL: "http://127.0.0.1:9/walletobjects/v1",
      GOOGLE_WALLET_TOKEN_URL: "http://127.0.0.1:9/token",
      ...e2eAppleWalletEnv,
      // Webhooks may go to the stand-in receiver of tests/e2e/webhooks.spec.ts on this loopback origin
      // (refused by a public production start; this is a local production build).
      LOYALTAP_TEST_WEBHOOK_ORIGINS: `http://127.0.0.1:${e2eWebhookPort()}`,
    },
  },
});
