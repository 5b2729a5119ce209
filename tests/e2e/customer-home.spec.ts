import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createStampsProgram,
  expectHydrated,
  expectPath,
  signUpCustomer,
  signUpOwner,
  SHOTS_DIR,
  uniqueTag,
} from "./support";

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
    adjusted: "+4 adjusted",
    cardSummary: "1 visit · 2 adjustments",
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
    adjusted: "+4 por ajustes",
    cardSummary: "1 visita · 2 ajustes",
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
    adjusted: "+4 per ajustos",
    cardSummary: "1 visita · 2 ajustos",
  },
} as const;

/** A customer with their own language, on a phone of that language. */
async function newCustomer(browser: Browser, lang: keyof typeof LANGS) {
  const context = await browser.newContext({ viewport: PHONE, locale: LANGS[lang].acceptLanguage });
  const customer = await context.newPage();
  await signUpCustomer(customer, `home-${lang}`, LANGS[lang].acceptLanguage);
  return { context, customer };
}

/** The owner's adjustment of the customer's Coffee card, from the customer's card (in English). */
async function adjust(page: Page, amount: string, reason: string) {
  const form = page.getByRole("form", { name: "Adjust progress" });
  await expectHydrated(form.getByRole("button", { name: "Save adjustment" }));
  await form.getByLabel("Program").selectOption({ label: "Bread card" });
  await form.getByLabel("Amount (+ adds, − takes away)").fill(amount);
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Save adjustment" }).click();
  await expect(form.getByRole("status")).toContainText("Adjustment saved.");
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
    // Two visits a day: a tap again on Back would be recorded, not only refused.
    await page.goto(`/dashboard/business/${businessId}?tab=profile`);
    await page.getByLabel("Daily tap limit").fill("2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Business profile saved")).toBeVisible();

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

    // Two real taps more today: the second counts, the third meets the limit, which says when the
    // next visit counts (midnight on the business's clock).
    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: text.progressTitle })).toBeVisible();
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
    // It comes before the cards' sections ("closest to a reward").
    const first = await customer.evaluate(() => {
      const ready = document.getElementById("ready-rewards");
      const cards = document.getElementById("my-cards");
      return Boolean(ready && cards && ready.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(first).toBe(true);
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

  test(`${lang}: after 1 visit and two +2 adjustments the program's page says 1 visit and +4 adjusted`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const tagId = uniqueTag(`visits-${lang}`);
    const { businessId } = await signUpOwner(page, { tagId, name: `Forn Visits ${lang}` });
    await createStampsProgram(page, businessId, { name: "Bread card", stamps: 10, reward: "Free loaf" });
    await expect(page).toHaveURL(/\/dashboard\/program\/[^/?]+$/);
    const programPath = new URL(page.url()).pathname;

    const { context, customer } = await newCustomer(browser, lang);
    await customer.clock.install();
    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: text.progressTitle })).toBeVisible();
    const me = (await (await customer.request.get("/api/auth/me")).json()) as { user: { id: string } };
    await context.close();

    await page.goto(`/dashboard/business/${businessId}/customers/${me.user.id}`);
    await adjust(page, "2", "Card forgotten at home");
    await adjust(page, "2", "Tag was down");
    if (lang !== "en") {
      await page.goto("/dashboard/settings");
      await page.locator("select#language").selectOption(lang);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    }

    await page.setViewportSize(PHONE);
    await page.goto(programPath);
    await expect(page.getByTestId("stat-visits")).toHaveText("1");
    await expect(page.getByTestId("stat-adjusted")).toHaveText(text.adjusted);
    await page.screenshot({ path: `${SHOTS_DIR}/program-visits-${lang}.png`, fullPage: true });

    await page.goto(`/dashboard/business/${businessId}/customers/${me.user.id}`);
    await expect(page.getByText(text.cardSummary, { exact: false })).toBeVisible();
    await expect(page.getByTestId("progress-adjusted")).toHaveText(text.adjusted);
    await page.screenshot({ path: `${SHOTS_DIR}/customer-card-visits-${lang}.png`, fullPage: true });
  });
}
