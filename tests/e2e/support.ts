import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { qrTokenKey, signQrToken } from "@/lib/qr/presence-token";
import { e2ePort } from "./port";

// Seeded by prisma/seed.ts into the e2e server's fresh embedded database.
export const DEMO_PASSWORD = "loyaltap-demo";
export const DEMO_OWNER_EMAIL = "owner@loyaltap.test";
export const DEMO_CUSTOMER_EMAIL = "customer@loyaltap.test";
export const DEMO_ADMIN_EMAIL = "admin@loyaltap.test";
export const DEMO_TAG_ID = "demo-cafe";

/** Where specs save the screenshots a person looks at (inside Playwright's own output folder, git-ignored). */
export const SHOTS_DIR = process.env.SHOTS_DIR || "test-results/shots";

/** The e2e server's AUTH_SECRET (playwright.config.ts): what signs its QR presence tokens. */
export const E2E_AUTH_SECRET = "e2e-secret-not-for-production-0123456789";

/**
 * The customer's QR page as their live QR encodes it: /qr/{id} with a fresh
 * presence token, which the counter's actions need (docs/authentication.md,
 * "QR presence tokens"). Signed here as the server signs it for the overlay.
 */
export function liveQrPath(customerId: string): string {
  const { token } = signQrToken(customerId, new Date(), qrTokenKey(E2E_AUTH_SECRET));
  return `/qr/${customerId}?t=${encodeURIComponent(token)}`;
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

// What a browser sends with a post from our own pages: cookie-carrying posts without it are refused.
const SAME_ORIGIN = { origin: `http://127.0.0.1:${e2ePort()}` };

/**
 * Waits until React has hydrated the element: what a client component decides
 * in the browser (the header's Log in target, say) is only there after that,
 * and a check made earlier would pass on the server's HTML alone.
 */
export async function expectHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

/**
 * Waits until a signed-in page has recorded in this browser who is signed in
 * (SessionSync or SessionMark write it once React has hydrated the page). The
 * headers of the cached pages (the public card, the visitor's tap page) read
 * it; a test that leaves the signed-in page before then finds them saying
 * "Log in", although the server's HTML of that page was already on screen.
 */
export async function expectSessionRecorded(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).not.toBeNull();
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** A new customer, signed in in this page's browser context (the API sets the session cookie). */
/** A new customer, signed in in this context; `acceptLanguage` is the browser language their account takes at sign-up. */
export async function signUpCustomer(page: Page, label = "customer", acceptLanguage?: string) {
  const email = uniqueEmail(label);
  const response = await page.request.post("/api/auth/register", {
    headers: acceptLanguage ? { ...SAME_ORIGIN, "Accept-Language": acceptLanguage } : SAME_ORIGIN,
    data: { email, password: "a good password", metadata: { first_name: "Pau", last_name: "Test" } },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** A new business owner with a business (and optionally a claimed tag), signed in in this context. */
export async function signUpOwner(page: Page, options: { tagId?: string; name?: string } = {}) {
  const email = uniqueEmail("owner");
  const response = await page.request.post("/api/auth/register", {
    headers: SAME_ORIGIN,
    data: {
      email,
      password: "a good password",
      metadata: { first_name: "Núria", last_name: "Owner" },
      business: { name: options.name ?? `Shop ${Date.now()}` },
      tap_id: options.tagId ?? null,
      business_profile: { keywords: ["Retail"], phone: "+34 600 111 222", address: "Carrer Major 1, Barcelona" },
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { business_id: string };
  return { email, businessId: body.business_id };
}

export const uniqueTag = (label = "tag") => `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** A stamp card on the signed-in owner's business, made through the owner's own form. */
export async function createStampsProgram(
  page: Page,
  businessId: string,
  program: { name: string; stamps: number; reward: string },
) {
  await page.goto(`/dashboard/program/create?businessId=${businessId}`);
  await page.getByRole("radio", { name: "Stamp card", exact: true }).check();
  await page.getByLabel("Program name").fill(program.name);
  await page.getByLabel("Stamps required").fill(String(program.stamps));
  await page.getByLabel("Reward name").fill(program.reward);
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program created")).toBeVisible();
}

const SERVER_LOG = process.env.E2E_SERVER_LOG || "test-results/e2e-server.log";

/** The mails to `to`, oldest first, as the .eml files the e2e server's mailer wrote (it logs each file's path, never a link). */
export async function mailsTo(to: string): Promise<string[]> {
  const log = await readFile(SERVER_LOG, "utf8").catch(() => "");
  const files = log
    .split("\n")
    .filter((line) => line.includes(`to=${to} `))
    .map((line) => / file=(\S+?\.eml)/.exec(line)?.[1])
    .filter((file): file is string => Boolean(file));
  return Promise.all(files.map((file) => readFile(file, "utf8")));
}

/** The newest mail to `to` that `matches`, once it has been written. */
export async function mailedTo(to: string, matches: (mail: string) => boolean = () => true): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(to)).filter(matches).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * The path (with its query) of the link to `path` in the newest mail to `to`
 * that has one (an account also gets its welcome mail, at a moment of the queue's choosing).
 */
export async function mailedLink(to: string, path: string): Promise<string> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`https?://[^\\s<>"]+${escaped}\\?token=[^\\s<>"]+`);
  const link = pattern.exec(await mailedTo(to, (mail) => pattern.test(mail)))![0];
  const url = new URL(link);
  return url.pathname + url.search;
}
