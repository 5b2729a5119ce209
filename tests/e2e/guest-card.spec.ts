import { expect, test } from "@playwright/test";
import { DEMO_TAG_ID, SHOTS_DIR } from "./support";

// "Start my card" (docs/authentication.md, "Guests"): a first-time visitor on a
// phone, in Spanish, taps one button on the tag's page, fills in nothing, and
// lands on the first stamp; the wallet then asks them to keep the card.

test("es, 375 px: one tap on «Empezar mi tarjeta», no field, records the first stamp; the wallet shows «Guarda tu tarjeta»", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "es-ES", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  // The result's redirect to the dashboard waits on this clock: the result stays to be read.
  await page.clock.install();
  await page.goto(`/tap?id=${DEMO_TAG_ID}&lang=es`);
  // The spec's "Link me" stays beside the new button.
  await expect(page.getByRole("link", { name: "Apúntate" })).toBeVisible();
  await expect(page.locator("form[data-testid=start-card] input:not([type=hidden])")).toHaveCount(0);
  await page.getByRole("button", { name: "Empezar mi tarjeta" }).click();

  await expect(page).toHaveURL(new RegExp(`/tap\\?id=${DEMO_TAG_ID}&visit=`));
  await expect(page.getByRole("status").filter({ hasText: "Progreso actualizado" })).toBeVisible();
  await expect(page.getByText("Coffee card: Sello añadido: 1/10")).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/guest-card-first-stamp-es.png`, fullPage: true });

  // A reload shows the same answer and records nothing: still the first stamp, no daily-limit overlay.
  await page.reload();
  await expect(page.getByText("Coffee card: Sello añadido: 1/10")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/dashboard/wallet");
  await expect(page.getByRole("heading", { name: "Guarda tu tarjeta" })).toBeVisible();
  await expect(page.getByText("Café Central").first()).toBeVisible();
  // Logging out would lose a card that lives on this device: a guest's header offers no way to.
  await expect(page.getByRole("navigation", { name: "Panel" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/guest-card-wallet-es.png`, fullPage: true });

  // The card lives on the session cookie: it lasts as long as a browser keeps one, not an account's 30 days.
  const session = (await context.cookies()).find((cookie) => cookie.name === "authjs.session-token");
  expect(session?.httpOnly).toBe(true);
  expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(390 * 24 * 60 * 60 * 1000);
  // Signing in or registering keeps the card (it merges into the account): a guest reaches both pages.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Envíame un enlace" })).toBeVisible();
  await page.goto("/register");
  await expect(page).toHaveURL(/\/register$/);
  await context.close();
});
