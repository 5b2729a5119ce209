import { expect, test } from "@playwright/test";
import { expectHydrated, expectPath, mailedLink, uniqueEmail } from "./support";

// Signing in with an emailed link (docs/authentication.md, "Signing in with an
// emailed link"): from the log-in page, with no account and no password, to the
// dashboard; the link works once. The e2e server writes mails to its outbox.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

test("Email me a link: a new address lands signed in on the dashboard, and the link works once", async ({ page }) => {
  // A journey of page loads: on the shared 2-core machine it needs more than the default 30 s.
  test.setTimeout(90_000);
  const email = uniqueEmail("email-link");
  await page.goto("/login");
  // Above the password form, which stays as it was.
  const send = page.getByRole("button", { name: "Email me a link" });
  const logIn = page.getByRole("button", { name: "Log in" });
  expect((await send.boundingBox())!.y).toBeLessThan((await logIn.boundingBox())!.y);
  await expectHydrated(send);
  await page.getByLabel("Send the link to").fill(email);
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();

  const link = await mailedLink(email, "/auth/email-link");
  await page.goto(link);
  await expectPath(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, there" })).toBeVisible();

  // Signed out, the same link says it is spent and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText("This link has already been used or has expired.")).toBeVisible();
  const again = page.getByRole("button", { name: "Send a new link" });
  await expectHydrated(again);
  await again.click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
  // The new link (the newest mail) signs in again.
  await expect.poll(() => mailedLink(email, "/auth/email-link")).not.toBe(link);
  await page.goto(await mailedLink(email, "/auth/email-link"));
  await expectPath(page, "/dashboard");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link page's Sign in button spends the link and leads to its redirect", async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("email-link-nojs");
    const asked = await page.request.post("/api/auth/email-link", {
      data: { email, redirect: "/dashboard/settings" },
    });
    expect(asked.status()).toBe(202);

    await page.goto(await mailedLink(email, "/auth/email-link"));
    // Nothing happens on its own: the link is spent only by the button.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectPath(page, "/dashboard/settings");
  });
});
