import { expect, test } from "@playwright/test";
import { expectPath, logIn, signUpOwner, uniqueTag } from "./support";

// An owner who already runs a business taps a new, unclaimed tag while logged
// out: the claim wizard's "Log in" carries the tag through log-in to the claim
// form, and the claim completes.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

test("a logged-out owner claims a second tag through log-in", async ({ page, browser }) => {
  // A whole journey of page loads: on the shared 2-core machine it needs more than the default 30 s.
  test.setTimeout(90_000);
  const name = `Second Tag Shop ${Date.now().toString(36)}`;
  const ownerContext = await browser.newContext({ viewport: PHONE });
  const { email } = await signUpOwner(await ownerContext.newPage(), { tagId: uniqueTag("first"), name });
  await ownerContext.close();

  const tagId = uniqueTag("second");
  const claimPath = `/dashboard/tag/claim/${tagId}?tagId=${tagId}`;
  await page.goto(`/tap?id=${tagId}`);
  await page.getByRole("button", { name: "Claim Tag" }).click();
  await expectPath(page, `/claim/register?tap_id=${tagId}`);

  // The wizard is for new owners; this one has an account.
  await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await expectPath(page, `/login?redirect=${encodeURIComponent(claimPath)}`);
  await logIn(page, email, "a good password");

  // The claim form, with the tag filled in and the owner's business chosen.
  await expectPath(page, claimPath);
  await expect(page.getByLabel("Tag ID")).toHaveValue(tagId);
  await expect(page.getByRole("radio", { name })).toBeChecked();
  await page.getByRole("button", { name: "Claim Tag" }).click();
  await expect(page.getByText(`Tag ${tagId} now opens your business card.`)).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/business\//);

  // The tag is the business's now: tapping it opens the owner's dashboard.
  await page.goto(`/tap?id=${tagId}`);
  await expect(page.getByText("This tag belongs to your business. Opening your dashboard…")).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard");
});
