import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signUpOwner, uniqueTag, SHOTS_DIR } from "./support";

// The dashboard in the person's own language: Settings → Language saves it on
// the account and in the locale cookie, and every dashboard page follows.

/** Settings → Language, then waits for the page to be rendered again in it. */
async function chooseLanguage(page: Page, value: "en" | "es" | "ca", settingsTitle: string, label: string) {
  await page.goto("/dashboard/settings");
  await page.locator("select#language").selectOption(value);
  await expect(page.getByRole("heading", { level: 1, name: settingsTitle, exact: true })).toBeVisible();
  // The select's own label is in the new language too.
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe("the dashboard in the owner's language", () => {
  test("Settings → Español turns the dashboard Spanish, the program form answers in Spanish, and back to English", async ({
    page,
  }) => {
    test.slow();
    const { businessId } = await signUpOwner(page, { tagId: uniqueTag("i18n-dash"), name: `Forn ${Date.now()}` });

    await chooseLanguage(page, "es", "Ajustes", "Idioma");
    const cookie = (await page.context().cookies()).find((c) => c.name === "loyaltap-locale");
    expect(cookie).toMatchObject({ value: "es", path: "/", sameSite: "Lax", httpOnly: false });
    await expect(page.getByRole("heading", { name: "Preferencias" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Oscuro" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveTitle("Panel | Loyaltap");
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Núria" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tus negocios" })).toBeVisible();
    await expect(page.getByText("Visitas de hoy")).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar la tarjeta" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Canjear un premio con un código" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tus tarjetas de fidelidad" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver todos tus premios" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Panel", exact: true }).getByRole("link", { name: "Ajustes" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Mostrar mi QR" }).first()).toBeVisible();

    // A code that is too long: the zod message, in Spanish, in the client form.
    await page.getByLabel("Código del premio").fill("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    await page.getByRole("button", { name: "Buscar premio", exact: true }).click();
    await expect(page.getByText("Los códigos de premio tienen 8 caracteres")).toBeVisible();

    await page.goto(`/dashboard/program/create?businessId=${businessId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo programa" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Tarjeta de sellos", exact: true })).toBeVisible();
    await page.getByLabel("Fecha de inicio").fill("2030-03-10");
    await page.getByLabel("Fecha de fin").fill("2030-03-01");
    await page.getByRole("button", { name: "Crear el programa" }).click();
    await expect(page.getByText("Escribe el nombre del programa")).toBeVisible();
    await expect(page.getByText("Escribe el nombre del premio")).toBeVisible();
    await expect(page.getByText("La fecha de fin tiene que ser posterior a la de inicio")).toBeVisible();
    await page.getByLabel("Sellos necesarios").fill("0");
    await page.getByRole("button", { name: "Crear el programa" }).click();
    await expect(page.getByText("Tiene que ser un número entero mayor que 0")).toBeVisible();
    // Rules the engine would refuse promise nothing yet; valid ones read as customers will see them.
    await expect(page.getByTestId("program-preview")).toContainText(
      "Completa las reglas para ver qué se ofrece a los clientes",
    );
    await page.getByLabel("Sellos necesarios").fill("3");
    await expect(page.getByTestId("program-preview")).toContainText("Consigue 3 sellos → tu premio");

    await chooseLanguage(page, "en", "Settings", "Language");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Núria" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your businesses" })).toBeVisible();
    await expect(page.getByText("Taps today")).toBeVisible();
  });

  test("the account's language wins over a missing or stale cookie (the database is the truth)", async ({ page }) => {
    await signUpOwner(page);
    await chooseLanguage(page, "ca", "Configuració", "Idioma");
    // Another device, or a deleted cookie: this browser says Spanish.
    const { hostname } = new URL(page.url());
    await page.context().addCookies([{ name: "loyaltap-locale", value: "es", domain: hostname, path: "/" }]);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Els teus negocis" })).toBeVisible();
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "loyaltap-locale")?.value)
      .toBe("ca");
  });

  for (const [language, settingsTitle, businesses] of [
    ["es", "Ajustes", "Tus negocios"],
    ["ca", "Configuració", "Els teus negocis"],
  ] as const) {
    test(`the dashboard home in ${language} has no serious accessibility findings`, async ({ page }) => {
      await signUpOwner(page, { name: `Cafeteria i pastisseria artesanal ${Date.now()}` });
      await chooseLanguage(page, language, settingsTitle, "Idioma");
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: businesses })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("screenshots of the dashboard home at 375 px in en, es and ca, nothing wider than the screen", async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpOwner(page, { name: `Cafeteria i pastisseria artesanal ${Date.now()}` });
    for (const [language, label, settingsTitle, businesses] of [
      ["en", "Language", "Settings", "Your businesses"],
      ["es", "Idioma", "Ajustes", "Tus negocios"],
      ["ca", "Idioma", "Configuració", "Els teus negocis"],
    ] as const) {
      await chooseLanguage(page, language, settingsTitle, label);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: businesses })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS_DIR}/dashboard-${language}.png`, fullPage: true });
    }
  });
});
