import { expect, test, type Browser, type CDPSession, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/loopback.mjs";
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, expectPath, logIn } from "./support";

// Passkeys in a real Chromium with its virtual authenticator (docs/authentication.md,
// "Passkeys"): the demo customer signs in with the password, saves a passkey in
// Settings and signs out; a fresh browser holding only that passkey signs in with
// "Use a passkey". Browsers refuse an IP address as a relying party id, and the e2e
// server's origin is http://127.0.0.1:<port>, so this spec starts a second server of
// the same build whose SITE_URL is http://localhost:<port>.

let server: ChildProcess | null = null;
let url = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  url = `http://localhost:${port}`;
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOYALTAP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "loyaltap-e2e-passkeys-")),
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
    if (server.exitCode !== null) throw new Error(`the passkeys server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/about`, { signal: AbortSignal.timeout(5000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the passkeys server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

/**
 * A fresh browser context with a platform authenticator that verifies its user (a fingerprint,
 * say). Chromium's virtual authenticator answers the log-in page's autofill request at once, as
 * if the person had picked the passkey there; `autofill: false` is a browser without passkey
 * autofill, so only the "Use a passkey" button signs in.
 */
async function withAuthenticator(
  browser: Browser,
  { autofill = true }: { autofill?: boolean } = {},
): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext();
  if (!autofill)
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

test("save a passkey in Settings, then sign in with it in a fresh browser", async ({ browser }) => {
  test.setTimeout(90_000);
  const first = await withAuthenticator(browser);
  const { page } = first;
  await page.goto(`${url}/login`);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await logIn(page, DEMO_CUSTOMER_EMAIL);
  await expectPath(page, "/dashboard");

  await page.goto(`${url}/dashboard/settings`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  // Adding a way to sign in asks for the password first.
  await passkeys.getByRole("button", { name: "Save with a passkey" }).click();
  await expect(passkeys.getByText("Enter your current password to confirm it's you.")).toBeVisible();
  await passkeys.getByLabel("Your password").fill(DEMO_PASSWORD);
  await passkeys.getByRole("button", { name: "Save with a passkey" }).click();
  await expect(passkeys.getByText("Passkey saved. You can sign in with it on this device.")).toBeVisible();
  const list = passkeys.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("not used yet");

  // The passkey lives in the authenticator; carry it to a fresh browser, with no cookies at all.
  const { credentials } = await first.cdp.send("WebAuthn.getCredentials", { authenticatorId: first.authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Log out" }).click();
  await expectPath(page, "/");
  await page.context().close();

  const second = await withAuthenticator(browser, { autofill: false });
  for (const credential of credentials)
    await second.cdp.send("WebAuthn.addCredential", { authenticatorId: second.authenticatorId, credential });
  await second.page.goto(`${url}/login?redirect=${encodeURIComponent("/dashboard/settings")}`);
  await second.page.getByRole("button", { name: "Use a passkey" }).click();
  await expectPath(second.page, "/dashboard/settings");
  await expect(
    second.page.getByRole("region", { name: "Passkeys" }).getByRole("list", { name: "Your passkeys" }),
  ).not.toContainText("not used yet");
  // The authenticator's counter moved on with that sign-in: a copy taken before it would now be refused as a clone.
  const { credentials: used } = await second.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: second.authenticatorId,
  });
  await second.page.context().close();

  // With autofill, picking the passkey in the email field's suggestions signs in.
  const third = await withAuthenticator(browser);
  for (const credential of used)
    await third.cdp.send("WebAuthn.addCredential", { authenticatorId: third.authenticatorId, credential });
  await third.page.goto(`${url}/login`);
  await expectPath(third.page, "/dashboard");
  await third.page.context().close();
});

test("a passkey this site does not know is answered clearly", async ({ browser }) => {
  const { page, cdp, authenticatorId } = await withAuthenticator(browser, { autofill: false });
  // A passkey for this site that no account here saved.
  await page.goto(`${url}/about`);
  await page.evaluate(async () => {
    await navigator.credentials.create({
      publicKey: {
        rp: { id: location.hostname, name: "Somewhere else" },
        user: { id: new Uint8Array([1, 2, 3]), name: "stranger", displayName: "stranger" },
        challenge: new Uint8Array(32),
        pubKeyCredParams: [{ type: "public-key", alg: -7 }],
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      },
    });
  });
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
  await page.goto(`${url}/login`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(
    page.getByText(
      "This passkey is not saved to any account here. Sign in another way, then save a passkey in Settings.",
    ),
  ).toBeVisible();
  await expectPath(page, "/login");
  await page.context().close();
});
