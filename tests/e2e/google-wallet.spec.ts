import { expect, test, type Page } from "@playwright/test";
import { baseURL, E2E_GOOGLE_WALLET_ISSUER_ID } from "../../playwright.config";
import { DEMO_TAG_ID, signUpCustomer } from "./support";

// "Add to Google Wallet" in a real Chromium: a customer with a card at the
// demo café presses the wallet's button and is sent to Google's save page with
// their card in the link. Google's page is never reached: the navigation to
// pay.google.com is answered here, and the link's JWT is read from it.

const SAVE_PREFIX = "https://pay.google.com/gp/v/save/";

/** Answers every request to Google's save page with a stand-in page; resolves to the URL asked for. */
function interceptGoogle(page: Page): Promise<string> {
  return new Promise((resolve) => {
    void page.route("https://pay.google.com/**", async (route) => {
      resolve(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Google Wallet (stand-in)</h1>" });
    });
  });
}

test("the wallet's Add to Google Wallet sends the customer to Google's save page with their card", async ({ page }) => {
  await signUpCustomer(page, "google-wallet");
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
  await expect(page.getByText("Your visit was recorded", { exact: false }).first()).toBeVisible();

  await page.goto("/dashboard/wallet");
  const card = page.getByRole("article", { name: "Café Central" });
  const button = card.getByRole("link", { name: /^Add to Google Wallet/ });
  await expect(button).toBeVisible();
  await expect(button).toHaveText("Add to Google Wallet (Café Central)");
  const membershipId = new URL((await button.getAttribute("href"))!, page.url()).searchParams.get("membership");
  expect(membershipId).toBeTruthy();

  const requested = interceptGoogle(page);
  await button.click();
  const url = await requested;
  await expect(page.getByRole("heading", { name: "Google Wallet (stand-in)" })).toBeVisible();
  expect(url.startsWith(SAVE_PREFIX)).toBe(true);

  const [header, claims] = url
    .slice(SAVE_PREFIX.length)
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
  expect(header).toEqual({ alg: "RS256", typ: "JWT" });
  expect(claims).toMatchObject({
    iss: "wallet@loyaltap-e2e.iam.gserviceaccount.com",
    aud: "google",
    typ: "savetowallet",
    origins: [baseURL],
  });
  const object = claims.payload.loyaltyObjects[0];
  expect(object).toMatchObject({
    id: `${E2E_GOOGLE_WALLET_ISSUER_ID}.${membershipId}`,
    state: "ACTIVE",
    accountName: "Pau Test",
    barcode: { type: "QR_CODE" },
  });
  expect(object.classId).toBe(claims.payload.loyaltyClasses[0].id);
  expect(object.classId.startsWith(`${E2E_GOOGLE_WALLET_ISSUER_ID}.`)).toBe(true);
  expect(claims.payload.loyaltyClasses[0]).toMatchObject({ programName: "Café Central", issuerName: "Café Central" });
  expect(object.barcode.value).toMatch(/\/qr\/[^/]+$/);
  expect(object.loyaltyPoints.balance).toBeDefined();
});

test("the button speaks the customer's language", async ({ page }) => {
  await signUpCustomer(page, "google-wallet-es", "es-ES,es;q=0.9");
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
  await expect(page.getByText("Tu visita se ha registrado", { exact: false }).first()).toBeVisible();
  await page.goto("/dashboard/wallet");
  await expect(page.getByRole("link", { name: /^Añadir a Google Wallet/ })).toBeVisible();
});
