import { expect, test } from "@playwright/test";
import { e2ePort } from "./port";
import { expectHydrated, expectPath, mailedLink, signUpOwner, uniqueEmail, SHOTS_DIR } from "./support";

// What a walk on Spanish phones found, walked again at 375 px in Spanish: a
// staff member is offered only the pages their role opens, the invitation's
// sign-up starts from the invited address, a signed-in person's headers lead
// to the dashboard, toasts speak the reader's language,
// and a password-reset link is checked when it opens, not after two passwords
// were typed.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, locale: "es-ES" });

test("a staff member signs up from the invitation with its address filled in, and their bar offers only the customers and the review queue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const cafe = `Forn Staff ${Date.now()}`;
  const { businessId } = await signUpOwner(page, { name: cafe });

  // The owner (an English account) invites by email from the Staff page.
  const staffEmail = uniqueEmail("walk-staff");
  await page.goto(`/dashboard/business/${businessId}/staff`);
  const email = page.getByLabel("Email");
  await expectHydrated(email);
  await email.fill(staffEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${staffEmail}` })).toBeVisible();

  // The invited person, on a Spanish phone, signs up from the link: the address is already there.
  const link = await mailedLink(staffEmail, "/staff/accept");
  const staffContext = await browser.newContext({ viewport: PHONE, locale: "es-ES" });
  const staff = await staffContext.newPage();
  await staff.goto(link);
  await staff.getByRole("link", { name: "Crear una cuenta" }).click();
  await expect(staff.getByRole("heading", { name: "Crea tu cuenta" })).toBeVisible();
  await expectHydrated(staff.getByLabel("Nombre", { exact: true }));
  await expect(staff.getByLabel("Correo electrónico")).toHaveValue(staffEmail);
  await staff.getByLabel("Nombre", { exact: true }).fill("Sara");
  await staff.getByLabel("Apellidos").fill("Serra");
  await staff.getByLabel("Contraseña", { exact: true }).fill("a good password");
  await staff.getByLabel("Confirma la contraseña").fill("a good password");
  await staff.getByRole("button", { name: "Crear cuenta" }).click();
  await expectPath(staff, link);
  await staff.getByRole("button", { name: "Envíame un enlace de confirmación" }).click();
  await expect(staff.getByRole("status").filter({ hasText: `Hemos enviado un enlace a ${staffEmail}` })).toBeVisible();
  await staff.goto(await mailedLink(staffEmail, "/auth/verify-email"));
  await staff.getByRole("link", { name: "Continuar" }).click();
  const join = staff.getByRole("button", { name: "Unirme como personal" });
  await expectHydrated(join);
  await join.click();
  await expect(staff.getByRole("status").filter({ hasText: `Ahora trabajas en ${cafe}.` })).toBeVisible();

  // Signed in, never yet on the dashboard: the headers of /staff/accept, /about and /terms lead there, not to "log in".
  const header = staff.getByRole("navigation", { name: "Principal" });
  await expect(header.getByRole("link", { name: "Panel" })).toBeVisible();
  for (const path of ["/about", "/terms"]) {
    await staff.goto(path);
    await expect(header.getByRole("link", { name: "Panel" }), path).toBeVisible();
    await expect(header.getByRole("link", { name: "Iniciar sesión" }), path).toHaveCount(0);
  }

  // At the counter: the business's bar offers the customers and the held visits to review, not the owner's other pages.
  await staff.goto(`/dashboard/business/${businessId}/customers`);
  await expect(staff.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  const bar = staff.getByRole("navigation", { name: "Secciones del negocio" });
  await expect(bar.getByRole("link")).toHaveText(["Clientes", "Revisión"]);
  await staff.screenshot({ path: `${SHOTS_DIR}/walk-staff-bar-es.png`, fullPage: true });
  // And the owner's pages still refuse them.
  expect((await staff.goto(`/dashboard/business/${businessId}/insights`))?.status()).toBe(404);

  // A toast's close button speaks Spanish too.
  await staff.goto("/dashboard/settings");
  const save = staff.getByRole("button", { name: "Guardar el perfil" });
  await expectHydrated(save);
  await save.click();
  await expect(staff.getByText("Perfil guardado")).toBeVisible();
  await expect(staff.getByRole("button", { name: "Cerrar la notificación" })).toBeVisible();
  await staffContext.close();

  // The owner's bar is whole.
  await page.goto(`/dashboard/business/${businessId}/customers`);
  await expect(page.getByRole("navigation", { name: "Business sections" }).getByRole("link")).toHaveCount(11);

  // The owner types the website as people say it: leaving the field completes it.
  await page.goto(`/dashboard/business/${businessId}?tab=profile`);
  const website = page.getByLabel("Website");
  await expectHydrated(website);
  await website.fill("fornqa.cat");
  await website.press("Tab");
  await expect(website).toHaveValue("https://fornqa.cat");
});

test("a password-reset link is checked when it opens: a good one asks for the password, a used or unknown one says so and mails a new one", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("walk-reset");
  const created = await page.request.post("/api/auth/register", {
    headers: { origin: `http://127.0.0.1:${e2ePort()}` },
    data: { email, password: "the old password", metadata: { first_name: "Pol", last_name: "Vidal" } },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  // An unknown link: no password form, a clear reason, and the way to a new link.
  await page.goto("/auth/reset?token=not-a-real-reset-token");
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace no funciona" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "ha caducado o ya se ha usado" })).toBeVisible();
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/walk-reset-dead-es.png`, fullPage: true });
  const field = page.getByLabel("Correo electrónico");
  await expectHydrated(field);
  await field.fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "te hemos enviado un enlace" })).toBeVisible();

  // The mailed link works: the password form.
  const link = await mailedLink(email, "/auth/reset");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Elige una nueva contraseña" })).toBeVisible();
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("a brand new password");
  await page.getByLabel("Confirma la nueva contraseña").fill("a brand new password");
  await page.getByRole("button", { name: "Guardar la nueva contraseña" }).click();
  await expect(page.getByText("Tu contraseña se ha actualizado.")).toBeVisible();

  // Used once, the same link is dead on load.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace no funciona" })).toBeVisible();
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enviar enlace" })).toBeVisible();
});
