import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createStampsProgram, expectHydrated, signUpCustomer, signUpOwner, uniqueTag } from "./support";
import { runSql } from "./server";

// The review queue (docs/review-queue.md) as people live it: a customer's
// scripted burst at three tags lands in the queue ("Your visit is being
// checked"), a staff member approves it, and the customer's card moves.

test.use({ viewport: { width: 375, height: 812 } });

const SHOTS = process.env.SHOTS_DIR || "test-results/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test("a burst of taps at three tags is held for review; staff approve it and the customer's progress moves", async ({
  page,
  browser,
}) => {
  test.slow();
  const tagA = uniqueTag("review-a");
  const { businessId } = await signUpOwner(page, { tagId: tagA, name: `Forn ${Date.now()}` });
  await createStampsProgram(page, businessId, { name: "Bread card", stamps: 10, reward: "Free loaf" });
  // Up to ten visits a day, and two more tags at the same counter (states the owner's forms make slowly).
  await runSql(`UPDATE "Business" SET "dailyTapLimit" = 10 WHERE "id" = $1`, [businessId]);
  const [tagB, tagC] = [uniqueTag("review-b"), uniqueTag("review-c")];
  for (const id of [tagB, tagC])
    await runSql(
      `INSERT INTO "Tag" ("id", "businessId", "locationId", "claimedAt", "claimedById", "createdAt", "updatedAt")
       SELECT $1, "businessId", "locationId", now(), "claimedById", now(), now() FROM "Tag" WHERE "id" = $2`,
      [id, tagA],
    );

  // The customer's scripted burst: three tags within a minute. The first two count, the third is held.
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "review");
  await customer.clock.install();
  for (const tag of [tagA, tagB]) {
    await customer.goto(`/tap?id=${tag}`);
    await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible({ timeout: 30_000 });
  }
  await customer.goto(`/tap?id=${tagC}`);
  const held = customer.getByTestId("held-result");
  await expect(held).toContainText("Your visit is being checked", { timeout: 30_000 });
  await expect(held).toContainText("The business will check this visit shortly.");
  await expect(customer.getByText("Your visit was not recorded")).toHaveCount(0);
  await shot(customer, "review-queue-customer-held");

  // A staff member of the business opens the queue from the bar.
  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const staff = await staffContext.newPage();
  const staffEmail = await signUpCustomer(staff, "review-staff");
  await runSql(
    `INSERT INTO "BusinessStaff" ("businessId", "userId", "createdAt") SELECT $1, "id", now() FROM "User" WHERE "email" = $2`,
    [businessId, staffEmail],
  );
  await staff.goto(`/dashboard/business/${businessId}/customers`);
  await staff.getByRole("navigation", { name: "Business sections" }).getByRole("link", { name: "Review" }).click();
  await expect(staff.getByRole("heading", { level: 2, name: "1 visit to check" })).toBeVisible();
  const item = staff.getByTestId("held-visit");
  await expect(item).toContainText("Pau T.");
  await expect(item).toContainText("3 different tags within 10 minutes");
  await expect(item).toContainText(`Tag: ${tagC}`);
  // The hold rules are the owner's: staff see the queue only.
  await expect(staff.getByRole("form", { name: "Hold rules" })).toHaveCount(0);
  await shot(staff, "review-queue-staff-queue");
  await expectHydrated(item.getByRole("button", { name: "Approve" }));
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Approved: the visit is recorded.")).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole("heading", { level: 2, name: "No visits to check" })).toBeVisible();

  // The customer's card now has the third stamp.
  await customer.goto("/dashboard");
  await expect(
    customer.getByRole("region", { name: "Closest to a reward" }).getByTestId("program-progress"),
  ).toHaveText("3/10 stamps");

  // The owner sees the rules, within their bounds.
  await page.goto(`/dashboard/business/${businessId}/review`);
  await expect(page.getByRole("form", { name: "Hold rules" })).toBeVisible();
  await shot(page, "review-queue-owner-rules");
  await customerContext.close();
  await staffContext.close();
});
