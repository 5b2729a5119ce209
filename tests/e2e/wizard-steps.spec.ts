import { expect, test, type Browser, type Page } from "@playwright/test";
import type { PlaceSuggestion } from "@/lib/business/places";
import { expectPath, SHOTS_DIR, uniqueEmail } from "./support";

// The registration wizard on a phone in Spanish and Catalan: its step is in the
// URL, a reload keeps what was typed (never the password), the browser's Back
// moves between steps and, once finished, leads to the dashboard; the confirm
// step proposes the business's language (the owner's) and time zone (the
// place's, else the browser's) and lets the owner change them.

const PHONE = { width: 375, height: 812 };
const PASSWORD = "una contrasenya bona";

type Words = {
  locale: string;
  businessName: string;
  keywords: string;
  keywordQuery: string;
  keyword: string;
  phone: string;
  address: string;
  next: string;
  back: string;
  complete: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  businessTitle: string;
  accountTitle: string;
  confirmTitle: string;
  language: string;
  timezone: string;
};

const WORDS: Record<"es" | "ca", Words> = {
  es: {
    locale: "es-ES",
    businessName: "Nombre del negocio",
    keywords: "Palabras clave",
    keywordQuery: "panad",
    keyword: "Panadería",
    phone: "Teléfono",
    address: "Dirección",
    next: "Siguiente",
    back: "Atrás",
    complete: "Completar el registro",
    firstName: "Nombre",
    lastName: "Apellidos",
    email: "Correo electrónico",
    password: "Contraseña",
    confirmPassword: "Confirma la contraseña",
    businessTitle: "Tu negocio",
    accountTitle: "Tu cuenta",
    confirmTitle: "Confirma tus datos",
    language: "Idioma del negocio",
    timezone: "Zona horaria",
  },
  ca: {
    locale: "ca-ES",
    businessName: "Nom del negoci",
    keywords: "Paraules clau",
    keywordQuery: "forn",
    keyword: "Forn de pa",
    phone: "Telèfon",
    address: "Adreça",
    next: "Següent",
    back: "Enrere",
    complete: "Completa el registre",
    firstName: "Nom",
    lastName: "Cognoms",
    email: "Correu electrònic",
    password: "Contrasenya",
    confirmPassword: "Confirma la contrasenya",
    businessTitle: "El teu negoci",
    accountTitle: "El teu compte",
    confirmTitle: "Confirma les teves dades",
    language: "Idioma del negoci",
    timezone: "Zona horària",
  },
};

const BARCELONA_PLACE: PlaceSuggestion = {
  displayName: "Forn Baluard, Carrer del Baluard 38, Barcelona",
  businessName: "Forn Baluard",
  address: "Carrer del Baluard 38, 08003 Barcelona",
  placeId: "ChIJ-forn-baluard",
  types: ["bakery"],
  website: null,
  phone: "+34 932 211 208",
  countryCode: "ES",
  location: { lat: 41.3795, lng: 2.1894 },
};

// A phone whose clock says UTC, as the walk's did.
async function phoneIn(browser: Browser, words: Words) {
  const context = await browser.newContext({ locale: words.locale, viewport: PHONE, timezoneId: "UTC" });
  return { context, page: await context.newPage() };
}

