import { expect, test, type Browser } from "@playwright/test";
import { seriousViolations } from "./axe";
import { e2ePort } from "./port";
import { runSql, sqlRows } from "./server";
import { createStampsProgram, SHOTS_DIR, signUpOwner, uniqueEmail, uniqueTag } from "./support";

// A business with two locations, on a phone (docs/locations.md, "What owners
// and customers see"): the public card lists both with their hours and map
// links and describes them in its JSON-LD; the owner filters the customers by
// location, reads one location's insights and sees both side by side on the
// dashboard. The owner's locations page is not this test's: the second
// location is written straight into the database.

test.use({ viewport: { width: 375, height: 812 } });

const SAME_ORIGIN = { origin: `http://127.0.0.1:${e2ePort()}` };
const weekdays = (opens: string, closes: string, days: number[]) => days.map((day) => ({ day, opens, closes }));

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

test("a business with two locations: the card lists both, the owner filters by location and compares them", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const graciaTag = uniqueTag("gracia");
  const bornTag = uniqueTag("born");
  const name = `Forn ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { tagId: graciaTag, name });
  const [first] = await sqlRows<{ slug: string; gracia: string }>(
    `SELECT b."slug", l."id" AS "gracia" FROM "Business" b JOIN "Location" l ON l."businessId" = b."id" WHERE b."id" = $1`,
    [businessId],
  );
  const { slug, gracia } = first!;
  // The first location (made with the business) becomes Gràcia; Born opens beside it, with a tag of its own.
  await runSql(
    `UPDATE "Location" SET "name" = 'Gràcia', "address" = 'Carrer de Verdi 1, 08012 Barcelona',
       "placeId" = 'ChIJgraciaTestPlace', "openingHours" = $2::jsonb WHERE "id" = $1`,
    [gracia, JSON.stringify([...weekdays("08:00", "20:00", [1, 2, 3, 4, 5]), ...weekdays("09:00", "14:00", [6])])],
  );
  const [second] = await sqlRows<{ born: string }>(
    `INSERT INTO "Location" ("id", "businessId", "name", "address", "openingHours", "position", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'Born', 'Carrer de la Princesa 5, 08003 Barcelona', $2::jsonb, 1, now())
     RETURNING "id" AS "born"`,
    [businessId, JSON.stringify(weekdays("10:00", "19:00", [2, 3, 4, 5, 6, 7]))],
  );
  const { born } = second!;
  await runSql(
    `INSERT INTO "Tag" ("id", "businessId", "locationId", "claimedAt", "claimedById", "updatedAt")
     SELECT $1, b."id", $2, now(), b."ownerId", now() FROM "Business" b WHERE b."id" = $3`,
    [bornTag, born, businessId],
  );
  await createStampsProgram(page, businessId, { name: "Bread card", stamps: 5, reward: "Free loaf" });
  const surname = `Serra${Date.now().toString(36)}`;
  await customerTaps(browser, graciaTag, "Laia", surname);
  await customerTaps(browser, bornTag, "Marc", surname);

  // The public card: both locations, with their week and a map link each.
  const card = `/b/${slug}`;
  await page.goto(card);
  const locations = page.getByRole("region", { name: "Locations" });
  const items = locations.getByRole("listitem");
  await expect(items).toHaveCount(2);
  const graciaItem = items.filter({ has: page.getByRole("heading", { level: 3, name: "Gràcia" }) });
  await expect(graciaItem.getByText("Carrer de Verdi 1, 08012 Barcelona")).toBeVisible();
  const graciaHours = graciaItem.getByRole("definition");
  await expect(graciaItem.getByRole("term")).toHaveText(["Mon–Fri", "Sat", "Sun"]);
  await expect(graciaHours).toHaveText(["08:00–20:00", "09:00–14:00", "Closed"]);
  const graciaMap = graciaItem.getByRole("link", { name: "Open in Google Maps (Gràcia)" });
  const graciaUrl = new URL((await graciaMap.getAttribute("href"))!);
  expect(`${graciaUrl.origin}${graciaUrl.pathname}`).toBe("https://www.google.com/maps/search/");
  expect(graciaUrl.searchParams.get("query")).toBe("Carrer de Verdi 1, 08012 Barcelona");
  expect(graciaUrl.searchParams.get("query_place_id")).toBe("ChIJgraciaTestPlace");
  await expect(graciaMap).toHaveAttribute("rel", "noopener noreferrer");
  const bornItem = items.filter({ has: page.getByRole("heading", { level: 3, name: "Born" }) });
  await expect(bornItem.getByRole("term")).toHaveText(["Mon", "Tue–Sun"]);
  await expect(bornItem.getByRole("definition")).toHaveText(["Closed", "10:00–19:00"]);
  const bornUrl = new URL((await bornItem.getByRole("link", { name: /Open in Google Maps/ }).getAttribute("href"))!);
  expect(bornUrl.searchParams.get("query")).toBe("Carrer de la Princesa 5, 08003 Barcelona");
  expect(bornUrl.searchParams.has("query_place_id")).toBe(false);

  // Its structured data: the business as an Organization, each location a LocalBusiness under it.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    url: `${baseURL}${card}`,
    subOrganization: [
      {
        "@type": "LocalBusiness",
        "@id": `${baseURL}${card}#location-${gracia}`,
        name: `${name} Gràcia`,
        url: `${baseURL}${card}`,
        address: "Carrer de Verdi 1, 08012 Barcelona",
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "08:00",
            closes: "20:00",
          },
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "14:00" },
        ],
      },
      {
        "@type": "LocalBusiness",
        "@id": `${baseURL}${card}#location-${born}`,
        name: `${name} Born`,
        address: "Carrer de la Princesa 5, 08003 Barcelona",
      },
    ],
  });
  // Each location's @id names its entry on the card.
  await expect(page.locator(`#location-${born}`)).toContainText("Born");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS_DIR}/locations-public-card-375.png`, fullPage: true });

  // The same card in Spanish: the days in Spanish, the same @ids.
  await page.goto(`${card}/es`);
  const es = page.getByRole("region", { name: "Ubicaciones" });
  await expect(es.getByRole("listitem").first().getByRole("term")).toHaveText(["lun–vie", "sáb", "dom"]);
  await expect(es.getByRole("listitem").first().getByRole("definition").last()).toHaveText("Cerrado");
  const jsonLdEs = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLdEs.subOrganization.map((l: { "@id": string }) => l["@id"])).toEqual(
    jsonLd.subOrganization.map((l: { "@id": string }) => l["@id"]),
  );

  // The customers: all of them, then only those who visited Born.
  await page.goto(`/dashboard/business/${businessId}/customers`);
  const list = page.getByRole("list", { name: new RegExp(`^Customers of ${name}`) });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Location", { exact: true }).first().selectOption({ label: "Born" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`location=${born}`));
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText(`Marc ${surname}`)).toBeVisible();
  await expect(list.getByText(`Laia ${surname}`)).toHaveCount(0);
  await expect(page.getByLabel("Location", { exact: true }).first()).toHaveValue(born);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Insights of one location: Born's one visit.
  await page.goto(`/dashboard/business/${businessId}/insights`);
  const places = page.getByRole("navigation", { name: "Location" });
  await expect(places.getByRole("link", { name: "All locations" })).toHaveAttribute("aria-current", "page");
  await places.getByRole("link", { name: "Born" }).click();
  await expect(page).toHaveURL(new RegExp(`/insights\\?location=${born}$`));
  await expect(places.getByRole("link", { name: "Born" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("insights-location")).toContainText("At Born only.");
  await expect(page.getByRole("img", { name: /^Visits per day from .+: 1 visit in all/ })).toBeVisible();

  // The dashboard: the two locations side by side, today's visit at each.
  await page.goto("/dashboard");
  const business = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });
  const comparison = business.getByRole("region", { name: "Locations" });
  const table = comparison.getByRole("table", {
    name: `Visits, new customers and rewards redeemed at each location of ${name}`,
  });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Location",
    "Today",
    "7 days",
    "30 days",
    "New",
    "Redeemed",
  ]);
  await expect(table.getByRole("row", { name: /Gràcia/ }).getByRole("cell")).toHaveText(["1", "1", "1", "1", "0"]);
  await expect(table.getByRole("row", { name: /Born/ }).getByRole("cell")).toHaveText(["1", "1", "1", "1", "0"]);
  await expect(comparison.getByText(/on your business's clock \(Europe\/Madrid\)/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await comparison.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/locations-dashboard-375.png`, fullPage: true });

  // A long location name wraps inside its cell: the phone never scrolls sideways.
  const long = "Born-Santa-Caterina-i-la-Ribera, Mercat de Santa Caterina";
  await runSql(`UPDATE "Location" SET "name" = $2 WHERE "id" = $1`, [born, long]);
  await page.reload();
  await expect(table.getByRole("rowheader", { name: long })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await table.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS_DIR}/locations-dashboard-long-name-375.png`, fullPage: true });
});

test("a business with one location keeps its card and its LocalBusiness as before", async ({ page }) => {
  await page.goto("/b/cafe-central");
  await expect(page.getByRole("article", { name: "Café Central" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Locations" })).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("LocalBusiness");
  expect(jsonLd).not.toHaveProperty("subOrganization");
});
