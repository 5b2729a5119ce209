import { expect, test, type Page } from "@playwright/test";
import { flipHexDigit, randomTagKeys, randomUidHex, sunParams, sunTapPath } from "../support/sun";
import { createStampsProgram, signUpCustomer, signUpOwner, uniqueTag } from "./support";

const NOT_VERIFIED = "This tag could not be verified.";
const REPLAYED = "This tap link was already used. Tap the tag again.";

/**
 * Opens a link the page refuses and waits for the browser's attempt to record
 * the visit (the server refuses it again and counts it in the owner's log);
 * leaving the page earlier would cancel that attempt.
 */
async function openRefusedLink(page: Page, path: string, message: string) {
  const attempt = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined,
  );
  await page.goto(path);
  await expect(page.getByText(message)).toBeVisible();
  expect((await attempt).ok()).toBe(true);
}

test("a secure tag: a genuine link records one visit; the same link again or a tampered one earns nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  const tagId = uniqueTag("secure");
  const keys = randomTagKeys();
  const metaHex = keys.metaReadKey.toString("hex").toUpperCase();
  const fileHex = keys.fileReadKey.toString("hex").toUpperCase();

  // The owner marks the tag secure from its row on the business page.
  const { businessId } = await signUpOwner(page, { tagId });
  // A program to join: a business without one invites no one.
  await createStampsProgram(page, businessId, { name: "Secure card", stamps: 5, reward: "Free coffee" });
  await page.goto(`/dashboard/business/${businessId}?tab=tags`);
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
  await expect(
    page.getByText(`${baseURL}/tap?id=${tagId}&uid={UID}&ctr={SDMReadCtr}&cmac={CMAC}`, { exact: true }),
  ).toBeVisible();
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
  await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await expect(customer.getByText("Secure card: Stamp added: 1/5")).toBeVisible();

  // The same link again (shared, bookmarked, reloaded) is a replay.
  await openRefusedLink(customer, link, REPLAYED);
  await expect(customer.getByRole("heading", { name: "Notice" })).toBeVisible();
  await expect(customer.getByRole("dialog")).toHaveCount(0);

  // A tampered link (one hex digit of the CMAC changed) does not verify.
  const fresh = sunParams(keys, uid, 2);
  await openRefusedLink(customer, sunTapPath(tagId, { ...fresh, cmac: flipHexDigit(fresh.cmac, 7) }), NOT_VERIFIED);
  await expect(customer.getByRole("dialog")).toHaveCount(0);
  // Only the owner has the settings page.
  expect((await customer.goto(`/dashboard/tag/${tagId}/secure`))?.status()).toBe(404);
  await customerContext.close();

  // The owner's log shows the verified tap, its chip (pinned by that first tap) and both rejections.
  await page.reload();
  await expect(page.getByTestId("last-verified")).toContainText("read counter 1");
  await expect(page.getByTestId("pinned-chip")).toHaveText(`Pinned chip UID: ${uid}`);
  const today = page.getByRole("table", { name: "Rejected taps per day" }).getByRole("row").nth(1);
  await expect(today.getByRole("cell")).toHaveText(["1", "1", "0", "0", "0"]);
  await expect(page.getByRole("columnheader", { name: "Missing SUN message (plain tag address)" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Wrong chip (link from another tag)" })).toBeVisible();
});

test("a secure tag is bound to its chip: the owner pins a UID, another chip's link is refused and logged as 'Wrong chip'", async ({
  page,
  browser,
}) => {
  const tagId = uniqueTag("chip");
  const keys = randomTagKeys();
  const { businessId } = await signUpOwner(page, { tagId });
  await page.goto(`/dashboard/tag/${tagId}/secure`);
  await page.getByLabel("SDM meta read key").fill(keys.metaReadKey.toString("hex"));
  await page.getByLabel("SDM file read key").fill(keys.fileReadKey.toString("hex"));
  await page.getByRole("button", { name: "Make this tag secure" }).click();
  await expect(page.getByText("Secure verification is on")).toBeVisible();
  await expect(page.getByTestId("pinned-chip")).toHaveText("No chip pinned yet: the first verified tap pins its chip.");

  // The UID is validated; separators are forgiven.
  await page.getByLabel("Chip UID").fill("04-A1-B2");
  await page.getByRole("button", { name: "Pin this chip" }).click();
  await expect(
    page.getByText("Enter the chip UID as 14 hexadecimal digits (7 bytes), e.g. 04A1B2C3D4E5F6."),
  ).toBeVisible();
  const genuine = randomUidHex();
  await page.getByLabel("Chip UID").fill(genuine.toLowerCase().match(/../g)!.join(":"));
  await page.getByRole("button", { name: "Pin this chip" }).click();
  await expect(page.getByTestId("pinned-chip")).toHaveText(`Pinned chip UID: ${genuine}`);

  // A link from another chip written with the same keys (a cloned template) earns nothing.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer);
  await openRefusedLink(customer, sunTapPath(tagId, sunParams(keys, randomUidHex(), 500)), NOT_VERIFIED);
  // The genuine chip's first link is fresh: the other chip's high counter does not block it.
  await customer.goto(sunTapPath(tagId, sunParams(keys, genuine, 1)));
  await expect(customer.getByRole("dialog", { name: "No Loyalty Program" })).toBeVisible();
  await customerContext.close();

  await page.reload();
  const today = page.getByRole("table", { name: "Rejected taps per day" }).getByRole("row").nth(1);
  await expect(today.getByRole("cell")).toHaveText(["0", "0", "0", "1", "0"]);

  // Replacing the chip is deliberate: clearing the pin asks first.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Clear pinned chip" }).click();
  await expect(page.getByTestId("pinned-chip")).toHaveText("No chip pinned yet: the first verified tap pins its chip.");
  expect(businessId).toBeTruthy();
});
