import { expect, test } from "@playwright/test";
import { expectHydrated, signUpOwner } from "./support";

// An owner turns the win-back automation on, writes its message in their own
// words and sets the days away; a number out of bounds is refused with the
// range, and what was saved is what the page shows after a reload.

test("an owner turns on win-back and edits its wording", async ({ page }) => {
  test.setTimeout(90_000);
  const { businessId } = await signUpOwner(page, { name: `Automation Café ${Date.now()}` });
  await page.goto(`/dashboard/business/${businessId}/campaigns/automations`);
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible();

  const winBack = page.getByTestId("automation-WIN_BACK");
  const message = winBack.getByLabel("Message");
  const days = winBack.getByLabel("Days away");
  const on = winBack.getByRole("switch", { name: "On" });
  await expectHydrated(message);
  // Until saved: off, the default wording, 30 days.
  await expect(on).not.toBeChecked();
  await expect(message).toHaveValue(/^We miss you!/);
  await expect(days).toHaveValue("30");

  await on.check();
  await message.fill("Hola! Your cortado misses you. Come by this week.");
  await days.fill("3");
  await winBack.getByRole("button", { name: "Save" }).click();
  await expect(winBack.getByText("Enter a number from 7 to 365.").first()).toBeVisible();

  await days.fill("45");
  await winBack.getByRole("button", { name: "Save" }).click();
  await expect(winBack.getByRole("status")).toHaveText("Saved.");

  await page.reload();
  await expectHydrated(message);
  await expect(on).toBeChecked();
  await expect(message).toHaveValue("Hola! Your cortado misses you. Come by this week.");
  await expect(days).toHaveValue("45");
  // The other automations are untouched; the expiry reminder is on, as it always was.
  await expect(page.getByTestId("automation-BIRTHDAY").getByRole("switch", { name: "On" })).not.toBeChecked();
  await expect(page.getByTestId("automation-REWARD_EXPIRING").getByRole("switch", { name: "On" })).toBeChecked();
});
