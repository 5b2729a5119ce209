import jsQR from "jsqr";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, expectPath, logIn, signUpCustomer } from "./support";

const QR_TEXT = "Show this QR to friends or businesses to identify and link with you.";
const BANNER_TEXT = "Install the app for a faster, app-like experience.";

async function myId(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

const bottomNav = (page: Page) => page.getByRole("navigation", { name: "Dashboard tabs" });

test.describe("bottom navigation at 375×812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("shows the four tabs on /dashboard pages, the current one marked", async ({ page }) => {
    await signUpCustomer(page, "nav");
    await page.goto("/dashboard");
    const nav = bottomNav(page);
    await expect(nav).toBeVisible();
    const tabs = [
      ["Home", "/dashboard"],
      ["Wallet", "/dashboard/wallet"],
      ["Rewards", "/dashboard/rewards"],
      ["Settings", "/dashboard/settings"],
    ] as const;
    for (const [name, href] of tabs) await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("button", { name: "Show my QR" })).toBeVisible();
    // The desktop header's QR button gives way to the round one.
    await expect(
      page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("button", { name: "Show my QR" }),
    ).toBeHidden();

    await nav.getByRole("link", { name: "Settings" }).click();
    await expectPath(page, "/dashboard/settings");
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the page's last content is not hidden behind the bar", async ({ page }) => {
    await signUpCustomer(page, "pad");
    await page.goto("/dashboard/settings");
    const last = page.getByRole("button", { name: "Delete my account" });
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await last.boundingBox();
    const bar = await bottomNav(page).boundingBox();
    expect(button && bar && button.y + button.height <= bar.y).toBe(true);
  });

  test("is there at exactly 768px wide and gone at 769px", async ({ page }) => {
    await signUpCustomer(page, "edge");
    await page.goto("/dashboard");
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(bottomNav(page)).toBeVisible();
    await page.setViewportSize({ width: 769, height: 900 });
    await expect(bottomNav(page)).toBeHidden();
  });

  test("is not shown when signed out or outside /dashboard", async ({ page }) => {
    for (const path of ["/", "/about", "/login"]) {
      await page.goto(path);
      await expect(bottomNav(page)).toHaveCount(0);
    }
    await signUpCustomer(page, "outside");
    const id = await myId(page);
    for (const path of ["/", "/about", `/qr/${id}`, `/tap?id=demo-cafe`]) {
      await page.goto(path);
      await expect(page.locator("body")).toBeVisible();
      await expect(bottomNav(page)).toHaveCount(0);
    }
  });

  test("'Show my QR' opens the QR of /qr/{id} on this origin; close button, backdrop and Escape close it", async ({
    page,
  }) => {
    await signUpCustomer(page, "qr");
    const id = await myId(page);
    await page.goto("/dashboard");
    const trigger = bottomNav(page).getByRole("button", { name: "Show my QR" });
    const dialog = page.getByRole("dialog", { name: "My QR code" });

    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(QR_TEXT, { exact: true })).toBeVisible();
    const qr = dialog.getByRole("img", { name: "Your personal QR code" });
    const origin = new URL(page.url()).origin;
    // /qr/{id} on this origin, with the presence token the counter's actions need.
    const encoded = new RegExp(`^${origin.replace(/\./g, "\\.")}/qr/${id}\\?t=[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`);
    await expect(qr).toHaveAttribute("data-qr-value", encoded);
    const value = (await qr.getAttribute("data-qr-value"))!;
    const box = await qr.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 280]);
    // Decode what is actually drawn, as a phone camera would.
    const image = await qr.evaluate((canvas: HTMLCanvasElement) => ({
      width: canvas.width,
      height: canvas.height,
      data: Array.from(canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data),
    }));
    expect(image.width).toBe(280);
    const decoded = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
    expect(decoded?.data).toBe(value);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8); // the backdrop, outside the card
    await expect(dialog).toBeHidden();

    await trigger.click();
    await expect(dialog).toBeVisible();
    // Focus stays inside while open.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe("at 1024×768", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("no bottom bar; the header offers 'Show my QR'", async ({ page }) => {
    await signUpCustomer(page, "desk");
    const id = await myId(page);
    await page.goto("/dashboard");
    await expect(bottomNav(page)).toBeHidden();
    await page
      .getByRole("navigation", { name: "Dashboard", exact: true })
      .getByRole("button", { name: "Show my QR" })
      .click();
    const dialog = page.getByRole("dialog", { name: "My QR code" });
    await expect(dialog.getByText(QR_TEXT, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Your personal QR code" })).toHaveAttribute(
      "data-qr-value",
      new RegExp(`/qr/${id}\\?t=`),
    );
  });
});

