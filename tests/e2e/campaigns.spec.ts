import { expect, test, type Browser, type Page } from "@playwright/test";
import { browserSubscription, decryptPush, startPushService } from "../support/push-service";
import { seriousViolations } from "./axe";
import { e2ePushPort } from "./port";
import { runSql, sqlRows } from "./server";
import {
  createStampsProgram,
  expectHydrated,
  mailedTo,
  mailsTo,
  signUpCustomer,
  signUpOwner,
  uniqueTag,
  SHOTS_DIR,
} from "./support";

// Outreach from the owner's side and the customer's: the owner writes a
// campaign, sees it on each channel, sends themself a test and sends it; the
// delivery report and the results follow. A staff member finds none of it
// (404), and a customer turns offers and news from the business on and off.
// DOC_SHOTS=1 also writes the composer and results pictures of docs/campaigns.md.

const MESSAGE = "We miss you! Your next coffee is on us this week.";

/** `docs` also writes the picture of docs/campaigns.md under DOC_SHOTS=1 (the journey's, with real data). */
async function shot(page: Page, name: string, docs = false) {
  // From the top, so the sticky preview sits beside the form as an owner first sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
  if (docs && process.env.DOC_SHOTS) await page.screenshot({ path: `docs/images/${name}.png`, fullPage: true });
}

/** Scanned once the toasts have gone: a toast fading out is a contrast nobody reads. */
async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/** A signed-in account's id, as the app reports it. */
async function accountId(page: Page): Promise<string> {
  const me = await page.request.get("/api/auth/me");
  return ((await me.json()) as { user: { id: string } }).user.id;
}

/** A customer of the café (one visit through its tag), signed in in a context of their own. */
async function cafeCustomer(browser: Browser, tagId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpCustomer(page, "outreach");
  await page.goto(`/tap?id=${tagId}`);
  await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  return { context, page };
}

test("an owner writes a campaign, previews it on each channel, sends a test, sends it and reads its report and results", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cafe = `Campaign Café ${Date.now()}`;
  const { businessId, email: ownerEmail } = await signUpOwner(page, { name: cafe });
  const base = `/dashboard/business/${businessId}/campaigns`;

  // The bar of the business's pages leads to the campaigns.
  await page.goto(`/dashboard/business/${businessId}/insights`);
  await page.getByRole("navigation", { name: "Business sections" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  await expect(page.getByText("No campaigns yet. Start one to bring lapsed customers back.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Automations" })).toHaveAttribute("href", `${base}/automations`);
  // The sending rules start at one message a week, quiet from 21:00 to 09:00.
  await expect(page.getByLabel("At most (messages)")).toHaveValue("1");
  await expect(page.getByLabel("per (days)")).toHaveValue("7");
  await expect(page.getByLabel("Quiet from")).toHaveValue("21:00");
  await expect(page.getByLabel("until")).toHaveValue("09:00");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("per (days)").fill("14");
  // No quiet hours (equal ends), so "Send now" goes now whatever the hour is on the business's clock.
  await page.getByLabel("Quiet from").fill("00:00");
  await page.getByLabel("until").fill("00:00");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText("Sending rules saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("per (days)")).toHaveValue("14");

  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page.getByRole("heading", { name: "New campaign", level: 1 })).toBeVisible();
  const name = page.getByLabel("Campaign name");
  await expectHydrated(name);
  await name.fill("We miss you");

  // The counter follows the message, and over 240 characters the campaign is not saved.
  const message = page.getByLabel("Message", { exact: true });
  await message.fill("a".repeat(241));
  await expect(page.getByTestId("message-counter")).toHaveText("241 / 240");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Keep the message to 240 characters.").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/new$`));
  await message.fill(MESSAGE);
  await expect(page.getByTestId("message-counter")).toHaveText(`${MESSAGE.length} / 240`);

  // The preview shows the message as the card, the notification and the mail carry it.
  await expect(page.getByTestId("preview-wallet")).toContainText(MESSAGE);
  await expect(page.getByTestId("preview-push")).toContainText(MESSAGE);
  await expect(page.getByTestId("preview-email")).toContainText(MESSAGE);

  // A one-off reward as the offer; one customer in ten is held out, and the page says why.
  await page.getByLabel("What they get").selectOption({ label: "A one-off reward" });
  await page.getByLabel("Reward", { exact: true }).fill("A free cortado");
  await expect(page.getByLabel("Valid for (days)")).toHaveValue("14");
  await expect(page.getByLabel("Held out (%)")).toHaveValue("10");
  await expect(page.getByText("10% get nothing, so we can measure what the message caused.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "campaign-composer-reward");

  // A test to the owner saves the draft first; an owner without notifications is reached by mail only.
  await page.getByRole("button", { name: "Send me a test" }).click();
  await expect(page.getByText("Test sent to you by Email.")).toBeVisible();
  const testMail = await mailedTo(ownerEmail, (mail) => mail.includes(MESSAGE));
  expect(testMail).toContain(`Subject: [Test] News from ${cafe}`);
  await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "We miss you", level: 1 })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Reward", { exact: true })).toHaveValue("A free cortado");

  // Sent now: the page follows it out, with the delivery per channel (a wallet card never reports opens).
  const send = page.getByRole("button", { name: "Send now" });
  await expectHydrated(send);
  await send.click();
  // The page follows the campaign while the queue starts it.
  await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^(Sending|Sent)$/).first()).toBeVisible();
  const wallet = page.getByTestId("delivery-table").getByRole("row", { name: /Wallet card/ });
  await expect(wallet.getByRole("cell").nth(3)).toHaveText("—");
  await expect(page.getByRole("button", { name: "Cancel campaign" })).toHaveCount(0);
  await toastsGone(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The list has it with its status.
  await page.goto(base);
  const row = page.getByTestId("campaigns-table").getByRole("row", { name: /We miss you/ });
  await expect(row.getByText(/^(Sending|Sent)$/)).toBeVisible();

  // A business with no customers yet sent to nobody: its results say so instead of showing empty tables
  // (the journey below reads them with customers).
  await page.goto(`${campaignPath}/results`);
  await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Nobody matched this campaign's conditions, so there is nothing to compare."),
  ).toBeVisible();
  await expect(page.getByTestId("window-7")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Offers redeemed: \d+$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "campaign-results-empty");
});

