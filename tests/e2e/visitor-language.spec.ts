import { expect, test, type Browser, type Page } from "@playwright/test";
import { createStampsProgram, DEMO_TAG_ID, logIn, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// The visitor pages (the tap page, the card, their not-found and unclaimed-tag pages)
// speak the reader's language: their choice (the locale cookie) first, then the
// browser's Accept-Language among en/es/ca, then the business's (docs/i18n.md).
// A person signed in on two devices sees a language changed on one on the other's
// very next page.

type Lang = "en" | "es" | "ca";
const SHOTS = process.env.VISITOR_SHOTS_DIR || "test-results/shots/visitorlang";

const TEXT: Record<Lang, { linkMe: string; programs: string; tagNotFound: string; claim: string; switch: string }> = {
  en: {
    linkMe: "Link me",
    programs: "Active Programs",
    tagNotFound: "Tag Not Found",
    claim: "Claim Tag",
    switch: "Language",
  },
  es: {
    linkMe: "Apúntate",
    programs: "Programas activos",
    tagNotFound: "Etiqueta no encontrada",
    claim: "Dar de alta la etiqueta",
    switch: "Idioma",
  },
  ca: {
    linkMe: "Apunta't",
    programs: "Programes actius",
    tagNotFound: "Etiqueta no trobada",
    claim: "Donar d'alta l'etiqueta",
    switch: "Idioma",
  },
};
const PAGE_NOT_FOUND: Record<Lang, string> = {
  en: "Page not found",
  es: "Página no encontrada",
  ca: "No s'ha trobat la pàgina",
};
const JOIN_BUTTON: Record<Lang, string> = { en: "Create your card", es: "Crea tu tarjeta", ca: "Crea la teva targeta" };

/** A phone (375 × 812) whose browser asks for `browserLocale`, with the locale cookie set when `cookie` is given. */
async function phone(browser: Browser, browserLocale: string, cookie?: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: browserLocale, viewport: { width: 375, height: 812 } });
  if (cookie)
    await context.addCookies([{ name: "loyaltap-locale", value: cookie, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

async function setBusinessLanguage(page: Page, businessId: string, language: "Català" | "Español") {
  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  await page.getByLabel("Language").selectOption({ label: language });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();
}

test.describe("a visitor's tag page in the reader's language", () => {
  test("an es-ES phone on /tap?id= sees Spanish, and <html lang> says so; the answer varies by cookie and language", async ({
    browser,
  }) => {
    const page = await phone(browser, "es-ES");
    const response = await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: TEXT.es.linkMe })).toBeVisible();
    await expect(page.getByRole("heading", { name: TEXT.es.programs })).toBeVisible();
    await expect(page.getByText("Regístrate para empezar a conseguir premios")).toBeVisible();
    expect(response?.headers()["vary"]).toMatch(/Cookie, Accept-Language/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/tap-es.png`, fullPage: true });
    // The Spanish page is a cached page of its own: the next Spanish reader gets it from the cache.
    const again = await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    expect(again?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
    await page.context().close();
  });

  test("a ca cookie wins over an es-ES browser", async ({ browser }) => {
    const page = await phone(browser, "es-ES", "ca");
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    await expect(page.getByRole("link", { name: TEXT.ca.linkMe })).toBeVisible();
    await expect(page.getByRole("heading", { name: TEXT.ca.programs })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/tap-ca.png`, fullPage: true });
    await page.context().close();
  });

  test("a browser in none of our languages gets the business's; an English one gets the English texts", async ({
    page,
    browser,
  }) => {
    const tagId = uniqueTag("visitor-lang");
    const { businessId } = await signUpOwner(page, { tagId });
    // A program to join: a business without one invites no one.
    await createStampsProgram(page, businessId, { name: "Targeta", stamps: 5, reward: "Cafè" });
    await setBusinessLanguage(page, businessId, "Català");

    const german = await phone(browser, "de-DE");
    await german.goto(`/tap?id=${tagId}`);
    await expect(german.locator("html")).toHaveAttribute("lang", "ca");
    await expect(german.getByRole("link", { name: TEXT.ca.linkMe })).toBeVisible();
    await german.context().close();

    const english = await phone(browser, "en-GB");
    await english.goto(`/tap?id=${tagId}`);
    await expect(english.locator("html")).toHaveAttribute("lang", "en");
    await expect(english.getByRole("link", { name: "Link me" })).toBeVisible();
    await expect(english.getByText("Register to start earning rewards")).toBeVisible();
    await english.screenshot({ path: `${SHOTS}/tap-en.png`, fullPage: true });
    await english.context().close();
  });

  test("an unclaimed tag speaks Spanish to an es-ES phone and offers a language switch that is remembered", async ({
    browser,
  }) => {
    const tagId = uniqueTag("unclaimed-lang");
    const page = await phone(browser, "es-ES");
    await page.goto(`/tap?id=${tagId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: TEXT.es.tagNotFound })).toBeVisible();
    await expect(page.getByRole("button", { name: TEXT.es.claim })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/unclaimed-es.png`, fullPage: true });
    const languages = page.getByRole("navigation", { name: TEXT.es.switch });
    await expect(languages.getByText("Español")).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Català" }).click();
    await expect(page).toHaveURL(new RegExp(`/tap\\?id=${tagId}&lang=ca$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    await expect(page.getByRole("heading", { name: TEXT.ca.tagNotFound })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/unclaimed-ca.png`, fullPage: true });
    // The choice is kept: the plain address is Catalan now, on this tag and any other.
    await page.goto(`/tap?id=${tagId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    await page.goto(`/tap?id=${DEMO_TAG_ID}`);
    await expect(page.getByRole("link", { name: TEXT.ca.linkMe })).toBeVisible();
    await page.getByRole("navigation", { name: TEXT.ca.switch }).getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto(`/tap?id=${tagId}`);
    await expect(page.getByRole("heading", { name: TEXT.en.tagNotFound })).toBeVisible();
    await expect(page.getByRole("button", { name: TEXT.en.claim })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/unclaimed-en.png`, fullPage: true });
    await page.context().close();
  });
});

