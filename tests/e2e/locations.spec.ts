import { expect, test } from "@playwright/test";
import { createStampsProgram, SHOTS_DIR, signUpCustomer, signUpOwner, uniqueTag } from "./support";

// Locations (docs/locations.md): on a phone, the owner adds a second location
// with its opening hours and claims a new tag there; a customer taps the
// first location's tag and the second's and has one card with both stamps.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

test("a second location: its own tag, and one card for the customer with stamps from both", async ({
  page,
  browser,
}) => {
  // A whole journey of page loads: on the shared 2-core machine it needs more than the default 30 s.
  test.setTimeout(120_000);
  const name = `Two Shops ${Date.now().toString(36)}`;
  const firstTag = uniqueTag("loc-first");
  const secondTag = uniqueTag("loc-second");
  const { businessId } = await signUpOwner(page, { tagId: firstTag, name });
  await createStampsProgram(page, businessId, { name: "Both shops card", stamps: 5, reward: "Free pastry" });

  // A one-location business: the tag list and the program editor say nothing of locations.
  await page.goto(`/dashboard/business/${businessId}?tab=tags`);
  await expect(page.getByTestId(`tag-${firstTag}`)).toBeVisible();
  await expect(page.getByTestId("tag-location")).toHaveCount(0);

  // The locations page: the business's own location, made with it, is the main one.
  await page.goto(`/dashboard/business/${businessId}/locations`);
  await expect(page.getByRole("heading", { name: "Locations", level: 1 })).toBeVisible();
  const main = page.getByRole("listitem").filter({ hasText: "Main location" });
  await expect(main.getByRole("heading", { name })).toBeVisible();
  await expect(main.getByText("1 tag")).toBeVisible();
  await expect(main.getByText("This is your only open location, so it cannot be closed.")).toBeVisible();

  // Add Born, open Monday to Friday in the morning; a bad range is refused first, with its message.
  await page.getByRole("button", { name: "Add a location" }).click();
  const form = page.getByRole("form", { name: "New location" });
  await form.getByLabel("Name").fill("Born");
  await form.getByLabel("Address").fill("Carrer de la Princesa 5, Barcelona");
  await form.getByRole("button", { name: "Add hours on Monday" }).click();
  await form.getByLabel("Opens on Monday").fill("14:00");
  await form.getByLabel("Closes on Monday").fill("09:00");
  await form.getByRole("button", { name: "Add location" }).click();
  await expect(form.getByText("The opening time must be before the closing time.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/locations-editor.png`, fullPage: true });
  await form.getByLabel("Opens on Monday").fill("09:00");
  await form.getByLabel("Closes on Monday").fill("14:00");
  for (const previous of ["Monday", "Tuesday", "Wednesday", "Thursday"])
    await form.getByRole("button", { name: `Same as ${previous}` }).click();
  await form.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("Born added")).toBeVisible();
  const born = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Born" }) });
  await expect(born.getByText("Carrer de la Princesa 5, Barcelona")).toBeVisible();
  await expect(born.getByText("No tags")).toBeVisible();
  await expect(born.getByText("Mon–Fri")).toBeVisible();
  await expect(born.getByText("09:00–14:00")).toBeVisible();
  // With two open locations, either may be closed.
  await expect(main.getByRole("button", { name: `Close ${name}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/locations.png`, fullPage: true });

  // Claim a new tag at Born (the main location is the default).
  await page.goto(`/dashboard/tag/claim/${secondTag}`);
  const location = page.getByLabel("Location");
  await expect(location.locator("option:checked")).toHaveText(`${name} (main location)`);
  await location.selectOption({ label: "Born" });
  await page.getByRole("button", { name: "Claim Tag" }).click();
  await expect(page.getByText(`Tag ${secondTag} now opens your business card.`)).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe("?tab=tags");
  await expect(page.getByTestId(`tag-${secondTag}`).getByText("At Born")).toBeVisible();
  await expect(page.getByTestId(`tag-${firstTag}`).getByText(`At ${name}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/locations-tags.png`, fullPage: true });

  // The customer taps the first location's tag one day and Born's the next: one card, both stamps.
  const customerContext = await browser.newContext({ viewport: PHONE });
  const customer = await customerContext.newPage();
  await signUpCustomer(customer, "locations");
  const base = Date.now() + 86_400_000;
  for (const [day, tagId] of [firstTag, secondTag].entries()) {
    await customer.setExtraHTTPHeaders({ "x-loyaltap-now": new Date(base + day * 86_400_000).toISOString() });
    await customer.goto(`/tap?id=${tagId}`);
    await expect(customer.getByRole("status").filter({ hasText: "Progress updated" })).toBeVisible();
    await expect(customer.getByText(`Both shops card: Stamp added: ${day + 1}/5`)).toBeVisible();
  }
  await customer.goto("/dashboard/wallet");
  const cards = customer.getByRole("article", { name: new RegExp(name) });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText("2/5 stamps")).toBeVisible();
  await customerContext.close();

  // Born's list entry counts its tag now. Closing it asks first, keeps it apart with its tag; it reopens.
  await page.goto(`/dashboard/business/${businessId}/locations`);
  await expect(born.getByText("1 tag")).toBeVisible();
  await born.getByRole("button", { name: "Close Born" }).click();
  await born.getByRole("button", { name: "Yes, close it" }).click();
  await expect(page.getByText("Born is closed")).toBeVisible();
  const closed = page.getByRole("region", { name: "Closed locations" });
  await expect(closed.getByRole("heading", { name: "Born" })).toBeVisible();
  await expect(closed.getByText("1 tag")).toBeVisible();
  // The only open location left cannot be closed.
  await expect(main.getByRole("button", { name: `Close ${name}` })).toHaveCount(0);
  await closed.getByRole("button", { name: "Reopen Born" }).click();
  await expect(page.getByText("Born is open again")).toBeVisible();
  await expect(page.getByRole("region", { name: "Closed locations" })).toHaveCount(0);

  // With two locations the program editor asks where the program runs: only at Born, at least one ticked.
  await page.goto(`/dashboard/business/${businessId}`);
  await page.getByRole("link", { name: /Both shops card/ }).click();
  await page.getByRole("radio", { name: "Only at" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Choose at least one location, or run it at all locations.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Born" }).check();
  await page.screenshot({ path: `${SHOTS_DIR}/locations-program.png`, fullPage: true });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program saved")).toBeVisible();
  await page.goto(`/dashboard/business/${businessId}`);
  await expect(page.getByRole("link", { name: /Both shops card/ }).getByText("Only at Born")).toBeVisible();
});