const DAY_MS = 86_400_000;
const COMEBACK = "Come back this week: two stamps on us when you do.";

/**
 * A customer of the café who opted in to its offers: signed up, one visit
 * `daysAgo` days ago (the tap made with the e2e server's test clock), the
 * switch on their wallet card turned on today.
 */
async function optedInCustomer(browser: Browser, tagId: string, cafe: string, label: string, daysAgo: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpCustomer(page, label);
  await page.setExtraHTTPHeaders({ "x-loyaltap-now": new Date(Date.now() - daysAgo * DAY_MS).toISOString() });
  await page.goto(`/tap?id=${tagId}`);
  await expect(page.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await page.setExtraHTTPHeaders({});
  await page.goto("/dashboard/wallet");
  const optIn = page
    .getByRole("article", { name: cafe })
    .getByRole("switch", { name: `Send me offers and news from ${cafe}` });
  await expectHydrated(optIn);
  await optIn.check();
  await expect(page.getByText(`You will get offers and news from ${cafe}.`)).toBeVisible();
  return { context, page, email, userId: await accountId(page) };
}

/**
 * Sending rules without quiet hours (equal ends), so "now" is never held back whatever the hour is in the
 * business's time zone; the cap stays at one message a week, which nobody has had yet.
 */
async function withoutQuietHours(page: Page, base: string) {
  await page.goto(base);
  const quietFrom = page.getByLabel("Quiet from");
  await expectHydrated(quietFrom);
  await quietFrom.fill("00:00");
  await page.getByLabel("until").fill("00:00");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText("Sending rules saved.")).toBeVisible();
}

