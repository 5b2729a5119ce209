import { expect, test, type Browser } from "@playwright/test";
import { e2ePort } from "./port";
import { expectHydrated, signUpOwner, uniqueEmail, uniqueTag } from "./support";

// The owner's customer list and CSV export, in Chromium: find a customer by
// name with the search, then download the visits as a spreadsheet file.

const SAME_ORIGIN = { origin: `http://127.0.0.1:${e2ePort()}` };

/** A customer with this name taps the tag once (their first visit links them to the business). */
async function customerTaps(browser: Browser, tagId: string, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/register", {
    headers: SAME_ORIGIN,
    data: {
      email: uniqueEmail("member"),
      password: "a good password",
      metadata: { first_name: firstName, last_name: lastName },
    },
  });
  expect(response.status()).toBe(201);
  await page.goto(`/tap?id=${tagId}`);
  await expect(page.getByText("Your visit was recorded", { exact: false }).first()).toBeVisible();
  await context.close();
}

test("an owner finds a customer by name and downloads the visits as CSV", async ({ page, browser }) => {
  test.slow();
  const tagId = uniqueTag("customers");
  const { businessId } = await signUpOwner(page, { tagId, name: `List Café ${Date.now()}` });
  const surname = `Serra${Date.now().toString(36)}`;
  await customerTaps(browser, tagId, "Laia", surname);
  await customerTaps(browser, tagId, "Marc", "Puig");

  await page.goto(`/dashboard/business/${businessId}`);
  await page.getByRole("navigation", { name: "Business sections" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);

  const search = page.getByRole("searchbox", { name: "Search" });
  await expectHydrated(search);
  await search.fill(surname.toUpperCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${surname.toUpperCase()}`));
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row", { name: new RegExp(`Laia ${surname}`) });
  await expect(row.getByRole("rowheader")).toHaveText(`Laia ${surname}`);
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  await expect(row.getByRole("link", { name: `Laia ${surname}` })).toHaveAttribute(
    "href",
    new RegExp(`/dashboard/business/${businessId}/customers/[0-9a-f-]+$`),
  );

  // No match: said so, with a way back.
  await search.fill("nobody-by-this-name");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No customer matches this search.")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).first().click();
  await expect(table.getByRole("row")).toHaveCount(3);

  // The visits as a CSV download.
  await page.getByLabel("What").selectOption("visits");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-visits-all\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe('"Visited at","Name","Email","Source","Tag","Location"');
  expect(lines.filter((line) => line.includes(`Laia ${surname}`))).toHaveLength(1);
  expect(lines.at(-1)).toBe("");
});
