import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { setLanguageAction, syncLocaleCookieAction } from "@/lib/actions/settings";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import type { Locale } from "@/lib/i18n/locales";
import { createUser } from "../support/fixtures";
import { translator } from "../support/catalog";

// Settings → Language, through its server action, on the real database: the
// session and the request's cookie jar are stood in, the language of the
// answer is the caller's (here English, then Spanish).

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
const jar = { set: jest.fn() };
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  cookies: jest.fn(async () => jar),
}));
jest.mock("next-intl/server", () => ({ getTranslations: jest.fn() }));

afterAll(() => db.$disconnect());

let readerLocale: Locale = "en";
beforeEach(() => {
  jar.set.mockClear();
  readerLocale = "en";
  jest.mocked(getTranslations).mockImplementation((async () => translator(readerLocale)) as never);
});

async function signedIn(language = "en"): Promise<AppUser> {
  const { user } = await createUser({ language });
  const found = (await findActiveUserById(user.id))!;
  jest.mocked(getCurrentUser).mockResolvedValue(found);
  return found;
}

const stored = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).language;

describe("the personal language setting", () => {
  it.each(["es", "ca", "en"] as const)("saves %s on the account and in the locale cookie", async (language) => {
    const user = await signedIn(language === "en" ? "ca" : "en");
    expect(await setLanguageAction({ language })).toEqual({ ok: true });
    expect(await stored(user.id)).toBe(language);
    expect(jar.set).toHaveBeenCalledWith("loyaltap-locale", language, {
      path: "/",
      sameSite: "lax",
      maxAge: 365 * 24 * 60 * 60,
      httpOnly: false,
      secure: false,
    });
    expect(cookies).toHaveBeenCalled();
  });

  it.each(["fr", "EN", "en-US", "", null, 3, undefined])(
    "refuses %p with a message that names the choices, and changes nothing",
    async (language) => {
      const user = await signedIn("es");
      expect(await setLanguageAction({ language })).toEqual({
        ok: false,
        error: "Choose English, Español or Català",
        fieldErrors: { language: "Choose English, Español or Català" },
      });
      expect(await stored(user.id)).toBe("es");
      expect(jar.set).not.toHaveBeenCalled();
    },
  );

  it("answers the refusal in the caller's language", async () => {
    await signedIn("es");
    readerLocale = "es";
    expect(await setLanguageAction({ language: "de" })).toMatchObject({
      ok: false,
      error: "Elige English, Español o Català",
    });
  });

  it("refuses a signed-out caller without touching any account", async () => {
    jest.mocked(getCurrentUser).mockResolvedValue(null);
    expect(await setLanguageAction({ language: "es" })).toEqual({ ok: false, error: "Please log in again." });
    expect(jar.set).not.toHaveBeenCalled();
  });

  it("heals the cookie from the database, whatever the client would like", async () => {
    await signedIn("ca");
    expect(await syncLocaleCookieAction("es")).toEqual({ ok: true });
    expect(jar.set).toHaveBeenCalledWith("loyaltap-locale", "ca", expect.objectContaining({ path: "/" }));
    // An old free-text value reads as English.
    await signedIn("en-US");
    await syncLocaleCookieAction();
    expect(jar.set).toHaveBeenLastCalledWith("loyaltap-locale", "en", expect.objectContaining({ path: "/" }));
  });
});