/** From the campaigns list: a new campaign to the two customers away 30 days or more, with 2 bonus stamps. */
async function composeLapsedWithStamps(page: Page, campaign: string, heldOutPercent: number) {
  await page.getByRole("link", { name: "New campaign" }).click();
  const name = page.getByLabel("Campaign name");
  await expectHydrated(name);
  await name.fill(campaign);
  // The real segment builder: members who haven't visited in 30 days, counted live.
  await page.getByRole("checkbox", { name: "Haven't visited in" }).check();
  await page.getByLabel("Haven't visited in (days)").fill("30");
  await expect(page.getByText(/^2 members · 2 reachable/)).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill(COMEBACK);
  await page.getByLabel("What they get").selectOption({ label: "Bonus stamps" });
  await page.getByLabel("Program", { exact: true }).selectOption({ label: "Coffee card" });
  await page.getByLabel("How many").fill("2");
  await page.getByLabel("Held out (%)").fill(String(heldOutPercent));
}

test("a lapsed-customers campaign with bonus stamps reaches them by mail, adds the stamps and shows in the results", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tagId = uniqueTag("journey");
  const cafe = `Lapsed Cafe ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name: cafe });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 10, reward: "Free coffee" });
  const base = `/dashboard/business/${businessId}/campaigns`;

  // Two lapsed customers (last visit 40 and 35 days ago) who said yes to the café's news, and a regular who came
  // in yesterday and said yes too: the campaign is for the first two only.
  const lapsed = [
    await optedInCustomer(browser, tagId, cafe, "lapsed-a", 40),
    await optedInCustomer(browser, tagId, cafe, "lapsed-b", 35),
  ];
  const regular = await optedInCustomer(browser, tagId, cafe, "regular", 1);

  try {
    await withoutQuietHours(page, base);

    // Half held out: the seeded draw decides who, and the test reads it once it is made.
    await composeLapsedWithStamps(page, "Lapsed 30 days", 50);
    await expect(page.getByTestId("preview-push")).toContainText(COMEBACK);
    await expect(page.getByTestId("preview-email")).toContainText(COMEBACK);
    await expect(page.getByTestId("preview-wallet")).toContainText(COMEBACK);
    await toastsGone(page);
    await shot(page, "campaign-composer", true);

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
    const campaignPath = new URL(page.url()).pathname;
    const send = page.getByRole("button", { name: "Send now" });
    await expectHydrated(send);
    await send.click();
    // Who the draw held out (recorded on each recipient when the campaign was sent).
    let drawn: { email: string; heldOut: boolean }[] = [];
    // Read once "Send now" has written them (the click does not wait for it).
    await expect
      .poll(async () => {
        drawn = await sqlRows<{ email: string; heldOut: boolean }>(
          `SELECT u."email", r."heldOut" FROM "CampaignRecipient" r JOIN "User" u ON u."id" = r."userId"
           WHERE r."campaignId" = $1`,
          [campaignPath.split("/").pop()],
        );
        return drawn.length;
      })
      .toBe(2);
    expect(drawn.map((row) => row.email).sort()).toEqual(lapsed.map((customer) => customer.email).sort());
    const heldOutEmails = new Set(drawn.filter((row) => row.heldOut).map((row) => row.email));
    const messagedCount = lapsed.length - heldOutEmails.size;
    // The queue's worker takes it up within moments; reloaded until the delivery report has it all:
    // the messaged reached by mail (no wallet card or notifications here), the held out counted apart.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(`2 recipients, ${heldOutEmails.size} held out`)).toBeVisible({ timeout: 1_000 });
      await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    const mailed = page.getByTestId("delivery-table").getByRole("row", { name: /Email/ }).getByRole("cell").nth(1);
    await expect(mailed).toHaveText(String(messagedCount));

    // Each messaged customer gets the mail in the café's name and the two stamps (one stamp from the
    // visit, two from the campaign); the held out and the regular get neither.
    for (const customer of lapsed) {
      const held = heldOutEmails.has(customer.email);
      // The campaign is Sent: every mail it sends is in the outbox already.
      if (held) expect((await mailsTo(customer.email)).filter((text) => text.includes(COMEBACK))).toEqual([]);
      else expect(await mailedTo(customer.email, (text) => text.includes(COMEBACK))).toContain(`News from ${cafe}`);
      await customer.page.goto("/dashboard/wallet");
      await expect(
        customer.page
          .getByRole("article", { name: cafe })
          .getByRole("progressbar", { name: "Your progress in Coffee card" }),
      ).toHaveAttribute("aria-valuenow", held ? "1" : "3");
    }
    expect((await mailsTo(regular.email)).filter((text) => text.includes(COMEBACK))).toEqual([]);
    await regular.page.goto("/dashboard/wallet");
    await expect(
      regular.page
        .getByRole("article", { name: cafe })
        .getByRole("progressbar", { name: "Your progress in Coffee card" }),
    ).toHaveAttribute("aria-valuenow", "1");

    // The results: the messaged and the held out side by side, in every window.
    await page.goto(`${campaignPath}/results`);
    await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
    for (const days of [7, 14, 30]) {
      const window = page.getByTestId(`window-${days}`);
      const messaged = window.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Messaged" }) });
      const heldOut = window.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Held out" }) });
      await expect(messaged.getByRole("cell").first()).toHaveText(String(messagedCount));
      await expect(heldOut.getByRole("cell").first()).toHaveText(String(heldOutEmails.size));
      // Two customers can never show an effect: the page says so rather than guess.
      await expect(window.getByTestId(`window-${days}-lift`)).toHaveText("Not enough data yet.");
    }
    await expect(page.getByRole("heading", { name: "Offers redeemed: 0" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "campaign-results", true);
  } finally {
    await Promise.all([...lapsed, regular].map((customer) => customer.context.close()));
  }
});

test("a campaign reaches each customer once on their best channel: a push to the one whose browser takes notifications, a mail to the other", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tagId = uniqueTag("channels");
  const cafe = `Channels Cafe ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name: cafe });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 10, reward: "Free coffee" });
  const base = `/dashboard/business/${businessId}/campaigns`;
  // The browser vendors' push service, stood in for on the port the server was told of.
  const pushService = await startPushService(e2ePushPort());
  const withBrowser = await optedInCustomer(browser, tagId, cafe, "push-a", 40);
  const mailOnly = await optedInCustomer(browser, tagId, cafe, "mail-b", 35);
  try {
    // withBrowser's browser subscribed to notifications (the browser's side of that is
    // tests/e2e/push.spec.ts's): its subscription, at the stand-in, with keys this test holds.
    const subscription = browserSubscription(pushService);
    await runSql(
      `INSERT INTO "PushSubscription" ("id", "userId", "endpoint", "p256dh", "auth") VALUES (gen_random_uuid()::text, $1, $2, $3, $4)`,
      [withBrowser.userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
    );

    await withoutQuietHours(page, base);

    // Nobody held out, so both are messaged whatever the draw.
    await composeLapsedWithStamps(page, "Lapsed, every channel", 0);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
    const send = page.getByRole("button", { name: "Send now" });
    await expectHydrated(send);
    await send.click();
    // The page follows the campaign once the send is written; a reload before that would
    // abort the click's request on a busy machine, and the campaign would stay a draft.
    await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible({ timeout: 30_000 });

    await expect(async () => {
      await page.reload();
      await expect(page.getByText("2 recipients, 0 held out")).toBeVisible({ timeout: 1_000 });
      await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    const report = page.getByTestId("delivery-table");
    await expect(report.getByRole("row", { name: /Push/ }).getByRole("cell").nth(1)).toHaveText("1");
    await expect(report.getByRole("row", { name: /Email/ }).getByRole("cell").nth(1)).toHaveText("1");

    // One push, to the subscribed browser, which reads the owner's message in the café's name.
    const pushes = pushService.received.filter((push) => push.path === subscription.path);
    expect(pushes).toHaveLength(1);
    const shown = JSON.parse(decryptPush(pushes[0]!.body, subscription)) as { title: string; body: string };
    expect(shown.title).toContain(cafe);
    expect(shown.body).toContain(COMEBACK);
    // Reached once: the push customer gets no mail of it; the other gets the mail.
    expect((await mailsTo(withBrowser.email)).filter((text) => text.includes(COMEBACK))).toEqual([]);
    expect(await mailedTo(mailOnly.email, (text) => text.includes(COMEBACK))).toContain(`News from ${cafe}`);
    // The offer is in both wallets: one stamp from the visit, two from the campaign.
    for (const customer of [withBrowser, mailOnly]) {
      await customer.page.goto("/dashboard/wallet");
      await expect(
        customer.page
          .getByRole("article", { name: cafe })
          .getByRole("progressbar", { name: "Your progress in Coffee card" }),
      ).toHaveAttribute("aria-valuenow", "3");
    }
  } finally {
    await Promise.all([withBrowser, mailOnly].map((customer) => customer.context.close()));
    await pushService.close();
  }
});

test("an owner cancels a scheduled campaign before it starts", async ({ page }) => {
  const { businessId } = await signUpOwner(page);
  await page.goto(`/dashboard/business/${businessId}/campaigns/new`);
  const name = page.getByLabel("Campaign name");
  await expectHydrated(name);
  await name.fill("Next week");
  await page.getByLabel("Message", { exact: true }).fill("See you next week?");
  await page.getByLabel("At a date and time").check();
  await page.getByLabel(/^Date and time \(/).fill("2099-06-01T10:00");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Cancel campaign" }).click();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send now" })).toHaveCount(0);
});

