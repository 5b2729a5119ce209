import { expect, test, type Page } from "@playwright/test";
import { e2ePort } from "./port";
import { createStampsProgram, mailedTo, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// The notification mails as a person meets them (docs/notifications.md): the
// server's own worker sends them (the e2e server writes each to its outbox as
// an .eml file), and the unsubscribe link in the mail, opened in the browser
// without logging in, stops them with one click.

const ORIGIN = `http://127.0.0.1:${e2ePort()}`;

/** The address of a link in the mail's plain-text part: "<label>: <url>". */
function linkAfter(mail: string, label: string): string {
  const url = new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: (\\S+)`).exec(mail)?.[1];
  expect(url, `"${label}" in the mail`).toBeTruthy();
  const parsed = new URL(url!);
  return parsed.pathname + parsed.search;
}

async function notificationsSwitch(page: Page) {
  await page.goto("/dashboard/settings");
  return page.getByRole("checkbox", { name: /Notifications/ });
}

test("a welcome mail's link stops every notification mail with one click, and Settings shows the switch off", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = await signUpCustomer(page, "welcome-mail");
  const mail = await mailedTo(email, (text) => text.includes("Subject: Welcome to Loyaltap"));
  expect(mail).toContain("Content-Type: multipart/alternative");
  expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=[^>]+>$/m);
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const link = linkAfter(mail, "Stop all mails from Loyaltap");

  // Opened from the mail program: no session in that browser.
  const reader = await browser.newPage();
  await reader.goto(link);
  await expect(reader.getByRole("heading", { name: "Stop all mails from Loyaltap?" })).toBeVisible();
  // Opening the link changed nothing yet (mail scanners open links too).
  await expect(await notificationsSwitch(page)).toBeChecked();

  await reader.getByRole("button", { name: "Stop these mails" }).click();
  await expect(reader.getByRole("status")).toHaveText(
    "Notifications are off. You will no longer get notification mails from Loyaltap.",
  );
  await expect(await notificationsSwitch(page)).not.toBeChecked();
  await expect(page.getByText("Off stops them all")).toBeVisible();

  await reader.getByRole("button", { name: "I changed my mind" }).click();
  await expect(reader.getByRole("status")).toHaveText("Notifications are back on.");
  await expect(await notificationsSwitch(page)).toBeChecked();
  await reader.close();
});

test("a reward mail names the reward and its code, and its link stops that business's mails", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tagId = uniqueTag("mail");
  const name = `Forn ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId, name });
  await createStampsProgram(page, businessId, { name: "Bread card", stamps: 1, reward: "Free loaf" });

  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  const email = await signUpCustomer(customerPage, "reward-mail");
  const tap = await customerPage.request.post("/api/tap", { headers: { origin: ORIGIN }, data: { id: tagId } });
  expect(tap.status()).toBe(200);

  const mail = await mailedTo(email, (text) => text.includes(`Subject: You earned Free loaf at ${name}`));
  const code = /Reward code: (\S+)/.exec(mail)?.[1];
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  expect(mail).toContain(`show this code at the counter of ${name}`);
  expect(mail).toContain(`>${code}</div>`);

  // The button opens the reward's page with the same code, for the signed-in customer.
  await customerPage.goto(linkAfter(mail, "Open my reward"));
  await expect(customerPage.getByTestId("reward-code")).toHaveText(code!);

  const reader = await browser.newPage();
  await reader.goto(linkAfter(mail, `Stop mails from ${name}`));
  await expect(reader.getByRole("heading", { name: `Stop mails from ${name}?` })).toBeVisible();
  await reader.getByRole("button", { name: "Stop these mails" }).click();
  await expect(reader.getByRole("status")).toHaveText(`You will no longer get mails from ${name}.`);
  await reader.close();
  await customer.close();
});

test("a changed link is refused and changes nothing", async ({ page }) => {
  await page.goto("/unsubscribe?token=eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop these mails" })).toHaveCount(0);
  await page.goto("/unsubscribe");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});
