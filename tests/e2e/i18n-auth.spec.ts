import { expect, test, type Browser, type Page } from "@playwright/test";

// Log-in, sign-up and the business wizard speak the browser's language
// (Accept-Language, here a context's `locale`), the same messages on the client
// and from the server; a new account keeps that language and gets its cookie.

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const PASSWORD = "una contraseña buena";

async function visitorIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

async function submitEmptyStep(page: Page, next: string) {
  await page.goto("/register/business");
  await page.getByRole("button", { name: next, exact: true }).click();
}

test.describe("the wizard in the visitor's language", () => {
  test("a Spanish visitor sees the wizard and its step 1 messages in Spanish", async ({ browser }) => {
    const { context, page } = await visitorIn(browser, "es-ES");
    await submitEmptyStep(page, "Siguiente");
    await expect(page).toHaveTitle("Registra tu negocio | Loyaltap");
    await expect(page.getByRole("heading", { level: 1, name: "Registra tu negocio" })).toBeVisible();
    await expect(page.getByText("Sigue los pasos para registrar tu negocio")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tu negocio", exact: true })).toBeVisible();
    const steps = page.getByRole("list", { name: "Pasos del registro" });
    await expect(steps).toContainText("1Negocio");
    await expect(steps).toContainText("2Cuenta");
    await expect(steps).toContainText("3Confirmar");
    for (const message of [
      "El nombre del negocio es obligatorio",
      "Se necesita al menos una palabra clave",
      "El número de teléfono es obligatorio",
      "La dirección del negocio es obligatoria",
    ]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    // An invalid website gets the shared validation message, in Spanish too.
    await page.getByLabel("Sitio web").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Siguiente", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Escribe una dirección completa con http:// o https://" }),
    ).toBeVisible();
    await expect(page.getByText("Business name is required")).toHaveCount(0);
    await context.close();
  });

  test("a Catalan visitor sees them in Catalan, and finds keywords by their Catalan name", async ({ browser }) => {
    const { context, page } = await visitorIn(browser, "ca-ES");
    await submitEmptyStep(page, "Següent");
    await expect(page).toHaveTitle("Registra el teu negoci | Loyaltap");
    await expect(page.getByRole("heading", { name: "El teu negoci", exact: true })).toBeVisible();
    for (const message of [
      "El nom del negoci és obligatori",
      "Cal com a mínim una paraula clau",
      "El número de telèfon és obligatori",
      "L'adreça del negoci és obligatòria",
    ]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    const keywords = page.getByRole("combobox", { name: "Paraules clau" });
    await keywords.fill("forn");
    await page.getByRole("option", { name: "Forn de pa", exact: true }).click();
    await expect(page.getByRole("button", { name: "Treu Forn de pa" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Cal com a mínim una paraula clau" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("signing up in Spanish", () => {
  test("the wizard's sign-up stores Spanish and sets the language cookie", async ({ browser }) => {
    const { context, page } = await visitorIn(browser, "es-ES");
    await page.goto("/register/business");
    await page.getByLabel("Nombre del negocio").fill(`Forn ${stamp()}`);
    await page.getByRole("combobox", { name: "Palabras clave" }).fill("panad");
    await page.getByRole("option", { name: "Panadería", exact: true }).click();
    await page.getByLabel("Teléfono").fill("+34 931 234 567");
    await page.getByLabel("Dirección").fill("Plaça del Sol 3, Barcelona");
    await page.getByRole("button", { name: "Siguiente", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Tu cuenta", exact: true })).toBeVisible();
    await page.getByLabel("Nombre", { exact: true }).fill("Marta");
    await page.getByLabel("Apellidos").fill("Vidal");
    await page.getByLabel("Correo electrónico").fill(`es-${stamp()}@example.test`);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirma la contraseña").fill("otra contraseña");
    await page.getByRole("button", { name: "Siguiente", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Las contraseñas no coinciden" })).toBeVisible();
    await page.getByLabel("Confirma la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Siguiente", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Confirma tus datos", exact: true })).toBeVisible();
    await expect(page.getByText("Panadería")).toBeVisible();
    await page.getByRole("button", { name: "Completar el registro" }).click();
    await page.waitForURL(/\/dashboard/);

    const cookies = await context.cookies();
    const locale = cookies.find((cookie) => cookie.name === "loyaltap-locale");
    expect(locale?.value).toBe("es");
    expect(locale?.path).toBe("/");
    expect(locale?.sameSite).toBe("Lax");
    expect(locale?.httpOnly).toBe(false);
    // A year, give or take the test's own seconds.
    expect(locale!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // Signing out keeps it; signing in again in an English browser sets it from the account.
    const email = await page.evaluate(async () => {
      const response = await fetch("/api/auth/me");
      return ((await response.json()) as { user: { email: string } }).user.email;
    });
    await page.request.post("/logout", { headers: { origin: new URL(page.url()).origin } });
    expect((await context.cookies()).find((cookie) => cookie.name === "loyaltap-locale")?.value).toBe("es");
    await context.close();

    const english = await visitorIn(browser, "en-US");
    await english.page.goto("/login");
    await english.page.getByLabel("Email").fill(email);
    await english.page.getByLabel("Password").fill(PASSWORD);
    await english.page.getByRole("button", { name: "Log in", exact: true }).click();
    await english.page.waitForURL(/\/dashboard/);
    expect((await english.context.cookies()).find((cookie) => cookie.name === "loyaltap-locale")?.value).toBe("es");
    await english.context.close();
  });

  test("log-in and sign-up pages are in Spanish, server messages included", async ({ browser }) => {
    const { context, page } = await visitorIn(browser, "es-ES");
    await page.goto("/login");
    await expect(page).toHaveTitle("Inicia sesión | Loyaltap");
    await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
    // The header too, not only the page: its links were English on these pages.
    await expect(page.getByRole("banner").getByRole("link", { name: "Acerca de" })).toBeVisible();
    await page.getByRole("button", { name: "Inicia sesión", exact: true }).click();
    await expect(page.getByText("Escribe un correo electrónico válido")).toBeVisible();
    await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(`nadie-${stamp()}@example.test`);
    await page.getByLabel("Contraseña").fill("incorrecta");
    await page.getByRole("button", { name: "Inicia sesión", exact: true }).click();
    await expect(page.getByText("El correo electrónico o la contraseña no son correctos")).toBeVisible();

    await page.goto("/register");
    await expect(page).toHaveTitle("Crea tu cuenta | Loyaltap");
    await expect(page.getByText("Al menos 8 caracteres.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByText("El nombre es obligatorio", { exact: true })).toBeVisible();
    await context.close();
  });
});