test("a staff member gets not-found on every campaigns page and no Campaigns link", async ({ page, browser }) => {
  const { businessId } = await signUpOwner(page);
  await page.goto(`/dashboard/business/${businessId}/campaigns/new`);
  const name = page.getByLabel("Campaign name");
  await expectHydrated(name);
  await name.fill("Owner only");
  await page.getByLabel("Message", { exact: true }).fill("Not for the staff to see.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignPath = new URL(page.url()).pathname;

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signUpCustomer(staff, "campaign-staff");
  // Joining through an invitation is tests/e2e/staff.spec.ts's; here the row is written directly.
  await runSql(`INSERT INTO "BusinessStaff" ("businessId", "userId") VALUES ($1, $2)`, [
    businessId,
    await accountId(staff),
  ]);
  await staff.goto(`/dashboard/business/${businessId}/customers`);
  const bar = staff.getByRole("navigation", { name: "Business sections" });
  await expect(bar.getByRole("link", { name: "Customers" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Campaigns" })).toHaveCount(0);
  const base = `/dashboard/business/${businessId}/campaigns`;
  for (const path of [base, `${base}/new`, campaignPath, `${campaignPath}/results`]) {
    const response = await staff.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(staff.getByText("Page not found")).toBeVisible();
  }
  expect(await staff.content()).not.toContain("Not for the staff to see.");
  await context.close();
});

test("a customer turns offers and news from a business on and off, on the card and in Settings", async ({
  page,
  browser,
}) => {
  const tagId = uniqueTag("outreach");
  const cafe = `Opt-in Café ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name: cafe });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 5, reward: "Free coffee" });
  const { context, page: customer } = await cafeCustomer(browser, tagId);

  // Off until the customer says yes.
  await customer.goto("/dashboard/wallet");
  const label = `Send me offers and news from ${cafe}`;
  const onCard = customer.getByRole("article", { name: cafe }).getByRole("switch", { name: label });
  await expectHydrated(onCard);
  await expect(onCard).not.toBeChecked();
  expect(await seriousViolations(customer)).toEqual([]);
  await onCard.check();
  await expect(customer.getByText(`You will get offers and news from ${cafe}.`)).toBeVisible();
  await customer.reload();
  await expect(onCard).toBeChecked();

  // Settings lists each business with the same switch; off there is off on the card.
  await customer.goto("/dashboard/settings");
  await expect(customer.getByRole("heading", { name: "Offers and news" })).toBeVisible();
  const inSettings = customer.getByTestId("offers-consent").getByRole("switch", { name: label });
  await expectHydrated(inSettings);
  await expect(inSettings).toBeChecked();
  await toastsGone(customer);
  expect(await seriousViolations(customer)).toEqual([]);
  await inSettings.uncheck();
  await expect(customer.getByText(`No more offers and news from ${cafe}.`)).toBeVisible();
  await customer.goto("/dashboard/wallet");
  await expect(onCard).not.toBeChecked();
  await context.close();
});
