import { readFileSync } from "node:fs";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { e2ePort } from "./port";
import { expectHydrated, expectPath, signUpOwner, uniqueEmail, uniqueTag, SHOTS_DIR } from "./support";

// The owner's side on a 375 px phone, in Spanish and Catalan (their words are
// longer): every owner page fits the screen without sideways scrolling, the
// customers are a list of cards, and a new owner is led through their first
// steps (docs/owner-tools.md, "First steps"; "Customers").
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const ORIGIN = `http://127.0.0.1:${e2ePort()}`;
const SAME_ORIGIN = { origin: ORIGIN };
type Language = "en" | "es" | "ca";
const ACCEPT: Record<Language, string> = { en: "en-US", es: "es-ES,es;q=0.9", ca: "ca-ES,ca;q=0.9" };

/** A value of a message catalog, for the labels of forms a step goes through (the words under test are spelled out). */
function catalog(language: Language, namespace: string, path: string): string {
  const messages = JSON.parse(readFileSync(`messages/${language}/${namespace}.json`, "utf8")) as Record<
    string,
    unknown
  >;
  const value = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
  if (typeof value !== "string") throw new Error(`${language}/${namespace}: ${path}`);
  return value;
}

/** A customer account of its own (an API client with its session cookie), with a long name and a long address. */
async function newCustomer(first: string, last: string): Promise<{ api: APIRequestContext; email: string }> {
  const api = await request.newContext({ baseURL: ORIGIN });
  const email = uniqueEmail(`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "-")).replace(
    "@example.test",
    "@correu-electronic-de-la-botiga.example.test",
  );
  const response = await api.post("/api/auth/register", {
    headers: SAME_ORIGIN,
    data: { email, password: "a good password", metadata: { first_name: first, last_name: last } },
  });
  expect(response.status()).toBe(201);
  return { api, email };
}

async function tapAs(api: APIRequestContext, tagId: string) {
  const response = await api.post("/api/tap", { headers: SAME_ORIGIN, data: { id: tagId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new owner (no tag, no program) whose account speaks `language`, signed in in this page's context. */
async function signUpNewOwner(page: Page, language: Language, name: string) {
  const response = await page.request.post("/api/auth/register", {
    headers: { ...SAME_ORIGIN, "Accept-Language": ACCEPT[language] },
    data: {
      email: uniqueEmail("first-steps"),
      password: "a good password",
      metadata: { first_name: "Montserrat", last_name: "Puigdevall" },
      business: { name },
      tap_id: null,
      business_profile: { keywords: ["Retail"], phone: "+34 600 111 222", address: "Carrer Major 1, Barcelona" },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { business_id: string }).business_id;
}

/** A stamp card made through the owner's own form, in the owner's language. */
async function createProgram(page: Page, language: Language, name: string) {
  await page.getByRole("radio", { name: catalog(language, "programs", "types.stamps.name"), exact: true }).check();
  await page.getByLabel(catalog(language, "programEditor", "form.name"), { exact: true }).fill(name);
  await page.getByLabel(catalog(language, "programEditor", "rulesFields.stampsRequired")).fill("8");
  await page.getByLabel(catalog(language, "programEditor", "form.rewardName"), { exact: true }).fill("Croissant");
  await page.getByRole("button", { name: catalog(language, "programEditor", "form.create") }).click();
  await expect(page.getByText(catalog(language, "programEditor", "form.created"), { exact: true })).toBeVisible();
}

/** Settings → Language; the settings page then speaks it. */
async function chooseLanguage(page: Page, language: Language) {
  await page.goto("/dashboard/settings");
  const select = page.locator("select#language");
  await expectHydrated(select);
  await select.selectOption(language);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1, name: catalog(language, "settings", "title") })).toBeVisible();
}

/**
 * Neither the page nor its main content is wider than the phone, and no table
 * shown is either: a wide table in a box that scrolls sideways keeps the page
 * narrow but still hides its last columns (a table behind a closed "Show the
 * data" is not shown).
 */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    main: document.querySelector("main")?.scrollWidth ?? 0,
    tables: [...document.querySelectorAll("main table")]
      .filter((table) => table.checkVisibility() && !table.closest("details:not([open])"))
      .map((table) => Math.ceil(table.getBoundingClientRect().width)),
  }));
  expect(widths.page, `${path}: page`).toBeLessThanOrEqual(PHONE.width);
  expect(widths.main, `${path}: main`).toBeLessThanOrEqual(PHONE.width);
  expect(Math.max(0, ...widths.tables), `${path}: widest table`).toBeLessThanOrEqual(PHONE.width);
}

test("every owner page fits a 375 px phone in English, Spanish and Catalan, with long names and addresses", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tags = [uniqueTag("mostrador"), uniqueTag("terrassa-exterior"), uniqueTag("entrada-principal")];
  const { businessId } = await signUpOwner(page, {
    tagId: tags[0],
    name: `Pastisseria i Forn de Pa Tradicional Cal Montserrat ${Date.now()}`,
  });
  // Several programs and tags, made through the owner's forms.
  for (const name of ["Targeta de cafès i esmorzars de cada dia", "Punts de la pastisseria artesana"]) {
    await page.goto(`/dashboard/program/create?businessId=${businessId}`);
    await createProgram(page, "en", name);
  }
  for (const tagId of tags.slice(1)) {
    await page.goto(`/dashboard/tag/claim/${tagId}?tagId=${tagId}`);
    const claim = page.getByRole("button", { name: "Claim Tag" });
    await expectHydrated(claim);
    await claim.click();
    await expect(page.getByText(`Tag ${tagId} now opens your business card.`)).toBeVisible();
  }
  // Customers with long names and long addresses, each with a visit.
  const people = [
    ["Maria Dolors", "Puigdevall i Casademunt"],
    ["Joan Baptista", "Fernández de Castro-Vilanova"],
    ["Francesc Xavier", "Rodríguez-Monteverde i Soler"],
    ["Anna", "Bosch"],
  ];
  for (const [first, last] of people) {
    const customer = await newCustomer(first!, last!);
    await tapAs(customer.api, tags[0]!);
    await customer.api.dispose();
  }
  // The pages with ids of their own: a customer's card, a program's page.
  await page.goto(`/dashboard/business/${businessId}/customers`);
  const customerHref = await page.getByRole("main").locator('a[href*="/customers/"]').first().getAttribute("href");
  await page.goto(`/dashboard/business/${businessId}`);
  const programHref = await page
    .getByRole("main")
    .locator('a[href^="/dashboard/program/"]:not([href*="create"])')
    .first()
    .getAttribute("href");
  expect(customerHref).toBeTruthy();
  expect(programHref).toBeTruthy();

  const business = `/dashboard/business/${businessId}`;
  const pages = [
    "/dashboard",
    `${business}/customers`,
    customerHref!,
    business,
    programHref!,
    `${business}/insights`,
    `${business}?tab=tags`,
    `/dashboard/tag/${tags[1]}/qr`,
    `/dashboard/tag/${tags[1]}/secure`,
    `/dashboard/tag/${tags[1]}/write`,
    `${business}?tab=card`,
    `${business}?tab=profile`,
    `${business}/staff`,
    "/dashboard/redeem-reward",
  ];
  for (const language of ["en", "es", "ca"] as const) {
    await chooseLanguage(page, language);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoSidewaysScroll(page, `${language} ${path}`);
    }
    // The customers as cards: each card's name leads to the customer's card, the long address on one line.
    await page.goto(`${business}/customers`);
    const card = page.getByTestId("customer-card").filter({ hasText: "Puigdevall i Casademunt" });
    await expect(card).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    const email = card.locator("[title*='@']");
    await expect(email).toHaveAttribute("title", /^maria-dolors\.puigdevall-i-casademunt-.*@correu-electronic/);
    expect((await email.boundingBox())!.height).toBeLessThan(30);
    await page.screenshot({ path: `${SHOTS_DIR}/owner-customers-${language}.png`, fullPage: true });
    await card.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: "Maria Dolors Puigdevall i Casademunt" })).toBeVisible();
  }
});

const WORDS = {
  es: {
    steps: [
      "Da de alta una etiqueta",
      "Crea un programa de fidelidad",
      "Imprime el QR de la etiqueta o grábala",
      "Acerca el móvil a la etiqueta con una cuenta de cliente",
    ],
    done: "hecho",
    todo: "pendiente",
    hint: "Tu etiqueta está lista, pero los clientes aún no tienen nada que conseguir.",
    noPrograms: "Este negocio aún no ha empezado ningún programa de fidelidad",
    mark: "Ya he impreso o grabado esta etiqueta",
    hide: "Ocultar esta lista",
  },
  ca: {
    steps: [
      "Dona d'alta una etiqueta",
      "Crea un programa de fidelitat",
      "Imprimeix el QR de l'etiqueta o grava-la",
      "Apropa el mòbil a l'etiqueta amb un compte de client",
    ],
    done: "fet",
    todo: "pendent",
    hint: "La teva etiqueta ja està a punt, però els clients encara no tenen res per aconseguir.",
    noPrograms: "Aquest negoci encara no ha començat cap programa de fidelitat",
    mark: "Ja he imprès o gravat aquesta etiqueta",
    hide: "Amaga aquesta llista",
  },
} as const;

/** A step's line: its link, then its state in words (a done step's tick before it is drawn, not read). */
const stepText = (step: string, state: string) =>
  new RegExp(`${step.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(${state}\\)$`);

for (const language of ["es", "ca"] as const) {
  const words = WORDS[language];

  /** Each step's state as the checklist says it (its hidden word for those who cannot see the tick). */
  async function expectSteps(page: Page, states: ("done" | "todo")[], check: typeof expect = expect) {
    await page.goto("/dashboard");
    const list = page.getByTestId("first-steps");
    await check(list.getByRole("listitem")).toHaveText(words.steps.map((step, i) => stepText(step, words[states[i]!])));
  }

  test(`${language}: a new owner's first steps lead to where each is done and tick as they are`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const businessId = await signUpNewOwner(page, language, `Forn ${language} ${Date.now()}`);
    // Soft until the visitor's page: each of the list, the tags' hint and that page is checked (and reported) even
    // when another is missing.
    await expectSteps(page, ["todo", "todo", "todo", "todo"], expect.soft);
    const list = page.getByTestId("first-steps");
    // With no tag yet, the tag's steps lead to the tags.
    const tags = `/dashboard/business/${businessId}?tab=tags`;
    const hrefs = ["/dashboard/tag/claim", `/dashboard/program/create?businessId=${businessId}`, tags, tags];
    for (const [step, href] of hrefs.entries())
      await expect.soft(list.getByRole("link", { name: words.steps[step] })).toHaveAttribute("href", href);
    await page.screenshot({ path: `${SHOTS_DIR}/owner-first-steps-${language}.png`, fullPage: true });

    // Claim a tag where the first step leads: the owner lands on the tags, told to create a program.
    const tagId = uniqueTag("forn");
    await page.goto("/dashboard/tag/claim");
    const field = page.getByLabel(catalog(language, "tags", "claim.tagId"));
    await expectHydrated(field);
    await field.fill(tagId);
    await page.getByRole("button", { name: catalog(language, "tags", "claim.submit") }).click();
    const hint = page.getByTestId("tags-no-programs");
    await expect.soft(hint).toContainText(words.hint);
    await expectSteps(page, ["done", "todo", "todo", "todo"], expect.soft);

    // A visitor at this tag is told there is nothing to earn yet, and not invited to.
    const visitorContext = await browser.newContext({ viewport: PHONE, locale: `${language}-ES` });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/tap?id=${tagId}&lang=${language}`);
    await expect.soft(visitor.getByText(words.noPrograms)).toBeVisible();
    await expect(visitor.getByRole("link", { name: catalog(language, "tap", "join.linkMe") })).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: catalog(language, "tap", "guest.start") })).toHaveCount(0);
    await visitor.screenshot({ path: `${SHOTS_DIR}/owner-no-programs-tag-${language}.png`, fullPage: true });
    if (language === "es") {
      await visitor.goto(`/tap?id=${tagId}&lang=en`);
      await expect(visitor.getByText("This business hasn't started a loyalty program yet")).toBeVisible();
      await visitor.screenshot({ path: `${SHOTS_DIR}/owner-no-programs-tag-en.png`, fullPage: true });
    }
    await visitorContext.close();

    // The hint and the second step both lead to the program form, for this business.
    await page.goto(`/dashboard/business/${businessId}?tab=tags`);
    await expect(hint).toContainText(words.hint);
    await page.screenshot({ path: `${SHOTS_DIR}/owner-tags-hint-${language}.png`, fullPage: true });
    await hint.getByRole("link").click();
    await expectPath(page, `/dashboard/program/create?businessId=${businessId}`);
    await page.goto("/dashboard");
    await list.getByRole("link", { name: words.steps[1] }).click();
    await expectPath(page, `/dashboard/program/create?businessId=${businessId}`);
    await createProgram(page, language, "Targeta del forn");
    await expectSteps(page, ["done", "done", "todo", "todo"]);

    // Print or write: the tag's QR page, where the owner says it is done.
    await list.getByRole("link", { name: words.steps[2] }).click();
    await expectPath(page, `/dashboard/tag/${tagId}/qr`);
    const mark = page.getByRole("button", { name: words.mark });
    await expectHydrated(mark);
    await mark.click();
    await expect(page.getByTestId("tag-prepared")).toBeVisible();
    await expectSteps(page, ["done", "done", "done", "todo"]);

    // Tap it with a customer account: the last step's link is the tag's own page; then the list is gone.
    const tapHref = await list.getByRole("link", { name: words.steps[3] }).getAttribute("href");
    expect(tapHref).toBe(`/tap?id=${tagId}`);
    const customer = await newCustomer("Pere", "Client");
    await tapAs(customer.api, tagId);
    await customer.api.dispose();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`Forn ${language}`) })).toBeVisible();
    await expect(page.getByTestId("first-steps")).toHaveCount(0);
  });
}

test("ca: a signed-in customer at a business with no program is told so as the tag page says it, and the owner can hide the list", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const words = WORDS.ca;
  const tagId = uniqueTag("sense-programa");
  const owner = await signUpOwner(page, { tagId, name: `Bar sense programa ${Date.now()}` });

  const customerContext = await browser.newContext({ viewport: PHONE, locale: "ca-ES" });
  const customer = await customerContext.newPage();
  const response = await customer.request.post("/api/auth/register", {
    headers: { ...SAME_ORIGIN, "Accept-Language": ACCEPT.ca },
    data: {
      email: uniqueEmail("sense"),
      password: "a good password",
      metadata: { first_name: "Laia", last_name: "Vila" },
    },
  });
  expect(response.status()).toBe(201);
  await customer.goto(`/tap?id=${tagId}`);
  // Their visit is recorded and the overlay says there is no program yet; the list says none is running.
  const overlay = customer.getByRole("dialog", { name: catalog("ca", "tap", "result.noProgramTitle") });
  await expect(overlay).toBeVisible();
  await overlay.getByRole("button", { name: catalog("ca", "tap", "result.ok") }).click();
  await expect(customer.getByText(catalog("ca", "tap", "programs.empty"))).toBeVisible();
  await expect(customer.getByText(words.noPrograms)).toHaveCount(0);
  await expect(customer.getByRole("button", { name: catalog("ca", "tap", "guest.start") })).toHaveCount(0);
  await customer.screenshot({ path: `${SHOTS_DIR}/owner-no-programs-signed-in-ca.png`, fullPage: true });
  await customerContext.close();

  // The owner's English screens: the list, and the tags' hint to create a program.
  const { businessId } = owner;
  await page.goto("/dashboard");
  await expect(page.getByTestId("first-steps")).toContainText("Create a loyalty program");
  await page.screenshot({ path: `${SHOTS_DIR}/owner-first-steps-en.png`, fullPage: true });
  await page.goto(`/dashboard/business/${businessId}?tab=tags`);
  await expect(page.getByTestId("tags-no-programs")).toContainText(
    "Your tag is ready, but customers have nothing to collect yet.",
  );
  await page.screenshot({ path: `${SHOTS_DIR}/owner-tags-hint-en.png`, fullPage: true });

  // The customer's visit ticked the tag's steps; the program is still to do. The owner hides the list.
  await chooseLanguage(page, "ca");
  await page.goto("/dashboard");
  const list = page.getByTestId("first-steps");
  await expect(list.getByRole("listitem")).toHaveText([
    stepText(words.steps[0], words.done),
    stepText(words.steps[1], words.todo),
    stepText(words.steps[2], words.done),
    stepText(words.steps[3], words.done),
  ]);
  const hide = list.getByRole("button", { name: words.hide });
  await expectHydrated(hide);
  await hide.click();
  await expect(page.getByTestId("first-steps")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("first-steps")).toHaveCount(0);
});
