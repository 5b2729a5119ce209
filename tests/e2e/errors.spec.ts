import { expect, test } from "@playwright/test";
import { runSql, serverLog } from "./server";
import { signUpOwner } from "./support";

// What a user sees when a page fails on the server (docs/errors.md): the
// product's error screen inside the dashboard, with a retry that works once
// the cause is gone; never a blank page or the error's own text.
test("a dashboard page that fails on the server shows the error screen, and Try again recovers", async ({ page }) => {
  const { businessId } = await signUpOwner(page, { name: "Broken Clock Café" });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Broken Clock Café" })).toBeVisible();

  // A row the dashboard cannot read: a time zone that does not exist (today's
  // taps are counted in the business's time zone, and Intl refuses it).
  const setTimeZone = (zone: string) => runSql(`UPDATE "Business" SET timezone = $1 WHERE id = $2`, [zone, businessId]);
  expect(await setTimeZone("Mars/Olympus_Mons")).toBe(1);

  // The log outlives runs, and a digest is a hash of the error: read only what this failure adds.
  const logBefore = serverLog().length;
  await page.reload();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
  // The dashboard's own header stays, so the user can still go elsewhere.
  await expect(page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("link", { name: "Settings" })).toBeVisible();
  // A reference to quote, and nothing of the error itself.
  const reference = (await page.getByTestId("error-reference").textContent())?.trim() ?? "";
  expect(reference).not.toBe("");
  // The server logged the error under that reference, with its cause, for support to find.
  await expect
    .poll(() => serverLog().slice(logBefore).split("\n").some((line) => line.includes(`"digest":"${reference}"`) && line.includes("Mars/Olympus_Mons")))
    .toBe(true);
  await expect(page.locator("body")).not.toContainText(/Mars|time ?zone|RangeError|at \w+ \(/i, { useInnerText: true });

  // Once the row is readable again, Try again shows the dashboard without a reload.
  expect(await setTimeZone("Europe/Madrid")).toBe(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Broken Clock Café" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});
