import { expect, test, type Download, type Page } from "@playwright/test";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { baseURL } from "../../playwright.config";
import { freePort } from "../../scripts/lib/loopback.mjs";
import { DEMO_TAG_ID, signUpCustomer, uniqueEmail } from "./support";

// "Add to Apple Wallet" in a real Chromium. The e2e server has both wallets
// configured (playwright.config.ts; Apple with the openssl-made test
// credentials): the wallet and the tap result offer both, and the Apple
// button downloads the customer's signed pass. A second server started
// without the Apple settings offers no Apple button.

type PassJson = {
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  organizationName: string;
  barcodes: { format: string; message: string }[];
  storeCard: Record<string, { key: string; label?: string; value: string | number }[]>;
};

/** The downloaded .pkpass's file names and its pass.json, read with the unzip tool. */
async function openPass(download: Download): Promise<{ files: string[]; pass: PassJson }> {
  const file = await download.path();
  const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" });
  const pass = JSON.parse(execFileSync("unzip", ["-p", file, "pass.json"], { encoding: "utf8" })) as PassJson;
  return { files: listing.split("\n").filter(Boolean), pass };
}

async function tapDemoCafe(page: Page) {
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
  await expect(page.getByText("Your visit was recorded", { exact: false }).first()).toBeVisible();
}

test("the wallet offers both wallets; Add to Apple Wallet downloads the customer's signed pass", async ({ page }) => {
  await signUpCustomer(page, "apple-wallet");
  await tapDemoCafe(page);

  await page.goto("/dashboard/wallet");
  const card = page.getByRole("article", { name: "Café Central" });
  await expect(card.getByRole("link", { name: /^Add to Google Wallet/ })).toBeVisible();
  const button = card.getByRole("link", { name: /^Add to Apple Wallet/ });
  await expect(button).toHaveText("Add to Apple Wallet (Café Central)");
  const membershipId = new URL((await button.getAttribute("href"))!, page.url()).searchParams.get("membership");
  expect(membershipId).toBeTruthy();

  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe("cafe-central.pkpass");
  const { files, pass } = await openPass(download);
  expect(files).toEqual(
    expect.arrayContaining(["pass.json", "manifest.json", "signature", "icon.png", "logo.png", "strip.png"]),
  );
  expect(pass.serialNumber).toMatch(/^[0-9a-f]{32}$/);
  expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(32);
  expect(pass.webServiceURL).toBe(`${baseURL}/api/wallet/apple`);
  expect(pass.organizationName).toBe("Café Central");
  expect(pass.barcodes[0]).toMatchObject({ format: "PKBarcodeFormatQR" });
  expect(pass.barcodes[0]!.message).toMatch(new RegExp(`^${baseURL.replace(/\./g, "\\.")}/qr/[^/]+$`));
  // The demo café's main program is its 10-stamp coffee card: one visit so far.
  expect(pass.storeCard.headerFields).toContainEqual(
    expect.objectContaining({ key: "progress", label: "Stamps", value: "1/10" }),
  );
  expect(pass.storeCard.secondaryFields).toContainEqual(expect.objectContaining({ key: "member", value: "Pau Test" }));

  // A second download is the same pass.
  const [again] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect((await openPass(again)).pass.serialNumber).toBe(pass.serialNumber);
});

test("the tap result offers both wallets; pressing Apple's keeps the result on screen", async ({ page }) => {
  await signUpCustomer(page, "apple-wallet-tap");
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
  const buttons = page.getByTestId("tap-wallet-buttons");
  await expect(buttons.getByRole("link", { name: /^Add to Google Wallet/ })).toBeVisible();
  const apple = buttons.getByRole("link", { name: /^Add to Apple Wallet/ });
  await expect(apple).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), apple.click()]);
  const { pass } = await openPass(download);
  expect(pass.organizationName).toBe("Café Central");
  // Without the press the result moves on to the dashboard after 2 seconds; with it, it stays.
  await page.waitForTimeout(3000);
  expect(new URL(page.url()).pathname).toBe("/tap");
});

test("the button speaks the customer's language", async ({ page }) => {
  await signUpCustomer(page, "apple-wallet-ca", "ca-ES,ca;q=0.9");
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
  await expect(
    page.getByTestId("tap-wallet-buttons").getByRole("link", { name: /^Afegeix a Apple Wallet/ }),
  ).toBeVisible();
  await page.goto("/dashboard/wallet");
  await expect(page.getByRole("link", { name: /^Afegeix a Apple Wallet/ })).toBeVisible();
});

test.describe("without the Apple settings", () => {
  let server: ChildProcess | null = null;
  let url = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(env)) if (/^(APPLE_|GOOGLE_WALLET_)/.test(name)) delete env[name];
    // The same production build on a fresh embedded database of its own (with the demo seeded).
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        LOYALTAP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "loyaltap-e2e-no-apple-")),
        AUTH_SECRET: "e2e-secret-not-for-production-0123456789",
        AUTH_URL: url,
        SITE_URL: url,
        REGISTRATION_LIMIT_PER_HOUR: "0",
        LOG_FILE: "",
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 200_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the second server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${url}/about`, { signal: AbortSignal.timeout(5000) })).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the second server did not start");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  test("no Apple button on the wallet or the tap result, and the route answers 404", async ({ page }) => {
    const response = await page.request.post(`${url}/api/auth/register`, {
      headers: { origin: url },
      data: {
        email: uniqueEmail("no-apple"),
        password: "a good password",
        metadata: { first_name: "Pau", last_name: "Test" },
      },
    });
    expect(response.status()).toBe(201);
    await page.goto(`${url}/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByText("Your visit was recorded", { exact: false }).first()).toBeVisible();
    await expect(page.getByTestId("apple-wallet-add")).toHaveCount(0);
    await page.goto(`${url}/dashboard/wallet`);
    await expect(page.getByRole("article", { name: "Café Central" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Apple Wallet/ })).toHaveCount(0);
    const answer = await page.request.get(`${url}/api/wallet/apple/pass?business=x`);
    expect(answer.status()).toBe(404);
  });
});
