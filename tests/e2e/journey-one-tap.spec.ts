import { writeFileSync, mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_TAG_ID, SHOTS_DIR, expectHydrated, mailedLink, uniqueEmail } from "./support";

// The first stamp and a kept card, as a first-time customer on a Spanish phone
// lives them, measured: screens (page loads), taps, fields, characters typed and
// seconds. "Start my card" must earn the first stamp with no field at all; the
// older way (Link me, the sign-up form, back on the tag) is measured beside it.
// The numbers are written to test-results/journeys.json for the record
// (docs/authentication.md, "Guests"); only the counts are asserted, never the time.

const PHONE = { width: 375, height: 812 };

type Journey = { screens: number; taps: number; fields: number; characters: number; seconds: number };

/** Counts what a person does on `page`: each press, each field filled and its characters, each page load. */
function meter(page: Page) {
  const started = performance.now();
  const counts = { screens: 0, taps: 0, fields: 0, characters: 0 };
  // A screen is a document the browser loads (a redirect on the way is not one).
  page.on("domcontentloaded", () => {
    counts.screens += 1;
  });
  return {
    async tap(target: Locator) {
      await target.click();
      counts.taps += 1;
    },
    /** A field: one tap into it, then its characters. */
    async type(target: Locator, text: string) {
      await target.fill(text);
      counts.taps += 1;
      counts.fields += 1;
      counts.characters += text.length;
    },
    done(): Journey {
      return { ...counts, seconds: Math.round((performance.now() - started) / 100) / 10 };
    },
  };
}

const results: Record<string, Journey> = {};

test.afterAll(() => {
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/journeys.json", JSON.stringify(results, null, 2));
});

test("es, 375 px: the first stamp in one tap and no field, then the card kept by an emailed link shows the same stamp on the account", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "es-ES", viewport: PHONE });
  const page = await context.newPage();
  // The result moves on to the dashboard after 2 s: the clock holds it while the test reads it.
  await page.clock.install();
  const first = meter(page);
  await page.goto(`/tap?id=${DEMO_TAG_ID}&lang=es`);
  await first.tap(page.getByRole("button", { name: "Empezar mi tarjeta" }));
  await expect(page.getByRole("status").filter({ hasText: "Progreso actualizado" })).toBeVisible();
  await expect(page.getByText("Coffee card: Sello añadido: 1/10")).toBeVisible();
  results.firstStampStartMyCard = first.done();
  expect(results.firstStampStartMyCard).toMatchObject({ taps: 1, fields: 0, characters: 0 });
  await page.screenshot({ path: `${SHOTS_DIR}/journey-one-tap-first-stamp-es.png`, fullPage: true });

  // Keeping it: one field in the wallet's banner, then the mailed link.
  await page.clock.resume();
  const keep = meter(page);
  await page.goto("/dashboard/wallet");
  const banner = page.getByTestId("keep-card");
  await expect(banner.getByRole("heading", { name: "Guarda tu tarjeta" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/journey-one-tap-keep-card-es.png`, fullPage: true });
  const send = banner.getByRole("button", { name: "Envíame un enlace" });
  await expectHydrated(send);
  const email = uniqueEmail("kept-card");
  await keep.type(banner.getByLabel("Enviar el enlace a"), email);
  await keep.tap(send);
  await expect(banner.getByRole("status").filter({ hasText: "Revisa tu correo" })).toBeVisible();
  // Opening the mail's link is the person's last tap.
  await page.goto(await mailedLink(email, "/auth/email-link"));
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  results.keptCardEmailLink = { ...keep.done(), taps: keep.done().taps + 1 };

  // The account holds the same card: the stamp came along, and it is no longer a guest card.
  const card = page.getByRole("article", { name: "Café Central" });
  await expect(card.getByTestId("program-progress").first()).toContainText("1/10");
  await expect(page.getByTestId("keep-card")).toHaveCount(0);
  const me = await page.request.get("/api/auth/me");
  const body = (await me.json()) as { user?: { email?: string; guest?: boolean } };
  expect(body.user?.email).toBe(email);
  expect(body.user?.guest).toBeUndefined();
  await page.screenshot({ path: `${SHOTS_DIR}/journey-one-tap-kept-es.png`, fullPage: true });
  await context.close();
});

test("es, 375 px: the older way to the first stamp, Link me and the sign-up form, measured for comparison", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "es-ES", viewport: PHONE });
  const page = await context.newPage();
  await page.clock.install();
  const old = meter(page);
  await page.goto(`/tap?id=${DEMO_TAG_ID}&lang=es`);
  await old.tap(page.getByRole("link", { name: "Apúntate" }));
  await old.type(page.getByLabel("Nombre", { exact: true }), "Jana");
  await old.type(page.getByLabel("Apellidos"), "Puig");
  await old.type(page.getByLabel("Correo electrónico"), uniqueEmail("old-way"));
  await old.type(page.getByLabel("Contraseña", { exact: true }), "a good password");
  await old.type(page.getByLabel("Confirma la contraseña"), "a good password");
  await old.tap(page.getByRole("button", { name: "Crear cuenta" }));
  await expect(page.getByRole("status").filter({ hasText: "Progreso actualizado" })).toBeVisible();
  await expect(page.getByText("Coffee card: Sello añadido: 1/10")).toBeVisible();
  results.firstStampLinkMe = old.done();
  expect(results.firstStampLinkMe.fields).toBe(5);
  await context.close();
});
