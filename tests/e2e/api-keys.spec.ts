import { expect, test } from "@playwright/test";
import { createStampsProgram, expectHydrated, signUpOwner, uniqueTag, SHOTS_DIR } from "./support";

// The owner creates an API key for their till: it is shown once (gone after a
// reload, listed by its prefix only), and it works at once against the public
// API; revoked, it is refused by the next request.
// DOC_SHOTS=1 also writes the picture of docs/api.md.

test("the owner creates an API key, sees it once, the till uses it, and revoking it locks the till out", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cafe = `API Café ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId: uniqueTag("api"), name: cafe });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 5, reward: "Free coffee" });

  await page.goto(`/dashboard/business/${businessId}/integrations/api-keys`);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  const submit = page.getByRole("button", { name: "Create key" });
  await expectHydrated(submit);
  await page.getByLabel("Name").fill("Front till");
  await page.getByRole("checkbox", { name: /visits/ }).check();
  await submit.click();

  const shown = page.getByTestId("new-api-key-value");
  await expect(shown).toHaveText(/^lt_live_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByText("Copy it now: it is shown only this once.")).toBeVisible();
  const table = page.getByTestId("api-keys-table");
  await expect(table.getByRole("row", { name: /Front till/ })).toContainText(`${key.slice(0, 16)}…`);
  await expect(table.getByRole("row", { name: /Front till/ })).toContainText("read, visits");
  await page.screenshot({ path: `${SHOTS_DIR}/api-keys.png`, fullPage: true });
  if (process.env.DOC_SHOTS) await page.screenshot({ path: "docs/images/api-keys.png", fullPage: true });

  // Gone after a reload: only the prefix is ever shown again.
  await page.reload();
  await expect(page.getByTestId("new-api-key-value")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Front till/ })).toContainText(key.slice(0, 16));
  await expect(table.getByRole("row", { name: /Front till/ })).toContainText("Never");

  // The till uses it.
  const programs = await page.request.get("/api/v1/programs", { headers: { Authorization: `Bearer ${key}` } });
  expect(programs.status()).toBe(200);
  expect(programs.headers()["ratelimit-policy"]).toBeTruthy();
  const body = (await programs.json()) as { data: { name: string; rewardName: string }[] };
  expect(body.data).toEqual([expect.objectContaining({ name: "Coffee card", rewardName: "Free coffee" })]);
  await page.reload();
  await expect(table.getByRole("row", { name: /Front till/ })).not.toContainText("Never");

  // Revoked: the very next request is refused.
  const row = table.getByRole("row", { name: /Front till/ });
  await expectHydrated(row.getByRole("button", { name: "Revoke" }));
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Revoke it" }).click();
  await expect(row).toContainText("Revoked");
  const refused = await page.request.get("/api/v1/programs", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});