test.describe("the QR's presence token", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the open overlay renews it every 2 minutes", async ({ page }) => {
    await page.clock.install();
    await signUpCustomer(page, "renew");
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Dashboard", exact: true })
      .getByRole("button", { name: "Show my QR" })
      .click();
    const qr = page.getByRole("dialog", { name: "My QR code" }).getByRole("img", { name: "Your personal QR code" });
    await expect(qr).toHaveAttribute("data-qr-value", /\?t=/);
    const first = (await qr.getAttribute("data-qr-value"))!;
    // Tokens name their expiry to the second: let the server's clock pass one.
    await page.waitForTimeout(1100);
    await page.clock.fastForward("02:00");
    await expect(qr).not.toHaveAttribute("data-qr-value", first);
    await expect(qr).toHaveAttribute("data-qr-value", /\?t=/);
  });
});

test.describe("install banner", () => {
  // A real service worker could make Chromium fire its own install prompt mid-test.
  test.use({ serviceWorkers: "block" });

  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => {
          const w = window as unknown as { __promptCalls?: number };
          w.__promptCalls = (w.__promptCalls ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  /** Loads the dashboard, waits until the banner listens, then stops the page's clock. */
  async function dashboardWithPausedClock(page: Page) {
    await page.clock.install();
    await signUpCustomer(page, "banner");
    await page.goto("/dashboard");
    await expect.poll(() => offerInstall(page)).toBe(true);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  }

  test("appears 10 s after the install prompt; Close keeps it away for 60 s; Install prompts and hides it", async ({
    page,
  }) => {
    await dashboardWithPausedClock(page);
    const banner = page.getByRole("region", { name: "Install app" });

    expect(await offerInstall(page)).toBe(true);
    await page.clock.runFor(9_900);
    await expect(banner).toBeHidden();
    await page.clock.runFor(100);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(BANNER_TEXT);
    expect(
      await banner.evaluate((el) => [getComputedStyle(el).position, Math.round(el.getBoundingClientRect().top)]),
    ).toEqual(["fixed", 0]);
    // The page moves down while it shows: the header and its links are not covered.
    const bannerBottom = await banner.evaluate((el) => el.getBoundingClientRect().bottom);
    const header = page.getByRole("navigation", { name: "Dashboard", exact: true });
    expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(bannerBottom - 1);

    await banner.getByRole("button", { name: "Close" }).click();
    await expect(banner).toBeHidden();
    expect(Number(await page.evaluate(() => localStorage.getItem("install-banner-closed-at")))).toBeGreaterThan(0);

    // Offered again 0 s and 49.9 s after the Close: suppressed both times.
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(banner).toBeHidden();
    await page.clock.runFor(39_900);
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(banner).toBeHidden();
    // 60 s after the Close, it may come back.
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(banner).toBeVisible();

    await banner.getByRole("button", { name: "Install" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __promptCalls?: number }).__promptCalls)).toBe(1);
  });

  test("the Close is remembered across pages", async ({ page }) => {
    await dashboardWithPausedClock(page);
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await page.getByRole("region", { name: "Install app" }).getByRole("button", { name: "Close" }).click();
    await page.goto("/dashboard/settings");
    await expect.poll(() => offerInstall(page)).toBe(true);
    await page.clock.runFor(10_000);
    await expect(page.getByRole("region", { name: "Install app" })).toBeHidden();
  });

  test("hides once the app is installed", async ({ page }) => {
    await dashboardWithPausedClock(page);
    const banner = page.getByRole("region", { name: "Install app" });
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(banner).toBeHidden();
  });

  test("never appears in the installed (standalone) app", async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await dashboardWithPausedClock(page);
    await offerInstall(page);
    await page.clock.runFor(20_000);
    await expect(page.getByRole("region", { name: "Install app" })).toBeHidden();
  });
});

