import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expectHydrated, expectPath, SHOTS_DIR, signUpOwner, uniqueTag } from "./support";

// Writing a tag from the phone (docs/tags.md, "Writing a tag from a phone").
// Chromium on a desktop has no Web NFC: an `NDEFReader` stub stands in for
// Chrome on Android's, recording every call; it succeeds, or rejects with the
// DOMException name a test sets, and a scan reads the records a test sets.

type NfcCall = { method: string; message?: unknown; signal: boolean };
type StubRecord = { recordType: string; text: string };

async function installNdefStub(page: Page) {
  await page.addInitScript(() => {
    const state = {
      calls: [] as { method: string; message?: unknown; signal: boolean }[],
      fail: {} as Record<string, string>,
      records: [] as { recordType: string; text: string }[],
    };
    const settle = (method: string) =>
      state.fail[method] ? Promise.reject(new DOMException("stub", state.fail[method])) : Promise.resolve();
    class NDEFReader extends EventTarget {
      write(message: unknown, options?: { signal?: AbortSignal }) {
        state.calls.push({ method: "write", message: JSON.parse(JSON.stringify(message)), signal: !!options?.signal });
        return settle("write");
      }
      makeReadOnly(options?: { signal?: AbortSignal }) {
        state.calls.push({ method: "makeReadOnly", signal: !!options?.signal });
        return settle("makeReadOnly");
      }
      scan(options?: { signal?: AbortSignal }) {
        state.calls.push({ method: "scan", signal: !!options?.signal });
        const started = settle("scan");
        void started.then(() =>
          setTimeout(() => {
            const event = new Event("reading");
            const records = state.records.map((r) => ({
              recordType: r.recordType,
              data: new DataView(new TextEncoder().encode(r.text).buffer),
            }));
            Object.defineProperty(event, "message", { value: { records } });
            this.dispatchEvent(event);
          }, 50),
        );
        return started;
      }
    }
    Object.assign(window, { NDEFReader, __nfc: state });
  });
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __nfc: { calls: NfcCall[] } }).__nfc.calls);
const failNext = (page: Page, method: string, name: string) =>
  page.evaluate(
    ([m, n]) => ((window as unknown as { __nfc: { fail: Record<string, string> } }).__nfc.fail[m!] = n!),
    [method, name],
  );
const stickerHolds = (page: Page, records: StubRecord[]) =>
  page.evaluate((r) => ((window as unknown as { __nfc: { records: StubRecord[] } }).__nfc.records = r), records);

/** An owner with a plain tag, on the tag's write page reached from its row on the business page. */
async function openWritePage(page: Page) {
  const tagId = uniqueTag("nfc");
  const { businessId } = await signUpOwner(page, { tagId });
  await page.goto(`/dashboard/business/${businessId}?tab=tags`);
  await page.getByTestId(`tag-${tagId}`).getByRole("link", { name: "Write to an NFC sticker" }).click();
  await expectPath(page, `/dashboard/tag/${tagId}/write`);
  return { tagId, businessId };
}

