import { expect, test } from "@playwright/test";
import { e2ePort } from "./port";
import { expectPath, logIn, mailedLink, uniqueEmail } from "./support";

// A customer who forgot their password: from the log-in page (the email they
// typed comes along) to a mailed link, a new password, and back in.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

// The e2e server writes mails to its outbox and logs each file's path (never the link).

test("forgotten password: from log-in, with the email carried, to a new password and back in", async ({
  page,
  playwright,
}) => {
  // A whole journey of page loads: on the shared 2-core machine it needs more than the default 30 s.
  test.setTimeout(90_000);
  const email = uniqueEmail("journey-reset");
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${e2ePort()}` });
  const created = await api.post("/api/auth/register", {
    headers: { origin: `http://127.0.0.1:${e2ePort()}` },
    data: { email, password: "the old password", metadata: { first_name: "Pol", last_name: "Vidal" } },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expectPath(page, "/auth/reset");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for this email" })).toBeVisible();

  const link = await mailedLink(email, "/auth/reset");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("Confirm new password").fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been updated. You can log in now.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Log in", exact: true }).click();
  await expectPath(page, "/login");
  await logIn(page, email, "a brand new password");
  await expectPath(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Pol" })).toBeVisible();

  // The spent link says so on load, with no password form, and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "was already used" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
});
