// A new account's language is the browser's (Accept-Language, negotiated) in
// every place an account is created, and every sign-in sets the language
// cookie to the account's setting (docs/i18n.md).
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { AdapterUser } from "next-auth/adapters";
import { POST as register } from "@/app/api/auth/register/route";
import { loginAction } from "@/lib/actions/login";
import { registerCustomerAction } from "@/lib/actions/register";
import { hashPassword } from "@/lib/auth/password";
import { setOAuthLocaleCookie, withSignUpLanguage } from "@/lib/auth/oauth-language";
import { db } from "@/lib/db";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { call, uniqueEmail } from "../support/api";
import { createUser } from "../support/fixtures";

// Server actions read the request through next/headers: stand in one request.
const request = { headers: new Headers(), cookies: new Map<string, { value: string; options: unknown }>() };
jest.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => {
      const cookie = request.cookies.get(name);
      return cookie ? { name, value: cookie.value } : undefined;
    },
    set: (name: string, value: string, options: unknown) => request.cookies.set(name, { value, options }),
  }),
}));

// The action builder translates a failure in the request's language: a Spanish visitor here.
jest.mock("next-intl/server", () => ({
  getTranslations: async () =>
    (jest.requireActual("../support/catalog") as typeof import("../support/catalog")).translator("es"),
}));

function newRequest(acceptLanguage: string | null) {
  request.headers = new Headers({ "x-loyaltap-client-ip": `10.9.${Math.floor(Math.random() * 250)}.1` });
  if (acceptLanguage) request.headers.set("accept-language", acceptLanguage);
  request.cookies.clear();
}

const PASSWORD = "correct horse battery";
const languageOf = async (email: string) =>
  (await db.user.findUniqueOrThrow({ where: { email }, select: { language: true } })).language;

afterAll(() => db.$disconnect());

describe("the API sign-up (the business wizard)", () => {
  it.each([
    ["es-ES,es;q=0.9,en;q=0.8", "es"],
    ["ca-ES", "ca"],
    ["fr-FR,de;q=0.5", "en"],
    [null, "en"],
  ])("Accept-Language %s → %s, and the cookie says so", async (acceptLanguage, language) => {
    const email = uniqueEmail("lang");
    const res = await call(register, "POST", "/api/auth/register", {
      body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" }, tap_id: null },
      headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    });
    expect(res.status).toBe(201);
    expect(await languageOf(email)).toBe(language);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${LOCALE_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`${LOCALE_COOKIE}=${language};`);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });
});

describe("the sign-up form's action", () => {
  it("stores the negotiated language and sets its cookie with the session", async () => {
    newRequest("ca-ES-valencia, es;q=0.5");
    const email = uniqueEmail("action");
    const result = await registerCustomerAction(
      { firstName: "Núria", lastName: "Puig", email, password: PASSWORD, confirmPassword: PASSWORD },
      { tapId: null, redirect: null },
    );
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect(await languageOf(email)).toBe("ca");
    expect(request.cookies.get(LOCALE_COOKIE)).toMatchObject({
      value: "ca",
      options: { path: "/", sameSite: "lax", httpOnly: false, secure: false },
    });
    expect(request.cookies.has("authjs.session-token")).toBe(true);
  });

  it("answers a taken email in the visitor's language", async () => {
    const { user } = await createUser({ email: uniqueEmail("taken") });
    newRequest("es");
    const result = await registerCustomerAction(
      { firstName: "A", lastName: "B", email: user.email!, password: PASSWORD, confirmPassword: PASSWORD },
      { tapId: null, redirect: null },
    );
    expect(result).toEqual({ ok: false, error: "Ya existe una cuenta con este correo electrónico." });
    expect(request.cookies.has(LOCALE_COOKIE)).toBe(false);
  });
});

describe("log-in", () => {
  it("sets the cookie to the account's own language, not the browser's", async () => {
    const email = uniqueEmail("login");
    await createUser({ email, passwordHash: await hashPassword(PASSWORD), language: "es" });
    newRequest("ca");
    const result = await loginAction({ email, password: PASSWORD }, "/dashboard");
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect(request.cookies.get(LOCALE_COOKIE)?.value).toBe("es");
  });
});

describe("Google's first sign-in", () => {
  it("creates the account in the browser's language", async () => {
    const adapter = withSignUpLanguage(PrismaAdapter(db), async () => "es");
    const email = uniqueEmail("google");
    const created = await adapter.createUser!({
      id: "ignored",
      email,
      emailVerified: null,
      name: "Pau Vila",
    } as AdapterUser);
    expect(await languageOf(email)).toBe("es");

    const set = jest.fn();
    await setOAuthLocaleCookie({ set }, created.id);
    expect(set).toHaveBeenCalledWith(LOCALE_COOKIE, "es", expect.objectContaining({ path: "/", maxAge: 31_536_000 }));
  });

  it("is English when the language cannot be read", async () => {
    const adapter = withSignUpLanguage(PrismaAdapter(db), () => Promise.reject(new Error("no request")));
    const email = uniqueEmail("google");
    await adapter.createUser!({ id: "ignored", email, emailVerified: null } as AdapterUser);
    expect(await languageOf(email)).toBe("en");
  });
});
