import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { batchFileReadKey, batchMetaReadKey } from "../../lib/nfc/batch-keys";
import { randomUidHex, sunParams } from "../support/sun";
import {
  createStampsProgram,
  DEMO_ADMIN_EMAIL,
  expectPath,
  logIn,
  SHOTS_DIR,
  signUpCustomer,
  signUpOwner,
} from "./support";

const REPLAYED = "This tap link was already used. Tap the tag again.";

/** Clicks a download button (in `scope`, on `page`) and reads the file the browser saved. */
async function downloaded(page: Page, scope: Locator, button: string): Promise<string> {
  const download = page.waitForEvent("download");
  await scope.getByRole("button", { name: button }).click();
  return readFile(await (await download).path(), "utf8");
}

test("a batch of secure tags: the admin makes it, the owner activates it with its code, a chip's link counts once", async ({
  page,
  browser,
}) => {
  // Three people, one program and a batch: longer than the default 30 s on the shared machine.
  test.setTimeout(120_000);
  const label = `E2E batch ${Date.now()}`;
  // The admin makes a batch of 3 and sees its activation code once.
  await page.goto("/login");
  await logIn(page, DEMO_ADMIN_EMAIL);
  await expectPath(page, "/dashboard");
  await page.goto("/admin/batches");
  await expect(page.getByRole("heading", { name: "Secure tag batches" })).toBeVisible();
  await page.getByLabel("Label").fill(label);
  await page.getByLabel("Number of tags").fill("1001");
  await page.getByRole("button", { name: "Create batch" }).click();
  await expect(page.getByText("Enter a number of tags from 1 to 1000")).toBeVisible();
  await page.getByLabel("Number of tags").fill("3");
  await page.getByRole("button", { name: "Create batch" }).click();
  await expect(page.getByText(`Batch “${label}” created.`)).toBeVisible();
  const code = (await page.getByTestId("activation-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  const card = page.locator("li").filter({ hasText: label });
  await expect(card.getByText("3 tags · A tag manufacturer")).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/tag-batches-admin.png`, fullPage: true });

  // The encoder's CSV: a header and one line per tag with its URL template and SDM offsets, no key.
  const csv = (await downloaded(page, card, "Download CSV")).trim().split("\r\n");
  expect(csv[0]).toBe("tag_id,uid,url_template,picc_data_offset,sdm_mac_input_offset,sdm_mac_offset");
  expect(csv).toHaveLength(4);
  const [tagId, uidCell, template, piccOffset, macInputOffset, macOffset] = csv[1]!.split(",") as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  expect(uidCell).toBe("");
  expect(template).toMatch(new RegExp(`/tap\\?id=${tagId}&picc_data=\\{PICCData\\}&cmac=\\{CMAC\\}$`));
  const rest = template.replace(/^https?:\/\//, "");
  expect(Number(piccOffset)).toBe(7 + rest.indexOf("{PICCData}"));
  expect(Number(macInputOffset)).toBe(Number(macOffset));

  // The key sheet, once: the master key the chips' keys are diversified from.
  const sheet = await downloaded(page, card, "Download key sheet (once)");
  const field = (name: string) =>
    sheet
      .split("\r\n")
      .find((l) => l.startsWith(`${name},`))!
      .split(",")[1]!;
  const master = Buffer.from(field("master_key"), "hex");
  expect(master).toHaveLength(16);
  await expect(card.getByText("Key sheet already downloaded")).toBeVisible();
  await expect(card.getByRole("button", { name: "Download key sheet (once)" })).toHaveCount(0);

  // The owner activates the whole batch from the claim page: a wrong code first, then the right one.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { businessId } = await signUpOwner(owner);
  await createStampsProgram(owner, businessId, { name: "Batch card", stamps: 5, reward: "Free tea" });
  await owner.goto("/dashboard/tag/claim");
  await expect(owner.getByRole("heading", { name: "Activate a batch of secure tags" })).toBeVisible();
  await owner.getByLabel("Activation code").fill("AAAA-BBBB-CCCC-DDDD");
  await owner.getByRole("button", { name: "Activate batch" }).click();
  await expect(owner.getByText("This activation code is not valid, or was already used.")).toBeVisible();
  await owner.screenshot({ path: `${SHOTS_DIR}/tag-batches-claim.png`, fullPage: true });
  await owner.getByLabel("Activation code").fill(code.toLowerCase());
  await owner.getByRole("button", { name: "Activate batch" }).click();
  await expect(owner.getByText("3 secure tags added")).toBeVisible();
  await expect(owner.getByTestId(`tag-${tagId}`)).toBeVisible();
  await ownerContext.close();

  // The admin sees it activated.
  await page.reload();
  await expect(
    page
      .locator("li")
      .filter({ hasText: label })
      .getByText(/^Activated by /),
  ).toBeVisible();

  // A chip written from the sheet: its file key diversified from the master with its UID.
  const uid = randomUidHex();
  const keys = {
    metaReadKey: batchMetaReadKey(master),
    fileReadKey: batchFileReadKey(master, Buffer.from(uid, "hex")),
  };
  expect(field("sdm_meta_read_key")).toBe(keys.metaReadKey.toString("hex").toUpperCase());
  const params = sunParams(keys, uid, 1);
  const link = new URL(template.replace("{PICCData}", params.picc_data).replace("{CMAC}", params.cmac));
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpCustomer(customer);
  await customer.goto(link.pathname + link.search);
  await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
  await expect(customer.getByText("Batch card: Stamp added: 1/5")).toBeVisible();
  // The same link again is a replay.
  await customer.goto(link.pathname + link.search);
  await expect(customer.getByText(REPLAYED)).toBeVisible();
  await customerContext.close();
});
