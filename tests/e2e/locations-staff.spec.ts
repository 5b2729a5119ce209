import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2ePort } from "./port";
import { sqlRows } from "./server";
import {
  createStampsProgram,
  expectHydrated,
  liveQrPath,
  mailedLink,
  signUpCustomer,
  signUpOwner,
  uniqueEmail,
  uniqueTag,
} from "./support";
import { seriousViolations } from "./axe";

// A café with two locations, Gràcia and Born (docs/locations.md). The owner
// invites a staff member to work only at Gràcia; at the counter they record a
// visit at Gràcia, are never offered Born, and a forged request naming Born is
// refused with nothing written.

/** A new customer's account id (their QR page is /qr/<id>); signed up in a context of its own. */
async function customerId(browser: Browser, label: string): Promise<string> {
  const context = await browser.newContext();
  const customer = await context.newPage();
  await signUpCustomer(customer, label);
  const me = await customer.request.get("/api/auth/me");
  const id = ((await me.json()) as { user: { id: string } }).user.id;
  await context.close();
  return id;
}

/** The invited person signs up with the invitation's address, confirms it by the mailed link, and accepts. */
async function joinAsStaff(staff: Page, email: string, cafe: string) {
  const registered = await staff.request.post("/api/auth/register", {
    headers: { origin: `http://127.0.0.1:${e2ePort()}` },
    data: { email, password: "a good password", metadata: { first_name: "Lia", last_name: "Serra" } },
  });
  expect(registered.status()).toBe(201);
  const link = await mailedLink(email, "/staff/accept");
  await staff.goto(link);
  const send = staff.getByRole("button", { name: "Send me a confirmation link" });
  await expectHydrated(send);
  await send.click();
  await expect(staff.getByRole("status").filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
  await staff.goto(await mailedLink(email, "/auth/verify-email"));
  await expect(staff.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await staff.goto(link);
  const join = staff.getByRole("button", { name: "Join as staff" });
  await expect(join).toBeEnabled();
  await join.click();
  await expect(staff.getByRole("status").filter({ hasText: `You now work at ${cafe}.` })).toBeVisible();
}

const tapsAt = async (businessId: string) =>
  sqlRows<{ locationId: string | null; count: number }>(
    `SELECT "locationId", count(*)::int AS "count" FROM "Tap" WHERE "businessId" = $1 GROUP BY "locationId"`,
    [businessId],
  );

test("staff limited to one location record visits there only: the other is never offered, and a forged request is refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const cafe = `Two Shops Café ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId: uniqueTag("loc"), name: cafe });
  await createStampsProgram(page, businessId, { name: "Coffee card", stamps: 5, reward: "Free cortado" });
  // The second location: its owner's page is not part of this test, so it is written as that page would.
  const [gracia] = await sqlRows<{ id: string }>(
    `UPDATE "Location" SET "name" = 'Gràcia' WHERE "businessId" = $1 RETURNING "id"`,
    [businessId],
  );
  const [born] = await sqlRows<{ id: string }>(
    `INSERT INTO "Location" ("id", "businessId", "name", "position", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'Born', 1, now()) RETURNING "id"`,
    [businessId],
  );

  // The owner invites a staff member to work only at Gràcia.
  const staffEmail = uniqueEmail("loc-staff");
  await page.goto(`/dashboard/business/${businessId}/staff`);
  const email = page.getByLabel("Email");
  await expectHydrated(email);
  await email.fill(staffEmail);
  const where = page.getByRole("group", { name: "Where they will work" });
  await where.getByLabel("Only at these locations").check();
  await where.getByLabel("Gràcia").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${staffEmail}` })).toBeVisible();
  // Checked while this page is the only one open: a page behind another may never end its transitions.
  expect(await seriousViolations(page)).toEqual([]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await joinAsStaff(staff, staffEmail, cafe);

  // The staff page says where they work.
  await page.reload();
  const row = page.getByTestId("staff-table").getByRole("row").filter({ hasText: staffEmail });
  await expect(row.getByTestId("staff-works-at").locator("p").first()).toHaveText("Gràcia");

  // At the counter they work at Gràcia: Born is not offered.
  await staff.goto(liveQrPath(await customerId(browser, "loc-first")));
  await expect(staff.getByTestId("counter-location")).toHaveText("At Gràcia");
  await expect(staff.getByTestId("counter-location-select")).toHaveCount(0);
  await expect(staff.getByRole("main")).not.toContainText("Born");
  const record = staff.getByRole("button", { name: "Record a visit" });
  await expectHydrated(record);
  await record.click();
  await expect(staff.getByRole("status").filter({ hasText: `Visit recorded at ${cafe}.` })).toBeVisible();
  expect(await tapsAt(businessId)).toEqual([{ locationId: gracia!.id, count: 1 }]);
  expect(await seriousViolations(staff)).toEqual([]);

  // A forged request: the same action naming Born instead. Refused, and nothing is written.
  await staff.goto(liveQrPath(await customerId(browser, "loc-forged")));
  await staff.route("**/qr/**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"]) return route.continue();
    const body = request.postData() ?? "";
    expect(body).toContain(gracia!.id);
    await route.continue({ postData: body.replaceAll(gracia!.id, born!.id) });
  });
  const forged = staff.getByRole("button", { name: "Record a visit" });
  await expectHydrated(forged);
  await forged.click();
  await expect(staff.getByRole("alert").filter({ hasText: "Business not found." })).toBeVisible();
  await staff.unroute("**/qr/**");
  expect(await tapsAt(businessId)).toEqual([{ locationId: gracia!.id, count: 1 }]);
  await staffContext.close();

  // The owner works at both: the counter asks where, offering Gràcia and Born.
  await page.goto(liveQrPath(await customerId(browser, "loc-owner")));
  const select = page.getByTestId("counter-location-select");
  await expect(select.locator("option")).toHaveText(["Gràcia", "Born"]);
  await expectHydrated(select);
  await select.selectOption({ label: "Born" });
  await page.getByRole("button", { name: "Record a visit" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Visit recorded at ${cafe}.` })).toBeVisible();
  expect((await tapsAt(businessId)).find((t) => t.locationId === born!.id)?.count).toBe(1);
  // Remembered on this device: the next customer's page starts at Born.
  await page.goto(liveQrPath(await customerId(browser, "loc-owner-next")));
  await expect(page.getByTestId("counter-location-select")).toHaveValue(born!.id);
});
