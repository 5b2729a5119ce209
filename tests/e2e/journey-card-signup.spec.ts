import { expect, test } from "@playwright/test";
import {
  expectPath,
  expectSessionRecorded,
  signUpCustomer,
  signUpOwner,
  uniqueEmail,
  uniqueTag,
  liveQrPath,
} from "./support";

// A visitor sent by a search engine to a café's public card creates their card
// there: the café is remembered by the sign-up itself, so the wallet shows it,
// the owner's scan of their QR finds them linked, and their first tap needs no
// "Link me".
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

test("a search visitor opens /b/<slug>, creates a card, and the business is remembered", async ({ page, browser }) => {
  // A whole journey of page loads: on the shared 2-core machine it needs more than the default 30 s.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const name = `Journey Cafe ${stamp}`;
  const slug = `journey-cafe-${stamp}`;
  const tagId = uniqueTag("card-journey");
  const ownerContext = await browser.newContext({ viewport: PHONE });
  const owner = await ownerContext.newPage();
  await signUpOwner(owner, { tagId, name });

  // The card, as a search result opens it: the business and a way in.
  await page.goto(`/b/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const header = page.getByRole("navigation", { name: "Main" });
  await expect(header.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.getByRole("link", { name: "Create your card" }).click();

  // The sign-up names the café (looked up from the slug on the server).
  await expectPath(page, `/register?business=${slug}`);
  await expect(page.getByText(`Create your account to collect at ${name}`)).toBeVisible();
  await page.getByLabel("First name").fill("Marta");
  await page.getByLabel("Last name").fill("Soler");
  await page.getByLabel("Email").fill(uniqueEmail("card-journey"));
  await page.getByLabel("Password", { exact: true }).fill("a good password");
  await page.getByLabel("Confirm password").fill("a good password");
  await page.getByRole("button", { name: "Create account" }).click();

  // Straight to the wallet, where the café's card already is.
  await expectPath(page, "/dashboard/wallet");
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  // The wallet's HTML shows before it is hydrated; the card's header reads what it records then.
  await expectSessionRecorded(page);

  // Back on the (cached) card, the header knows who is signed in.
  await page.goto(`/b/${slug}`);
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Log in" })).toHaveCount(0);

  // The owner scans the customer's QR: linked already, nothing to ask.
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: string } };
  await owner.goto(liveQrPath(me.user.id));
  await expect(owner.getByText(`Marta S. is linked to ${name}.`)).toBeVisible();
  await expect(owner.getByRole("button", { name: `Link to ${name}` })).toHaveCount(0);

  // A later tap records the visit at once: no "Link me". The café runs no program
  // yet, so the answer is a modal dialog, which may open before the page is read:
  // while it is open, the page under it is hidden from assistive technology (and
  // so from getByRole). The page is read once the dialog is closed.
  await page.goto(`/tap?id=${tagId}`);
  const dialog = page.getByRole("dialog", { name: "No Loyalty Program" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Visit recorded" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Link me" })).toHaveCount(0);
  await ownerContext.close();
});

test("a signed-in customer adds a card's business to their wallet in one tap", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const name = `Wallet Bakery ${stamp}`;
  const slug = `wallet-bakery-${stamp}`;
  const ownerContext = await browser.newContext({ viewport: PHONE });
  await signUpOwner(await ownerContext.newPage(), { tagId: uniqueTag("wallet"), name });
  await ownerContext.close();
  await signUpCustomer(page, "wallet-journey");

  await page.goto(`/b/${slug}`);
  await page.getByRole("link", { name: "Create your card" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Collect at ${name}` })).toBeVisible();
  await page.getByRole("button", { name: "Add to my wallet" }).click();
  await expectPath(page, "/dashboard/wallet");
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
});
