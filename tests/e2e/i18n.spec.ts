import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { format } from "date-fns";
import { ca, es } from "date-fns/locale";
import { createStampsProgram, signUpOwner, uniqueTag, SHOTS_DIR } from "./support";

// A visitor's tap page and the public card are shown in the business's
// language, which its owner picks in the business profile, to a reader whose
// browser asks for none of ours (the reader's own language comes first:
// tests/e2e/visitor-language.spec.ts). The business is the test's own, so the
// demo café stays in English for the other specs.

/** YYYY-MM-DD `days` from today (UTC), as an `<input type="date">` takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const asDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

async function setLanguage(page: Page, businessId: string, language: "Català" | "Español" | "English") {
  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  await page.getByLabel("Language").selectOption({ label: language });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();
}

/** The page a visitor (no session) sees, in a fresh browser context at a phone's size, whose browser asks for German. */
async function asVisitor(browser: Browser, path: string) {
  const context = await browser.newContext({ locale: "de-DE", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { page, close: () => context.close() };
}

test.describe("the business's language on its visitors' pages", () => {
  test("an owner switches to Català, then Español, then back to English; the tap page and the card follow at once", async ({
    page,
    browser,
  }) => {
    test.slow();
    const tagId = uniqueTag("i18n");
    const { businessId } = await signUpOwner(page, { tagId, name: `Forn Idiomes ${Date.now()}` });
    const start = day(-2);
    const end = day(60);

    // A dated program, so the page shows a date in the business's language.
    await page.goto(`/dashboard/program/create?businessId=${businessId}`);
    await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
    await page.getByLabel("Program name").fill("Cafè de la casa");
    await page.getByLabel("Stamps required").fill("5");
    await page.getByLabel("Reward name").fill("Cafè gratis");
    await page.getByLabel("Reward expires after (days)").fill("30");
    await page.getByLabel("Start date").fill(start);
    await page.getByLabel("End date").fill(end);
    await page.getByRole("button", { name: "Create program" }).click();
    await expect(page.getByText("Program created")).toBeVisible();

    await page.goto(`/dashboard/business/${businessId}?tab=profile`);
    const cardPath = await page.getByRole("link", { name: "View public card" }).getAttribute("href");
    expect(cardPath).toMatch(/^\/b\//);
    await expect(page.getByLabel("Language")).toHaveValue("en");

    // Català.
    await setLanguage(page, businessId, "Català");
    await expect(page.getByLabel("Language")).toHaveValue("ca");
    {
      const visitor = await asVisitor(browser, `/tap?id=${tagId}`);
      const tap = visitor.page;
      await expect(tap.locator("html")).toHaveAttribute("lang", "ca");
      const programs = tap.getByRole("region", { name: "Programes actius" });
      await expect(programs).toBeVisible();
      await expect(programs.getByRole("heading", { level: 3, name: "Cafè de la casa" })).toBeVisible();
      await expect(programs).toContainText(`Comença el ${format(asDate(start), "PP", { locale: ca })}`);
      await expect(programs).toContainText(`Acaba el ${format(asDate(end), "PP", { locale: ca })}`);
      await expect(programs.getByRole("img", { name: "Targeta de segells" })).toBeVisible();
      await expect(tap.getByRole("link", { name: "Apunta't" })).toBeVisible();
      await expect(tap.getByText("Registra't per començar a aconseguir premis")).toBeVisible();
      await expect(tap.getByRole("main").getByRole("link", { name: "Inicia la sessió" })).toBeVisible();
      await expect(tap.getByRole("list", { name: "Paraules clau" })).toContainText("Comerç");
      await expect(tap.getByText("Active Programs")).toHaveCount(0);

      expect(await seriousViolations(tap)).toEqual([]);
      // Nothing is wider than the phone: long Catalan words wrap instead of breaking the layout.
      expect(await tap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await tap.screenshot({ path: `${SHOTS_DIR}/tap-ca.png`, fullPage: true });
      // Naming the locale keeps the page cached: the next visitor gets it from the cache, still in Catalan.
      const again = await tap.goto(`/tap?id=${tagId}`);
      expect(again?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
      await expect(tap.getByRole("region", { name: "Programes actius" })).toBeVisible();
      await visitor.close();
    }
    {
      const visitor = await asVisitor(browser, cardPath!);
      const card = visitor.page;
      await expect(card.locator("html")).toHaveAttribute("lang", "ca");
      await expect(
        card.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inicia la sessió" }),
      ).toBeVisible();
      await expect(card.getByRole("list", { name: "Paraules clau" })).toContainText("Comerç");
      await expect(card.getByRole("button", { name: "Canvia al mode fosc" })).toBeVisible();
      await card.screenshot({ path: `${SHOTS_DIR}/card-ca.png`, fullPage: true });
      const again = await card.goto(cardPath!);
      expect(again?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
      await expect(card.getByRole("list", { name: "Paraules clau" })).toContainText("Comerç");
      await visitor.close();
    }

    // Español.
    await setLanguage(page, businessId, "Español");
    {
      const visitor = await asVisitor(browser, `/tap?id=${tagId}`);
      const tap = visitor.page;
      await expect(tap.locator("html")).toHaveAttribute("lang", "es");
      const programs = tap.getByRole("region", { name: "Programas activos" });
      await expect(programs).toContainText(`Empieza el ${format(asDate(start), "PP", { locale: es })}`);
      await expect(programs).toContainText(`Termina el ${format(asDate(end), "PP", { locale: es })}`);
      await expect(tap.getByRole("link", { name: "Apúntate" })).toBeVisible();
      await expect(tap.getByText("Regístrate para empezar a conseguir premios")).toBeVisible();
      await expect(tap.getByRole("list", { name: "Palabras clave" })).toContainText("Comercio");
      expect(await seriousViolations(tap)).toEqual([]);
      expect(await tap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await tap.screenshot({ path: `${SHOTS_DIR}/tap-es.png`, fullPage: true });
      await visitor.close();
    }
    {
      const visitor = await asVisitor(browser, cardPath!);
      const card = visitor.page;
      await expect(card.locator("html")).toHaveAttribute("lang", "es");
      await expect(card.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      await expect(card.getByRole("list", { name: "Palabras clave" })).toContainText("Comercio");
      await visitor.close();
    }

    // Back to English: today's texts, word for word.
    await setLanguage(page, businessId, "English");
    {
      const visitor = await asVisitor(browser, `/tap?id=${tagId}`);
      const tap = visitor.page;
      await expect(tap.locator("html")).toHaveAttribute("lang", "en");
      // Only the language switch's links name another language.
      await expect(tap.locator('body [lang="es"], body [lang="ca"]')).toHaveCount(2);
      await expect(tap.getByRole("navigation", { name: "Language" }).locator("[lang]")).toHaveCount(2);
      const programs = tap.getByRole("region", { name: "Active Programs" });
      await expect(programs).toContainText(`Starts ${format(asDate(start), "MMM dd, yyyy")}`);
      await expect(programs).toContainText(`Ends ${format(asDate(end), "MMM dd, yyyy")}`);
      await expect(programs.getByRole("img", { name: "Stamp card" })).toBeVisible();
      await expect(tap.getByRole("link", { name: "Link me" })).toBeVisible();
      await expect(tap.getByText("Register to start earning rewards")).toBeVisible();
      await expect(tap.getByText("Already have an account? Log in")).toBeVisible();
      await expect(tap.getByRole("list", { name: "Keywords" })).toContainText("Retail");
      await expect(tap.getByText(`Tag ${tagId}`)).toBeVisible();
      await visitor.close();
    }
    {
      const visitor = await asVisitor(browser, cardPath!);
      const card = visitor.page;
      await expect(card.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
      await expect(card.getByRole("list", { name: "Keywords" })).toContainText("Retail");
      await visitor.close();
    }
  });

  test("a visitor switches the tap page and the card to another language; each is its own cached page, and search engines see every language", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const tagId = uniqueTag("lang-switch");
    const { businessId } = await signUpOwner(page, { tagId });
    await setLanguage(page, businessId, "Català");
    const cardPath = await page.getByRole("link", { name: "View public card" }).getAttribute("href");
    // A program to join: a business without one shows no invitation on its tags.
    await createStampsProgram(page, businessId, { name: "Targeta", stamps: 5, reward: "Cafè" });

    const visitor = await asVisitor(browser, `/tap?id=${tagId}`);
    const tap = visitor.page;
    await expect(tap.locator("html")).toHaveAttribute("lang", "ca");
    const languages = tap.getByRole("navigation", { name: "Idioma" });
    await expect(languages.getByText("Català")).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Español" }).click();
    await expect(tap).toHaveURL(new RegExp(`/tap\\?id=${tagId}&lang=es$`));
    await expect(tap.locator("html")).toHaveAttribute("lang", "es");
    await expect(tap.getByRole("link", { name: "Apúntate" })).toBeVisible();
    // The Spanish page is cached like the Catalan one: the next visitor gets it from the cache.
    const again = await tap.goto(`/tap?id=${tagId}&lang=es`);
    expect(again?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
    await tap.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(tap.locator("html")).toHaveAttribute("lang", "en");
    await expect(tap.getByRole("link", { name: "Link me" })).toBeVisible();
    // Back to the business's own language: named in the URL, and remembered for the plain address.
    await tap.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Català" }).click();
    await expect(tap).toHaveURL(new RegExp(`/tap\\?id=${tagId}&lang=ca$`));
    await expect(tap.locator("html")).toHaveAttribute("lang", "ca");
    await tap.goto(`/tap?id=${tagId}`);
    await expect(tap.locator("html")).toHaveAttribute("lang", "ca");

    // The card: one URL per language, each naming the others.
    const card = tap;
    await card.goto(cardPath!);
    const canonical = `${baseURL}${cardPath}`;
    await expect(card.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    const alternates: [string, string][] = [
      ["ca", canonical],
      ["es", `${canonical}/es`],
      ["en", `${canonical}/en`],
      ["x-default", canonical],
    ];
    for (const [lang, href] of alternates)
      await expect(card.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute("href", href);
    await card.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(card).toHaveURL(`${canonical}/en`);
    await expect(card.locator("html")).toHaveAttribute("lang", "en");
    await expect(card.locator('link[rel="canonical"]')).toHaveAttribute("href", `${canonical}/en`);
    await expect(card.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
    // The business's own language has one address only.
    const own = await request.get(`${cardPath}/ca`, { maxRedirects: 0 });
    expect(own.status()).toBe(308);
    expect(own.headers()["location"]).toMatch(new RegExp(`${cardPath}$`));
    expect((await request.get(`${cardPath}/fr`)).status()).toBe(404);
    await visitor.close();

    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const url of [canonical, `${canonical}/es`, `${canonical}/en`]) expect(sitemap).toContain(`<loc>${url}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${canonical}" />`);
  });
});
