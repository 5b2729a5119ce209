import { expect, test } from "@playwright/test";
import { flipHexDigit, randomTagKeys, randomUidHex, sunParams, sunTapPath } from "../support/sun";
import { signUpCustomer, signUpOwner, uniqueTag } from "./support";

const NOT_VERIFIED = "This tag could not be verified.";
const REPLAYED = "This tap link was already used. Tap the tag again.";

test("a secure tag: a genuine link records one visit; the same link again or a tampered one earns nothing", async ({ page, browser, baseURL }) => {
  const tagId = uniqueTag("secure");
  const keys = randomTagKeys();
  const metaHex = keys.metaReadKey.toString("hex").toUpperCase();
  const fileHex = keys.fileReadKey.toString("hex").toUpperCase();

  // The owner marks the tag secure from its row on the business page.
  const { businessId } = await signUpOwner(page, { tagId });
  await page.goto(`/dashboard/business/${businessId}`);
  await page.getByTestId(`tag-${tagId}`).getByRole("link", { name: "Secure tag settings" }).click();
  await expect(page.getByRole("heading", { name: "Secure tag settings" })).toBeVisible();
  await expect(page.getByText("Secure verification is off")).toBeVisible();
  await page.getByLabel("SDM meta read key").fill("1234");
  await page.getByRole("button", { name: "Make this tag secure" }).click();
  await expect(page.getByText("The SDM meta read key must be 32 hexadecimal digits (16 bytes)")).toBeVisible();
  await page.getByLabel("SDM meta read key").fill(metaHex);
  await page.getByLabel("SDM file read key").fill(fileHex);
  await page.getByRole("button", { name: "Make this tag secure" }).click();
  await expect(page.getByText("Secure verification is on")).toBeVisible();
  // Write-only: the keys are not shown again, not even after a reload.
  await page.reload();
  await expect(page.getByLabel("SDM meta read key")).toHaveValue("");
  await expect(page.getByLabel("SDM file read key")).toHaveValue("");
  expect((await page.content()).toUpperCase()).not.toContain(metaHex);
  const template = `${baseURL}/tap?id=${tagId}&picc_data={PICCData}&cmac={CMAC}`;
  await expect(page.getByText(template, { exact: true })).toBeVisible();
  await expect(page.getByText(`${baseURL}/tap?id=${tagId}&uid={UID}&ctr={SDMReadCtr}&cmac={CMAC}`, { exact: true })).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy the encrypted PICCData URL template" }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(template);

  const uid = randomUidHex();
  const link = sunTapPath(tagId, sunParams(keys, uid, 1));

  // A visitor with a genuine link sees the business, and Link me keeps the link for after signing up.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByText(`Tag ${tagId}`)).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Link me" })).toHaveAttribute("href", /picc_data%3D/);
  // A bare copy of the tag's address proves nothing, even to a visitor.
  await visitor.goto(`/tap?id=${tagId}`);
  await expect(visitor.getByText(NOT_VERIFIED)).toBeVisible();
  await visitorContext.close();

  // A customer taps: the visit is recorded once.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer);
  await customer.goto(link);
  await expect(customer.getByRole("dialog", { name: "No Loyalty Program" })).toBeVisible();
  await expect(customer.getByText("Your visit was recorded and will count when they start one.")).toBeVisible();

  // The same link again (shared, bookmarked, reloaded) is a replay.
  await customer.goto(link);
  await expect(customer.getByRole("heading", { name: "Notice" })).toBeVisible();
  await expect(customer.getByText(REPLAYED)).toBeVisible();
  await expect(customer.getByRole("dialog")).toHaveCount(0);

  // A tampered link (one hex digit of the CMAC changed) does not verify.
  const fresh = sunParams(keys, uid, 2);
  await customer.goto(sunTapPath(tagId, { ...fresh, cmac: flipHexDigit(fresh.cmac, 7) }));
  await expect(customer.getByText(NOT_VERIFIED)).toBeVisible();
  await expect(customer.getByRole("dialog")).toHaveCount(0);
  // Only the owner has the settings page.
  expect((await customer.goto(`/dashboard/tag/${tagId}/secure`))?.status()).toBe(404);
  await customerContext.close();

  // The owner's log shows the verified tap and both rejections.
  await page.reload();
  await expect(page.getByTestId("last-verified")).toContainText("read counter 1");
  const today = page.getByRole("table", { name: "Rejected taps per day" }).getByRole("row").nth(1);
  await expect(today.getByRole("cell")).toHaveText(["1", "1"]);
});
