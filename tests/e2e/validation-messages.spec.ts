import { expect, test, type Browser, type Page } from "@playwright/test";

// Length and format messages come from the catalogs in the reader's language,
// never zod's English ("Too big: expected string to have <=100 characters"), on
// a 375 px phone: the input's maxLength stops typing past the limit, and a value
// past it (the attribute removed, or a request made by hand) gets the catalog's
// message from the form and from the server. Phones are checked with
// libphonenumber-js and stored in E.164.

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const SHOTS = process.env.LOYALTAP_SHOTS_DIR;

type Lang = "en" | "es" | "ca";
const BROWSER_LOCALE: Record<Lang, string> = { en: "en-US", es: "es-ES", ca: "ca-ES" };

const WORDS = {
  en: {
    firstName: "First name",
    createAccount: "Create account",
    businessName: "Business name",
    keywords: "Keywords",
    bakery: "Bakery",
    phone: "Phone",
    address: "Address",
    next: "Next",
    tooLong100: "Use at most 100 characters",
    tooLong120: "Use at most 120 characters",
    phoneInvalid: "Enter a valid phone number",
  },
  es: {
    firstName: "Nombre",
    createAccount: "Crear cuenta",
    businessName: "Nombre del negocio",
    keywords: "Palabras clave",
    bakery: "Panadería",
    phone: "Teléfono",
    address: "Dirección",
    next: "Siguiente",
    tooLong100: "Usa 100 caracteres como máximo",
    tooLong120: "Usa 120 caracteres como máximo",
    phoneInvalid: "Escribe un número de teléfono válido",
  },
  ca: {
    firstName: "Nom",
    createAccount: "Crea el compte",
    businessName: "Nom del negoci",
    keywords: "Paraules clau",
    bakery: "Forn de pa",
    phone: "Telèfon",
    address: "Adreça",
    next: "Següent",
    tooLong100: "Fes servir 100 caràcters com a màxim",
    tooLong120: "Fes servir 120 caràcters com a màxim",
    phoneInvalid: "Escriu un número de telèfon vàlid",
  },
} as const;

async function phoneIn(browser: Browser, lang: Lang) {
  const context = await browser.newContext({
    locale: BROWSER_LOCALE[lang],
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Types past the input's limit, then removes the limit and fills the long value, as a hand-made form would. */
async function pastTheLimit(page: Page, input: ReturnType<Page["getByLabel"]>, max: number) {
  await expect(input).toHaveAttribute("maxlength", String(max));
  await input.fill("");
  await input.pressSequentially("a".repeat(max + 3), { delay: 0 });
  await expect(input).toHaveValue("a".repeat(max));
  await input.evaluate((element) => element.removeAttribute("maxlength"));
  await input.fill("b".repeat(max + 1));
}

for (const lang of ["es", "ca", "en"] as const) {
  const w = WORDS[lang];

  test(`${lang}: a 101-character first name gets the catalog's message, from the form and from the server`, async ({
    browser,
  }) => {
    const { context, page } = await phoneIn(browser, lang);
    await page.goto("/register");
    const firstName = page.getByLabel(w.firstName, { exact: true });
    await pastTheLimit(page, firstName, 100);
    await page.getByRole("button", { name: w.createAccount, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: w.tooLong100 })).toBeVisible();
    await expect(page.getByText(/Too big|expected string/)).toHaveCount(0);
    await firstName.scrollIntoViewIfNeeded();
    await shot(page, `sign-up-first-name-${lang}`);

    // The server's own answer to the same value.
    const response = await page.request.post("/api/auth/register", {
      headers: { "Accept-Language": BROWSER_LOCALE[lang], Origin: new URL(page.url()).origin },
      data: {
        email: `long-${stamp()}@example.test`,
        password: "a good password",
        metadata: { first_name: "b".repeat(101) },
      },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { errors?: Record<string, string> };
    expect(body.errors?.["metadata.first_name"]).toBe(w.tooLong100);
    await context.close();
  });

  test(`${lang}: the wizard refuses a business name over 120 and the phone "abc" in the reader's language`, async ({
    browser,
  }) => {
    const { context, page } = await phoneIn(browser, lang);
    await page.goto("/register/business");
    const name = page.getByLabel(w.businessName);
    await pastTheLimit(page, name, 120);
    const phone = page.getByLabel(w.phone);
    await expect(phone).toHaveAttribute("maxlength", "40");
    await phone.fill("abc");
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: w.tooLong120 })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: w.phoneInvalid })).toBeVisible();
    await expect(page.getByText(/Too big|<=120/)).toHaveCount(0);
    await shot(page, `wizard-name-phone-${lang}`);
    await context.close();
  });
}

for (const lang of ["es", "ca"] as const) {
  const w = WORDS[lang];
  test(`${lang}: "612 34 56 78" is accepted, stored as +34612345678 and shown nationally`, async ({ browser }) => {
    const { context, page } = await phoneIn(browser, lang);
    const id = stamp();
    const businessName = `Forn Telefon ${lang} ${id}`;
    await page.goto("/register/business");
    await page.getByLabel(w.businessName).fill(businessName);
    await page.getByRole("combobox", { name: w.keywords }).fill(w.bakery.slice(0, 4));
    await page.getByRole("option", { name: w.bakery, exact: true }).click();
    await page.getByLabel(w.phone).fill("612 34 56 78");
    await page.getByLabel(w.address).fill("Plaça del Sol 3, Barcelona");
    await page.getByRole("button", { name: w.next, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: w.phoneInvalid })).toHaveCount(0);

    // The same number through the JSON API: what is stored is E.164.
    const response = await page.request.post("/api/auth/register", {
      headers: { "Accept-Language": BROWSER_LOCALE[lang], Origin: new URL(page.url()).origin },
      data: {
        email: `phone-${lang}-${id}@example.test`,
        password: "a good password",
        metadata: { first_name: "Marta", last_name: "Vidal" },
        business: { name: businessName },
        business_profile: {
          keywords: ["Bakery"],
          phone: "612 34 56 78",
          address: "Plaça del Sol 3, Barcelona",
          settings: { timezone: "Europe/Madrid", language: lang },
        },
      },
    });
    expect(response.status()).toBe(201);
    const card = await context.newPage();
    await card.goto(`/b/forn-telefon-${lang}-${id}`);
    const tel = card.getByRole("link", { name: "612 34 56 78", exact: true });
    await expect(tel).toHaveAttribute("href", "tel:+34612345678");
    await context.close();
  });
}