test("on a Web NFC phone: writes exactly the tag's URL record, then locks the sticker only after the warning is confirmed", async ({
  page,
  baseURL,
}) => {
  // Three pages, a lock and an axe scan on a shared 2-core machine.
  test.slow();
  await installNdefStub(page);
  const { tagId } = await openWritePage(page);
  const url = `${baseURL}/tap?id=${tagId}`;
  // The address is the QR's, to the character.
  await page.goto(`/dashboard/tag/${tagId}/qr`);
  await expect(page.getByText(url, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Write this tag to an NFC sticker from your phone" }).click();
  await expectPath(page, `/dashboard/tag/${tagId}/write`);
  await expect(page.getByTestId("tag-url")).toHaveText(url);

  await expect(page.getByRole("heading", { name: "Write to an NFC sticker" })).toBeVisible();
  const write = page.getByRole("button", { name: "Write to an NFC sticker" });
  await expectHydrated(write);
  await write.click();
  await expect(page.getByText("Done: the sticker carries this tag's address.")).toBeVisible();
  expect(await calls(page)).toEqual([
    { method: "write", message: { records: [{ recordType: "url", data: url }] }, signal: true },
  ]);

  // Locking is permanent: a warning first, and Cancel locks nothing.
  await page.getByRole("button", { name: "Lock the sticker…" }).click();
  const warning = page.getByRole("alertdialog");
  await expect(warning).toContainText("This is permanent and cannot be undone.");
  await page.screenshot({ path: `${SHOTS_DIR}/nfc-write-lock-warning.png`, fullPage: true });
  await warning.getByRole("button", { name: "Cancel" }).click();
  await expect(warning).toBeHidden();
  expect((await calls(page)).filter((c) => c.method === "makeReadOnly")).toEqual([]);

  await page.getByRole("button", { name: "Lock the sticker…" }).click();
  await page.getByRole("button", { name: "Yes, lock it for good" }).click();
  await expect(page.getByText("The sticker is locked: it can no longer be changed.")).toBeVisible();
  expect((await calls(page)).filter((c) => c.method === "makeReadOnly")).toEqual([
    { method: "makeReadOnly", signal: true },
  ]);
  await expect(page.getByRole("button", { name: "Lock the sticker…" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a refused write says why, and nothing claims the sticker was written", async ({ page }) => {
  await installNdefStub(page);
  await openWritePage(page);
  const write = page.getByRole("button", { name: "Write to an NFC sticker" });
  await expectHydrated(write);

  await failNext(page, "write", "NotAllowedError");
  await write.click();
  await expect(page.getByTestId("nfc-failure")).toHaveText(
    "NFC permission was denied. Allow NFC for this site (the icon beside the address → Permissions) and try again.",
  );
  await page.screenshot({ path: `${SHOTS_DIR}/nfc-write-denied.png`, fullPage: true });
  await expect(page.getByText("Done: the sticker carries this tag's address.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lock the sticker…" })).toHaveCount(0);

  // The sticker moved away mid-write: its own message, still no success.
  await failNext(page, "write", "NetworkError");
  await write.click();
  await expect(page.getByTestId("nfc-failure")).toContainText(
    "the sticker moved away, or it is too small for this address",
  );
  await expect(page.getByText("Done: the sticker carries this tag's address.")).toHaveCount(0);
  expect((await calls(page)).map((c) => c.method)).toEqual(["write", "write"]);
});

test("checking a sticker with another address reports not our URL and counts it in the tag's verification log", async ({
  page,
  baseURL,
}) => {
  await installNdefStub(page);
  const { tagId } = await openWritePage(page);
  const check = page.getByRole("button", { name: "Check a sticker" });
  await expectHydrated(check);
  await expect(page.getByText("No rejected taps.")).toBeVisible();

  await stickerHolds(page, [{ recordType: "url", text: `https://evil.example/tap?id=${tagId}` }]);
  await check.click();
  const verdict = page.getByTestId("sticker-verdict");
  await expect(verdict).toContainText("Not our URL: this sticker carries another address.");
  await expect(verdict).toContainText(`https://evil.example/tap?id=${tagId}`);
  await expect(verdict).toContainText("Counted in this tag's verification log.");
  const log = page.getByRole("table", { name: "Rejected taps per day" });
  await expect(
    log.getByRole("columnheader", { name: "Not our URL (sticker written with another address)" }),
  ).toBeVisible();
  await expect(log.getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText("1");
  await page.screenshot({ path: `${SHOTS_DIR}/nfc-write-not-our-url.png`, fullPage: true });

  // This tag's own address: said so, and nothing more is counted.
  await stickerHolds(page, [{ recordType: "url", text: `${baseURL}/tap?id=${tagId}` }]);
  await check.click();
  await expect(verdict).toHaveText(/This sticker carries this tag's address\./);
  await page.reload();
  await expect(
    page.getByRole("table", { name: "Rejected taps per day" }).getByRole("row").nth(1).getByRole("cell").nth(4),
  ).toHaveText("1");
  // The same log on the tag's secure settings page.
  await page.goto(`/dashboard/tag/${tagId}/secure`);
  await expect(
    page.getByRole("table", { name: "Rejected taps per day" }).getByRole("row").nth(1).getByRole("cell").nth(4),
  ).toHaveText("1");
});

test("without Web NFC (a desktop, an iPhone): which phone or app can write it, the URL to copy and the printable QR", async ({
  page,
  baseURL,
}) => {
  const { tagId } = await openWritePage(page);
  const url = `${baseURL}/tap?id=${tagId}`;
  const fallback = page.getByTestId("nfc-fallback");
  await expect(fallback).toContainText("Open this page in Chrome on an Android phone");
  await expect(fallback).toContainText("“NFC Tools” app on an iPhone or Android phone: Write → Add a record → URL");
  await expect(page.getByTestId("tag-url")).toHaveText(url);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy this tag's address" }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole("link", { name: "Print the tag's QR instead" })).toHaveAttribute(
    "href",
    `/dashboard/tag/${tagId}/qr`,
  );
  await expect(page.getByRole("button", { name: "Write to an NFC sticker" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Check a sticker" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/nfc-write-fallback.png`, fullPage: true });
  // "Check a sticker" forgives a trailing slash after /tap because the site sends it to the tag's address.
  const slashed = await page.request.get(`/tap/?id=${tagId}`, { maxRedirects: 0 });
  expect([slashed.status(), new URL(slashed.headers()["location"]!, baseURL).href]).toEqual([308, url]);
});

test("a secure tag is not written from the phone: the page says why, and a SUN sticker checks as this tag's", async ({
  page,
  baseURL,
}) => {
  await installNdefStub(page);
  const { tagId } = await openWritePage(page);
  await page.goto(`/dashboard/tag/${tagId}/secure`);
  await page.getByLabel("SDM meta read key").fill("00112233445566778899AABBCCDDEEFF");
  await page.getByLabel("SDM file read key").fill("FFEEDDCCBBAA99887766554433221100");
  await page.getByRole("button", { name: "Make this tag secure" }).click();
  await expect(page.getByText("Secure verification is on")).toBeVisible();

  await page.goto(`/dashboard/tag/${tagId}/write`);
  await expect(
    page.getByRole("heading", { name: "Secure tags are encoded, not written from the phone" }),
  ).toBeVisible();
  await expect(page.getByRole("note")).toContainText("an encoder app or your supplier's batch encoding");
  const check = page.getByRole("button", { name: "Check a sticker" });
  await expectHydrated(check);
  await expect(page.getByRole("button", { name: "Write to an NFC sticker" })).toHaveCount(0);

  await stickerHolds(page, [
    {
      recordType: "url",
      text: `${baseURL}/tap?id=${tagId}&picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086`,
    },
  ]);
  await check.click();
  await expect(page.getByTestId("sticker-verdict")).toContainText(
    "This sticker carries this tag's address with a SUN message.",
  );
  // The bare address on a secure tag is ours but refused at the tap: a warning, not "not our URL".
  await stickerHolds(page, [{ recordType: "url", text: `${baseURL}/tap?id=${tagId}` }]);
  await check.click();
  await expect(page.getByTestId("sticker-verdict")).toContainText("without a SUN message");
  await expect(page.getByText("No rejected taps.")).toBeVisible();
  expect((await calls(page)).map((c) => c.method)).toEqual(["scan", "scan"]);
});
