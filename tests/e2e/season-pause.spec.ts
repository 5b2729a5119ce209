import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createStampsProgram, expectHydrated, mailedTo, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// Closed for a season and deleting a business (docs/business-lifecycle.md),
// as the owner and a customer live them on their phones.

test.use({ viewport: { width: 375, height: 812 } });

// The screenshots of the closed notice and the delete flow (`SHOTS_DIR`, else test-results/shots).
const SHOTS = process.env.SHOTS_DIR || "test-results/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A day `days` after today on the demo businesses' clock (Madrid), as YYYY-MM-DD, and as the English pages write it ("1 March"). */
function madridDayAhead(days: number): { iso: string; written: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const written = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long" }).format(day);
  return { iso: day.toISOString().slice(0, 10), written };
}

test("the owner closes for the season; a customer's tap is told kindly and counts nothing; reopened, the tap counts", async ({
  page,
  browser,
}) => {
  test.slow();
  const tagId = uniqueTag("season");
  const name = `Gelateria ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name });
  await createStampsProgram(page, businessId, { name: "Ice cream card", stamps: 5, reward: "Free cone" });

  // The business's settings: closed until a day a month ahead.
  const until = madridDayAhead(30);
  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  const section = page.getByTestId("season-pause");
  await expect(section.getByTestId("season-pause-status")).toHaveText("Your business is open.");
  await expectHydrated(section.getByRole("button", { name: "Close for the season" }));
  await section.getByLabel("Until a date").check();
  await section.getByLabel("Reopening day").fill(until.iso);
  await section.getByRole("button", { name: "Close for the season" }).click();
  await expect(section.getByTestId("season-pause-status")).toHaveText(`Closed for the season until ${until.written}.`);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "season-pause-owner-settings");

  // A customer taps: told the business is closed and until when, and that the card is safe.
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "season");
  await customer.goto(`/tap?id=${tagId}`);
  const closed = customer.getByTestId("closed-result");
  await expect(closed).toContainText("Closed for the season");
  await expect(closed).toContainText(`${name} is closed for the season until ${until.written}. Your card is safe.`);
  await expect(customer.getByText("Progress updated")).toHaveCount(0);
  await shot(customer, "season-pause-tap-closed");

  // A visitor on the tag's (cached) page reads the same notice, with no invitation to start a card.
  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tap?id=${tagId}`);
  await expect(visitor.getByTestId("closed-notice")).toContainText(`Closed for the season until ${until.written}.`);
  await expect(visitor.getByRole("link", { name: "Link me" })).toHaveCount(0);
  await shot(visitor, "season-pause-tap-visitor");
  await visitorContext.close();

  // The owner reopens: the customer's next tap counts.
  await page.getByTestId("reopen-business").click();
  await expect(section.getByTestId("season-pause-status")).toHaveText("Your business is open.");
  await customer.goto(`/tap?id=${tagId}`);
  await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await expect(customer.getByTestId("closed-result")).toHaveCount(0);
  await customerContext.close();
});

test("the owner deletes a business after the exports and typing its name; its customer is told, its tag is free again", async ({
  page,
  browser,
}) => {
  test.slow();
  const tagId = uniqueTag("gone");
  const name = `Bakery to close ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name });
  await createStampsProgram(page, businessId, { name: "Bread card", stamps: 5, reward: "Free loaf" });

  // A customer with a card there.
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  const customerEmail = await signUpCustomer(customer, "gone");
  await customer.goto(`/tap?id=${tagId}`);
  await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await customerContext.close();

  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  await page.getByRole("link", { name: "Delete this business…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Delete ${name}`);

  // First the exports: one CSV per kind, each a download of the export route.
  const exports = page.getByTestId("delete-export");
  for (const kind of ["Customers", "Visits", "Rewards"])
    await expect(exports.getByRole("link", { name: `${kind} (CSV)` })).toHaveAttribute(
      "href",
      `/api/business/${businessId}/export?kind=${kind.toLowerCase()}`,
    );
  const download = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Customers (CSV)" }).click();
  expect((await download).suggestedFilename()).toMatch(/customers.*\.csv$/);
  await shot(page, "business-delete-exports");
  await expectHydrated(exports.getByRole("button", { name: "I have what I need: continue" }));
  await exports.getByRole("button", { name: "I have what I need: continue" }).click();

  // Then the name, typed: a wrong one is refused and nothing is deleted.
  const confirm = page.getByTestId("delete-confirm");
  await confirm.getByLabel("Type the business's name to confirm").fill(`${name} X`);
  await confirm.getByLabel("Password").fill("a good password");
  await confirm.getByRole("button", { name: "Delete this business for good" }).click();
  await expect(confirm.getByText("That is not the business's name. Type it exactly as it is written.")).toBeVisible();
  await confirm.getByLabel("Type the business's name to confirm").fill(name);
  await shot(page, "business-delete-confirm");
  await confirm.getByRole("button", { name: "Delete this business for good" }).click();

  // The owner lands on the dashboard, which confirms it; the account stays signed in.
  await expect(page).toHaveURL(/\/dashboard\?deleted=/);
  await expect(page.getByTestId("business-deleted")).toHaveText(
    `${name} was deleted. Its customers with an email address are being told.`,
  );
  await shot(page, "business-delete-done");
  await page.goto(`/dashboard/business/${businessId}`);
  await expect(page.getByText("Page not found")).toBeVisible();

  // The customer is told by mail, and the tag is free to claim again.
  expect(await mailedTo(customerEmail, (mail) => mail.includes(`Subject: Your card at ${name} was deleted`))).toContain(
    "Your account and your cards at other businesses are not affected.",
  );
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tap?id=${tagId}`);
  await expect(visitor.getByRole("heading", { name: "Tag Available" })).toBeVisible();
  await visitorContext.close();
});
