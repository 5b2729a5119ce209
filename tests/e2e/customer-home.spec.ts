import { expect, test, type Browser } from "@playwright/test";
import { createStampsProgram, expectPath, signUpCustomer, signUpOwner, SHOTS_DIR, uniqueTag } from "./support";

// The customer's side of the walk on phones: a ready reward leads the home page
// and badges the Rewards tab; Back after a first stamp shows that stamp on the
// tag page instead of tapping again (and meeting the daily limit); the daily
// limit says when the next visit counts.

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const LANGS = {
  en: {
    acceptLanguage: "en-GB",
    progressTitle: "Progress updated",
    stamps: "1/3 stamps",
    limitTitle: "Daily Tap Limit Reached",
    limitText: "You have reached the maximum number of taps allowed for today.",
    nextVisit: "You can collect again tomorrow after 00:00",
    oneVisit: "1 visit",
    ready: (cafe: string) => `1 reward ready at ${cafe}`,
    rewardsTab: "Rewards, 1 ready",
  },
  es: {
    acceptLanguage: "es-ES",
    progressTitle: "Progreso actualizado",
    stamps: "1/3 sellos",
    limitTitle: "Límite diario alcanzado",
    limitText: "Has llegado al máximo de visitas permitidas hoy.",
    nextVisit: "Tu próxima visita contará mañana a partir de las 00:00",
    oneVisit: "1 visita",
    ready: (cafe: string) => `1 premio listo en ${cafe}`,
    rewardsTab: "Premios, 1 listo",
  },
  ca: {
    acceptLanguage: "ca-ES",
    progressTitle: "Progrés actualitzat",
    stamps: "1/3 segells",
    limitTitle: "Límit diari assolit",
    limitText: "Has arribat al màxim de visites permeses avui.",
    nextVisit: "La teva propera visita comptarà demà a partir de les 00:00",
    oneVisit: "1 visita",
    ready: (cafe: string) => `1 premi a punt a ${cafe}`,
    rewardsTab: "Premis, 1 a punt",
  },
} as const;

/** A customer with their own language, on a phone of that language. */
async function newCustomer(browser: Browser, lang: keyof typeof LANGS) {
  const context = await browser.newContext({ viewport: PHONE, locale: LANGS[lang].acceptLanguage });
  const customer = await context.newPage();
  await signUpCustomer(customer, `home-${lang}`, LANGS[lang].acceptLanguage);
  return { context, customer };
}

for (const lang of ["en", "es", "ca"] as const) {
  const text = LANGS[lang];

  test(`${lang}: Back after the first stamp shows the stamp on the tag page, records nothing, and the next tap says when it counts`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const tagId = uniqueTag(`back-${lang}`);
    const { businessId } = await signUpOwner(page, { tagId, name: `Forn Back ${lang}` });
    await createStampsProgram(page, businessId, { name: "Bread card", stamps: 3, reward: "Free loaf" });

    const { context, customer } = await newCustomer(browser, lang);
    await customer.clock.install();
    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: text.progressTitle })).toBeVisible();
    // The answered page's entry now names its visit.
    await expect(customer).toHaveURL(/[?&]visit=[0-9a-f]{32}/);
    await customer.clock.runFor(2100);
    await expectPath(customer, "/dashboard");

    // Back: the tag page with the stamp, no limit overlay, and it stays.
    await customer.goBack();
    await expect(customer).toHaveURL(new RegExp(`/tap\\?id=${tagId}&visit=`));
    const card = customer.getByRole("listitem").filter({ hasText: "Bread card" });
    await expect(card.getByTestId("program-progress")).toHaveText(text.stamps);
    await expect(customer.getByRole("dialog")).toHaveCount(0);
    await customer.clock.runFor(3000);
    await expect(customer).toHaveURL(new RegExp(`/tap\\?id=${tagId}&visit=`));
    await expect(customer.getByRole("dialog")).toHaveCount(0);
    await customer.screenshot({ path: `${SHOTS_DIR}/tap-back-${lang}.png`, fullPage: true });

    // One visit recorded, not two.
    await customer.goto("/dashboard/wallet");
    await expect(customer.getByText(text.oneVisit, { exact: false }).first()).toBeVisible();

    // A real second tap today: the limit, and when the next visit counts (midnight on the business's clock).
    await customer.goto(`/tap?id=${tagId}`);
    const limit = customer.getByRole("dialog", { name: text.limitTitle });
    await expect(limit).toBeVisible();
    await expect(limit.getByText(text.limitText, { exact: true })).toBeVisible();
    await expect(limit.getByTestId("next-visit")).toHaveText(text.nextVisit);
    await customer.screenshot({ path: `${SHOTS_DIR}/tap-limit-${lang}.png` });
    await context.close();
  });

  test(`${lang}: a ready reward leads the home page and badges the Rewards tab`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const tagId = uniqueTag(`ready-${lang}`);
    const cafe = `Café Central ${lang} ${Date.now()}`;
    const { businessId } = await signUpOwner(page, { tagId, name: cafe });
    await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 1, reward: "Free coffee" });

    const { context, customer } = await newCustomer(browser, lang);
    // Nothing ready yet: no line, no badge.
    await customer.goto("/dashboard");
    const nav = customer.getByTestId("bottom-nav");
    await expect(nav.getByRole("link", { name: text.rewardsTab })).toHaveCount(0);
    await expect(customer.getByTestId("ready-reward")).toHaveCount(0);

    await customer.clock.install();
    await customer.goto(`/tap?id=${tagId}`);
    await customer.clock.runFor(2100);
    await expectPath(customer, "/dashboard");

    // The home page leads with it, before the cards.
    const line = customer.getByTestId("ready-reward");
    await expect(line).toHaveCount(1);
    await expect(line.getByText(text.ready(cafe))).toBeVisible();
    const headings = await customer.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf((await customer.locator("#ready-rewards").textContent()) ?? "")).toBe(0);
    // The Rewards tab's name carries the count; its badge shows it.
    const tab = nav.getByRole("link", { name: text.rewardsTab });
    await expect(tab).toBeVisible();
    await expect(tab.getByTestId("tab-badge")).toHaveText("1");
    await customer.screenshot({ path: `${SHOTS_DIR}/home-ready-${lang}.png`, fullPage: true });
    await nav.screenshot({ path: `${SHOTS_DIR}/rewards-badge-${lang}.png` });

    // A tap on the line shows the reward.
    await line.getByRole("link").click();
    await expect(customer).toHaveURL(/\/dashboard\/redeem-reward\/[^/?]+$/);
    await expect(customer.getByText("Free coffee").first()).toBeVisible();
    await context.close();
  });
}
