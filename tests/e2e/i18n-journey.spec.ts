import { expect, test, type Page } from "@playwright/test";
import { createStampsProgram, expectPath, signUpOwner, uniqueEmail, uniqueTag } from "./support";

// One person, three languages: a café in Barcelona speaks Catalan to visitors
// whose browser asks for none of our languages; a customer whose browser asks
// for Spanish reads its tag in Spanish, signs up from it, and from then on the
// product speaks Spanish to them.

async function setBusinessLanguage(page: Page, businessId: string, language: "Català" | "Español") {
  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  await page.getByLabel("Language").selectOption({ label: language });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();
}

test("a Spanish browser signs up from a Catalan café's tag: the tap page, the sign-up and the dashboard in Spanish", async ({
  page,
  browser,
}) => {
  const tagId = uniqueTag("journey");
  const { businessId } = await signUpOwner(page, { tagId, name: "Cafè del Born" });
  await createStampsProgram(page, businessId, { name: "Targeta de cafès", stamps: 5, reward: "Un cafè" });
  await setBusinessLanguage(page, businessId, "Català");

  const context = await browser.newContext({ locale: "es-ES", viewport: { width: 375, height: 812 } });
  const customer = await context.newPage();
  await customer.goto(`/tap?id=${tagId}`);
  // The café's page is in the reader's language: their browser's.
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  await expect(customer.getByRole("heading", { level: 1, name: "Cafè del Born" })).toBeVisible();
  await customer.getByRole("link", { name: "Apúntate" }).click();

  // Signing up is the customer's own business: their browser's language.
  await expectPath(customer, `/register?tap_id=${tagId}&redirect=${encodeURIComponent(`/tap?id=${tagId}`)}`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  await expect(customer.getByText("Crea tu cuenta para acumular en Cafè del Born")).toBeVisible();
  await customer.getByRole("button", { name: "Crear cuenta" }).click();
  // The form's own checks speak Spanish too.
  await expect(customer.getByText("El nombre es obligatorio")).toBeVisible();
  await expect(customer.getByText("El correo electrónico es obligatorio")).toBeVisible();
  await customer.getByLabel("Nombre").fill("Lucía");
  await customer.getByLabel("Apellidos").fill("García");
  await customer.getByLabel("Correo electrónico").fill(uniqueEmail("journey"));
  await customer.getByLabel("Contraseña", { exact: true }).fill("a good password");
  await customer.getByLabel("Confirma la contraseña").fill("a good password");
  await customer.getByRole("button", { name: "Crear cuenta" }).click();

  // Back on the tag, signed in: the account's language (taken from the browser at sign-up).
  // Once answered, the page's address names its visit (Back shows it again instead of tapping again).
  await expect(customer).toHaveURL(new RegExp(`/tap\\?id=${tagId}(&visit=[0-9a-f]{32})?$`));
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === "loyaltap-locale")?.value).toBe("es");

  await customer.goto("/dashboard");
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  await expect(customer.getByRole("heading", { level: 1, name: "Hola, Lucía" })).toBeVisible();
  await expect(customer.getByRole("heading", { name: "Tus sitios" })).toBeVisible();
  await expect(customer.getByRole("link", { name: "Ajustes" }).first()).toBeVisible();
  await customer.screenshot({ path: "test-results/journey-dashboard-es.png", fullPage: true });
  await context.close();

  // A visitor whose browser asks for none of our languages gets the café's Catalan page.
  const visitorContext = await browser.newContext({ locale: "de-DE" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tap?id=${tagId}`);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "ca");
  await expect(visitor.getByRole("link", { name: "Apunta't" })).toBeVisible();
  await visitorContext.close();
});