/** A new owner with a business, signed in in this page's context, whose account speaks `language`. */
async function signUpOwnerIn(page: Page, language: string) {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post("/api/auth/register", {
    headers: { origin, "Accept-Language": language },
    data: {
      email: uniqueEmail("owner"),
      password: PASSWORD,
      metadata: { first_name: "Núria", last_name: "Owner" },
      business: { name: `Shop ${Date.now()}` },
      business_profile: { keywords: ["Retail"], phone: "+34 600 111 222", address: "Carrer Major 1, Barcelona" },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { business_id: string }).business_id;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

async function fillBusiness(page: Page, w: Words, name: string) {
  await page.getByLabel(w.businessName).fill(name);
  await page.getByRole("combobox", { name: w.keywords }).fill(w.keywordQuery);
  await page.getByRole("option", { name: w.keyword, exact: true }).click();
  await page.getByLabel(w.phone).fill("+34 931 234 567");
  await page.getByLabel(w.address).fill("Plaça del Sol 3, Barcelona");
}

async function fillAccount(page: Page, w: Words, email: string) {
  await page.getByLabel(w.firstName, { exact: true }).fill("Marta");
  await page.getByLabel(w.lastName).fill("Vidal");
  await page.getByLabel(w.email).fill(email);
  await fillPassword(page, w);
}

async function fillPassword(page: Page, w: Words) {
  await page.getByLabel(w.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(w.confirmPassword).fill(PASSWORD);
}

for (const lang of ["es", "ca"] as const) {
  const w = WORDS[lang];

  test(`${lang}, 375 px: a reload keeps the step and the fields but not the password, Back goes to the previous step, and after finishing Back leads to the dashboard`, async ({
    browser,
  }) => {
    const { context, page } = await phoneIn(browser, w);
    const name = `Forn ${lang} ${Date.now()}`;
    const email = uniqueEmail(`wizard-${lang}`);
    await page.goto("/register/business");
    await fillBusiness(page, w, name);
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(heading(page, w.accountTitle)).toBeVisible();
    await expectPath(page, "/register/business?step=2");
    await fillAccount(page, w, email);

    await page.reload();
    await expect(heading(page, w.accountTitle)).toBeVisible();
    await expectPath(page, "/register/business?step=2");
    await expect(page.getByLabel(w.firstName, { exact: true })).toHaveValue("Marta");
    await expect(page.getByLabel(w.lastName)).toHaveValue("Vidal");
    await expect(page.getByLabel(w.email)).toHaveValue(email);
    await expect(page.getByLabel(w.password, { exact: true })).toHaveValue("");
    await expect(page.getByLabel(w.confirmPassword)).toHaveValue("");
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(PASSWORD);

    // The browser's Back: the previous step, with everything on it.
    await page.goBack();
    await expect(heading(page, w.businessTitle)).toBeVisible();
    await expectPath(page, "/register/business?step=1");
    await expect(page.getByLabel(w.businessName)).toHaveValue(name);
    await expect(page.getByRole("button", { name: new RegExp(w.keyword) })).toBeVisible();

    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(heading(page, w.accountTitle)).toBeVisible();
    await fillPassword(page, w);
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(heading(page, w.confirmTitle)).toBeVisible();
    await expectPath(page, "/register/business?step=3");

    // The business speaks the owner's language; with no place chosen, the zone is the browser's, and both can change.
    await expect(page.getByLabel(w.language, { exact: true })).toHaveValue(lang);
    await expect(page.getByLabel(w.timezone, { exact: true })).toHaveValue("UTC");
    await page.getByLabel(w.timezone, { exact: true }).selectOption("Europe/Madrid");

    const registered = page.waitForResponse((r) => r.url().endsWith("/api/auth/register") && r.status() === 201);
    await page.getByRole("button", { name: w.complete }).click();
    const { business_id: businessId } = (await (await registered).json()) as { business_id: string };
    await expectPath(page, "/dashboard");
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(name);

    // Back leads to the dashboard, never to an empty wizard.
    await page.goBack();
    await expectPath(page, "/dashboard");
    await expect(page.getByRole("heading", { name: "Hola, Marta" })).toBeVisible();
    await expect(heading(page, w.businessTitle)).toHaveCount(0);
    await expect(page.getByRole("button", { name: w.next, exact: true })).toHaveCount(0);

    // The business kept the choices: the profile shows them.
    await page.goto(`/dashboard/business/${businessId}?tab=profile`);
    await expect(page.getByLabel(w.timezone, { exact: true })).toHaveValue("Europe/Madrid");
    await expect(page.getByRole("combobox", { name: "Idioma", exact: true })).toHaveValue(lang);
    await context.close();
  });

  test(`${lang}, 375 px: a place in Spain proposes Madrid time on a phone set to UTC`, async ({ browser }) => {
    const { context, page } = await phoneIn(browser, w);
    await page.addInitScript(
      (list) => {
        window.__LOYALTAP_PLACES__ = list;
      },
      [BARCELONA_PLACE],
    );
    await page.goto("/register/business");
    const nameField = page.getByRole("combobox", { name: w.businessName });
    await nameField.fill("baluard");
    await page.getByRole("option", { name: /Forn Baluard/ }).click();
    await expect(nameField).toHaveValue("Forn Baluard");
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await fillAccount(page, w, uniqueEmail(`place-${lang}`));
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(heading(page, w.confirmTitle)).toBeVisible();
    await expect(page.getByLabel(w.language, { exact: true })).toHaveValue(lang);
    await expect(page.getByLabel(w.timezone, { exact: true })).toHaveValue("Europe/Madrid");
    await page.screenshot({ path: `${SHOTS_DIR}/wizard/confirm-${lang}.png`, fullPage: true });

    const request = page.waitForRequest((r) => r.url().endsWith("/api/auth/register") && r.method() === "POST");
    await page.getByRole("button", { name: w.complete }).click();
    const payload = (await request).postDataJSON() as { business_profile: { settings: Record<string, unknown> } };
    expect(payload.business_profile.settings).toMatchObject({ language: lang, timezone: "Europe/Madrid" });
    await expectPath(page, "/dashboard");
    await context.close();
  });
}

test("en: the confirm step and the profile's zone field, for the screenshot set", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US", viewport: PHONE, timezoneId: "UTC" });
  const page = await context.newPage();
  await page.addInitScript(
    (list) => {
      window.__LOYALTAP_PLACES__ = list;
    },
    [BARCELONA_PLACE],
  );
  await page.goto("/register/business");
  await page.getByRole("combobox", { name: "Business name" }).fill("baluard");
  await page.getByRole("option", { name: /Forn Baluard/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByLabel("First name").fill("Marta");
  await page.getByLabel("Last name").fill("Vidal");
  await page.getByLabel("Email").fill(uniqueEmail("shots-en"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByLabel("Business language")).toHaveValue("en");
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Madrid");
  await page.screenshot({ path: `${SHOTS_DIR}/wizard/confirm-en.png`, fullPage: true });
  await context.close();
});

test("ca, 375 px: a signed-in owner registers a second business; Back afterwards leads to it, and opening the wizard again starts a new one", async ({
  browser,
}) => {
  const w = WORDS.ca;
  const { context, page } = await phoneIn(browser, w);
  await signUpOwnerIn(page, "ca");
  await page.goto("/register/business");
  await fillBusiness(page, w, `Segon Forn ${Date.now()}`);
  await page.getByRole("button", { name: w.next, exact: true }).click();
  await page.getByRole("button", { name: w.next, exact: true }).click();
  await expect(heading(page, w.confirmTitle)).toBeVisible();
  await expect(page.getByLabel(w.language, { exact: true })).toHaveValue("ca");
  await page.getByRole("button", { name: w.complete }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/business\//);
  const businessPage = new URL(page.url()).pathname;

  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toBe(businessPage);
  await expect(page.getByRole("button", { name: w.next, exact: true })).toHaveCount(0);

  // A link to the wizard is a new registration (a third business), not a way back.
  await page.goto("/register/business");
  await expect(heading(page, w.businessTitle)).toBeVisible();
  await expect(page.getByLabel(w.businessName)).toHaveValue("");
  await context.close();
});

for (const lang of ["en", "es", "ca"] as const) {
  test(`${lang}, 375 px: the profile's time zone field (screenshot)`, async ({ browser }) => {
    const context = await browser.newContext({ locale: `${lang}-ES`, viewport: PHONE });
    const page = await context.newPage();
    const businessId = await signUpOwnerIn(page, lang);
    await page.goto(`/dashboard/business/${businessId}?tab=profile`);
    const zone = page.getByLabel({ en: "Time zone", es: "Zona horaria", ca: "Zona horària" }[lang], { exact: true });
    await zone.scrollIntoViewIfNeeded();
    await expect(zone).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/wizard/profile-zone-${lang}.png` });
    await context.close();
  });
}