test.describe("installable app", () => {
  test("the manifest names the app and starts at the dashboard", async ({ page }) => {
    await page.goto("/");
    const href = await page.locator("link[rel=manifest]").getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "Loyaltap",
      short_name: "Loyaltap",
      start_url: "/dashboard",
      display: "standalone",
      theme_color: "#4F46E5",
      background_color: "#ffffff",
    });
    const icons = manifest.icons as { src: string; sizes: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of icons) {
      const response = await page.request.get(icon.src);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
  });

  test("the service worker caches only static files, never pages or API answers", async ({ page }) => {
    await signUpCustomer(page, "sw");
    await page.goto("/dashboard");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    await page.goto("/dashboard/settings");
    await page.request.get("/api/auth/me");
    await page.evaluate(() => fetch("/api/auth/me").then((r) => r.text()));
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return { names, urls };
    });
    expect(cached.names).toEqual(["loyaltap-static-v1"]);
    expect(cached.urls.some((u) => u.startsWith("/_next/static/"))).toBe(true);
    expect(cached.urls).toEqual(expect.arrayContaining(["/manifest.webmanifest", "/icons/icon-192.png"]));
    for (const url of cached.urls) expect(url).toMatch(/^(\/_next\/static\/|\/icons\/|\/manifest\.webmanifest$)/);
  });
});

test.describe("settings", () => {
  test("name and birthday are saved; the header greets the new name", async ({ page }) => {
    await signUpCustomer(page, "settings");
    await page.goto("/dashboard/settings");
    await page.getByLabel("First name").fill("Queralt");
    await page.getByLabel("Last name").fill("Soler");
    await page.getByLabel("Birthday").fill("1992-04-23");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Queralt");
    await expect(page.getByLabel("Birthday")).toHaveValue("1992-04-23");
    await expect(page.getByRole("navigation", { name: "Dashboard", exact: true }).getByText("Queralt")).toBeVisible();

    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("First name is required", { exact: true })).toBeVisible();
  });

  test("colour scheme and notifications", async ({ page }) => {
    await signUpCustomer(page, "prefs");
    await page.goto("/dashboard/settings");
    await page.getByLabel("Dark").check();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("color-scheme"))).toBe("dark");
    await page.getByLabel("Light").check();
    await expect(page.locator("html")).not.toHaveClass(/dark/);

    const notifications = page.getByRole("checkbox", { name: /Notifications/ });
    await expect(notifications).toBeChecked();
    await notifications.uncheck();
    await expect(page.getByText("Notifications turned off")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Notifications/ })).not.toBeChecked();
  });

  test("deleting the account asks for the password again, signs out and the account is gone", async ({ page }) => {
    const email = await signUpCustomer(page, "delete");
    await page.goto("/dashboard/settings");
    // Settings ask for the password in two places (passkeys, deletion): this is the deletion's.
    const deletion = page.getByRole("region", { name: "Delete account" });
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Enter your current password to confirm it's you." }),
    ).toBeVisible();
    await deletion.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your current password is not correct." })).toBeVisible();
    await expectPath(page, "/dashboard/settings");

    await deletion.getByLabel("Your password").fill("a good password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expectPath(page, "/");
    await page.goto("/dashboard");
    await expectPath(page, "/login?redirect=%2Fdashboard");
    await logIn(page, email, "a good password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  });

  test("an owner is told why their account can't be deleted yet", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_OWNER_EMAIL);
    await expectPath(page, "/dashboard");
    await page.goto("/dashboard/settings");
    const deletion = page.getByRole("region", { name: "Delete account" });
    await deletion.getByLabel("Your password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Café Central" })).toContainText("can't be deleted");
    await page.reload();
    await expectPath(page, "/dashboard/settings");
  });
});