test.describe("the card and the not-found pages in the reader's language", () => {
  test("the card /b/<slug>: Spanish for an es-ES phone, Catalan with a ca cookie, the business's otherwise", async ({
    page,
    browser,
  }) => {
    const { businessId } = await signUpOwner(page, { tagId: uniqueTag("card-lang") });
    await setBusinessLanguage(page, businessId, "Català");
    const cardPath = await page.getByRole("link", { name: "View public card" }).first().getAttribute("href");

    for (const [browserLocale, cookie, lang] of [
      ["es-ES", undefined, "es"],
      ["es-ES", "ca", "ca"],
      ["de-DE", undefined, "ca"],
      ["en-US", undefined, "en"],
    ] as const) {
      const visitor = await phone(browser, browserLocale, cookie);
      const response = await visitor.goto(cardPath!);
      expect(response?.status()).toBe(200);
      await expect(visitor).toHaveURL(new RegExp(`${cardPath}$`));
      await expect(visitor.locator("html")).toHaveAttribute("lang", lang);
      await expect(visitor.getByRole("link", { name: JOIN_BUTTON[lang] })).toBeVisible();
      expect(response?.headers()["vary"]).toMatch(/Cookie, Accept-Language/);
      await visitor.screenshot({
        path: `${SHOTS}/card-${lang}-${browserLocale}${cookie ? `-cookie` : ""}.png`,
        fullPage: true,
      });
      await visitor.context().close();
    }
    // A Catalan card read by a Spanish phone that picks Català in the switch: the card's own address, in Catalan.
    const spanish = await phone(browser, "es-ES");
    await spanish.goto(cardPath!);
    await spanish.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "Català" }).click();
    await expect(spanish).toHaveURL(new RegExp(`${cardPath}$`));
    await expect(spanish.locator("html")).toHaveAttribute("lang", "ca");
    await spanish.context().close();
  });

  for (const [browserLocale, cookie, lang] of [
    ["es-ES", undefined, "es"],
    ["es-ES", "ca", "ca"],
    ["en-US", undefined, "en"],
  ] as const)
    test(`a page that does not exist, for ${browserLocale}${cookie ? ` with a ${cookie} cookie` : ""}: ${lang}, in the server's HTML`, async ({
      browser,
      request,
    }) => {
      const page = await phone(browser, browserLocale, cookie);
      for (const path of ["/no/such/page", "/wp-login.php", "/api/no-such-thing"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1, name: PAGE_NOT_FOUND[lang] })).toBeVisible();
      }
      await page.goto("/no/such/page");
      await page.screenshot({ path: `${SHOTS}/not-found-${lang}.png`, fullPage: true });
      // The server's own HTML, before any script: the heading and <html lang>.
      const html = await (
        await request.get("/no/such/page", {
          headers: {
            "Accept-Language": browserLocale,
            ...(cookie ? { Cookie: `loyaltap-locale=${cookie}` } : {}),
          },
        })
      ).text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`${PAGE_NOT_FOUND[lang].replace("'", "&#x27;")}</h1>`);
      await page.context().close();
    });

  test("a card that does not exist, for an es-ES phone", async ({ browser }) => {
    const page = await phone(browser, "es-ES");
    const response = await page.goto(`/b/no-such-card-${Date.now()}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Negocio no encontrado" })).toBeVisible();
    await page.context().close();
  });
});

test.describe("a language changed on one device", () => {
  test("the other device signed in to the account shows it on its next page, any page", async ({ browser }) => {
    const phoneA = await phone(browser, "en-US");
    const email = await signUpCustomer(phoneA, "two-devices", "en-US");
    const phoneB = await phone(browser, "en-US");
    await phoneB.goto("/login");
    await logIn(phoneB, email, "a good password");
    await expect(phoneB).toHaveURL(/\/dashboard/);

    await phoneA.goto("/dashboard/settings");
    await phoneA.locator("select#language").selectOption("es");
    await expect(phoneA.getByRole("heading", { level: 1, name: "Ajustes", exact: true })).toBeVisible();

    // Not a dashboard page: a static page the proxy serves.
    await phoneB.goto("/about");
    await expect(phoneB.locator("html")).toHaveAttribute("lang", "es");
    await expect(phoneB.getByRole("navigation", { name: "Principal" })).toBeVisible();
    // The device's cookie follows, so the pages the proxy does not serve (the card, a tag) do too.
    const cookies = await phoneB.context().cookies();
    expect(cookies.find((c) => c.name === "loyaltap-locale")?.value).toBe("es");
    await phoneA.context().close();
    await phoneB.context().close();
  });
});
