import { expect, test } from "@playwright/test";
import { runSql, serverLog } from "./server";
import { createStampsProgram, expectPath, signUpOwner, uniqueTag } from "./support";

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
  await expect(
    page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("link", { name: "Settings" }),
  ).toBeVisible();
  // A reference to quote, and nothing of the error itself.
  const reference = (await page.getByTestId("error-reference").textContent())?.trim() ?? "";
  expect(reference).not.toBe("");
  // The server logged the error under that reference, with its cause, for support to find.
  await expect
    .poll(() =>
      serverLog()
        .slice(logBefore)
        .split("\n")
        .some((line) => line.includes(`"digest":"${reference}"`) && line.includes("Mars/Olympus_Mons")),
    )
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

// Loading a tap that fails shows the tap's own notice with a retry (app/tap/error.tsx), on
// the cached visitor page and on the signed-in page alike; the failed render is
// not kept as the visitor page, so once the cause is gone the tag shows again.
test("a tap that fails to load shows 'Error checking tag status' with Try again, and Try again recovers", async ({
  page,
  browser,
}) => {
  // An owner's sign-up, a program, and the failing page in two languages, then the recovery.
  test.setTimeout(60_000);
  const tagId = uniqueTag("broken");
  const { businessId } = await signUpOwner(page, { tagId, name: "Endless Café" });
  // A program to join: a business without one shows no invitation on its tags.
  await createStampsProgram(page, businessId, { name: "Endless card", stamps: 5, reward: "Free coffee" });
  // A business row the tap cannot read: a last change at PostgreSQL's 'infinity',
  // which no JavaScript date can hold, so reading the tag's business throws.
  // (Before the tag is ever shown: nothing of it is in the cache yet.)
  const setUpdatedAt = (value: string) =>
    runSql(`UPDATE "Business" SET "updatedAt" = $1::timestamp WHERE id = $2`, [value, businessId]);
  expect(await setUpdatedAt("infinity")).toBe(1);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // In the page's language: the error screen reads the words its root document wrote.
  expect((await visitor.goto(`/tap?id=${tagId}&lang=es`))?.status()).toBe(500);
  await expect(visitor.getByText("No se ha podido comprobar la etiqueta")).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await expect(visitor.getByText("Error checking tag status")).toHaveCount(0);

  const logBefore = serverLog().length;
  const response = await visitor.goto(`/tap?id=${tagId}`);
  // A server failure, answered as one: no cache keeps a 500.
  expect(response?.status()).toBe(500);
  await expect(visitor.getByRole("heading", { name: "Notice" })).toBeVisible();
  await expect(visitor.getByText("Error checking tag status")).toBeVisible();
  await expect(visitor.getByText(`(${tagId})`)).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "OK" })).toHaveAttribute("href", "/dashboard");
  // A reference to quote, logged by the server with the cause; nothing of the error on the page.
  const reference = (await visitor.getByTestId("error-reference").textContent())?.trim() ?? "";
  expect(reference).not.toBe("");
  await expect
    .poll(() =>
      serverLog()
        .slice(logBefore)
        .split("\n")
        .some((line) => line.includes(`"digest":"${reference}"`) && line.includes("Invalid time value")),
    )
    .toBe(true);
  await expect(visitor.locator("body")).not.toContainText(/infinity|Invalid time|RangeError|at \w+ \(/i, {
    useInnerText: true,
  });

  // Signed in (the owner, on their own tag): the same notice, from the per-request page.
  await page.goto(`/tap?id=${tagId}`);
  await expect(page.getByText("Error checking tag status")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();

  // The row is readable again: Try again shows the tag without a reload...
  expect(await setUpdatedAt(new Date().toISOString())).toBe(1);
  await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));
  await visitor.getByRole("button", { name: "Try again" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Endless Café" })).toBeVisible();
  await expect(visitor.getByText("Error checking tag status")).toHaveCount(0);
  expect(await visitor.evaluate(() => "sameDocument" in window)).toBe(true);
  // ...and the failure was never kept as the cached visitor page.
  await visitor.goto(`/tap?id=${tagId}`);
  await expect(visitor.getByRole("link", { name: "Link me" })).toBeVisible();
  await visitorContext.close();

  await page.getByRole("button", { name: "Try again" }).click();
  await expectPath(page, "/dashboard");
});
