import { expect, test, type Browser, type Page } from "@playwright/test";
import { runSql } from "./server";
import { DEMO_ADMIN_EMAIL, DEMO_TAG_ID, logIn, signUpCustomer, SHOTS_DIR } from "./support";

// The signed-in tap, the personal QR page and the admin pages are in the
// person's own language: their `loyaltap-locale` cookie (set from their
// setting), else the browser's Accept-Language. The engine's lines after a
// visit ("Stamp added: 1/10") are read in that language too.

type Lang = "en" | "es" | "ca";
const BROWSER_LOCALE: Record<Lang, string> = { en: "en-US", es: "es-ES", ca: "ca-ES" };

/** A phone-sized browser whose person has chosen `lang` (cookie and Accept-Language). */
async function phoneIn(browser: Browser, lang: Lang, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ locale: BROWSER_LOCALE[lang], viewport: { width: 375, height: 812 } });
  await context.addCookies([{ name: "loyaltap-locale", value: lang, url: baseURL }]);
  return context.newPage();
}

/** Taps the demo café's tag as a new customer; the page stays on the result (its redirect's timer is held). */
async function tapAsNewCustomer(page: Page, lang: Lang) {
  // The account takes the browser's language at sign-up, and signing in sets the language cookie from it.
  await signUpCustomer(page, "i18n-tap", BROWSER_LOCALE[lang]);
  await page.clock.install();
  await page.goto(`/tap?id=${DEMO_TAG_ID}`);
}

const RESULTS: Record<Lang, { title: string; line: string; programs: string; limit: string; limitText: string }> = {
  en: {
    title: "Progress updated",
    line: "Coffee card: Stamp added: 1/10",
    programs: "Active Programs",
    limit: "Daily Tap Limit Reached",
    limitText: "You have reached the maximum number of taps allowed for today.",
  },
  es: {
    title: "Progreso actualizado",
    line: "Coffee card: Sello añadido: 1/10",
    programs: "Programas activos",
    limit: "Límite diario alcanzado",
    limitText: "Has llegado al máximo de visitas permitidas hoy.",
  },
  ca: {
    title: "Progrés actualitzat",
    line: "Coffee card: Segell afegit: 1/10",
    programs: "Programes actius",
    limit: "Límit diari assolit",
    limitText: "Has arribat al màxim de visites permeses avui.",
  },
};

test.describe("the signed-in tap in the person's language", () => {
  for (const lang of ["en", "es", "ca"] as const) {
    test(`${lang}: the result, the engine's line and the programs`, async ({ browser, baseURL }) => {
      const page = await phoneIn(browser, lang, baseURL);
      await tapAsNewCustomer(page, lang);
      const text = RESULTS[lang];
      await expect(page.getByRole("status").filter({ hasText: text.title })).toBeVisible();
      await expect(page.getByText(text.line)).toBeVisible();
      await expect(page.getByRole("heading", { name: text.programs })).toBeVisible();
      await expect(page.locator(`[lang="${lang}"]`).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS_DIR}/tap-signed-${lang}.png`, fullPage: true });
      await page.context().close();
    });
  }

  test("es: the daily limit's overlay and the page title", async ({ browser, baseURL }) => {
    const page = await phoneIn(browser, "es", baseURL);
    await signUpCustomer(page, "i18n-limit", "es-ES");
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByRole("status").filter({ hasText: RESULTS.es.title })).toBeVisible();
    await page.clock.install();
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page).toHaveTitle(/^Toque \| /);
    // Linked now: the program's progress under its card is the engine's line, in Spanish.
    await expect(page.getByText("1/10 sellos")).toBeVisible();
    const dialog = page.getByRole("dialog", { name: RESULTS.es.limit });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(RESULTS.es.limitText)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Aceptar" })).toBeVisible();
    await page.context().close();
  });

  test("ca: a signed-in person on a free tag sees it in Catalan, with the claim button", async ({
    browser,
    baseURL,
  }) => {
    const page = await phoneIn(browser, "ca", baseURL);
    await signUpCustomer(page, "i18n-free", "ca-ES");
    await page.goto("/tap?id=demo-free");
    await expect(page.getByRole("heading", { name: "Etiqueta disponible" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Donar d'alta l'etiqueta" })).toBeVisible();
    await page.context().close();
  });

  test("es: a malformed id is a notice in Spanish", async ({ browser, baseURL }) => {
    const page = await phoneIn(browser, "es", baseURL);
    await page.goto("/tap?id=bad%20id!");
    await expect(page.getByRole("heading", { name: "Aviso" })).toBeVisible();
    await expect(page.getByText(/^ID de etiqueta no válido/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Aceptar" })).toHaveAttribute("href", "/dashboard");
    await page.context().close();
  });
});

test.describe("the QR page and the admin pages in the person's language", () => {
  test("es: a visitor on someone's QR page is invited in Spanish", async ({ browser, baseURL }) => {
    const page = await phoneIn(browser, "es", baseURL);
    await signUpCustomer(page, "i18n-qr", "es-ES");
    const me = await page.request.get("/api/auth/me");
    const { id } = ((await me.json()) as { user: { id: string } }).user;
    await page.goto(`/qr/${id}`);
    await expect(page.getByText(/^Esta es la página de tu código QR/)).toBeVisible();
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "loyaltap-locale", value: "es", url: baseURL }]);
    await page.goto(`/qr/${id}`);
    await expect(page.getByText("Regístrate o inicia sesión para conectar con Pau T.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Regístrate" })).toBeVisible();
    await page.context().close();
  });

  test("ca: the admin's users list and a user's page", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await logIn(page, DEMO_ADMIN_EMAIL);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The admin's own setting is Catalan (as Settings would store it): a signed-in person's pages follow
    // their account's language, whatever the device's cookie says. Put back afterwards: other tests sign in as them.
    const setLanguage = (language: string) =>
      runSql(`UPDATE "User" SET "language" = $1 WHERE "email" = $2`, [language, DEMO_ADMIN_EMAIL]);
    expect(await setLanguage("ca")).toBe(1);
    try {
      await adminPagesInCatalan(page);
    } finally {
      await setLanguage("en");
    }
    await context.close();
  });
});

async function adminPagesInCatalan(page: Page) {
  {
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Usuaris" })).toBeVisible();
    await expect(page).toHaveTitle(/^Usuaris \| /);
    await page.getByRole("searchbox", { name: "Cerca per correu o nom" }).fill(DEMO_ADMIN_EMAIL);
    await page.getByRole("button", { name: "Cerca" }).click();
    await expect(page.getByText(/^1 usuari amb «/)).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(DEMO_ADMIN_EMAIL) })
      .getByRole("link")
      .click();
    await expect(page.getByText("Aquest és el teu compte.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Targetes" })).toBeVisible();
  }
}
