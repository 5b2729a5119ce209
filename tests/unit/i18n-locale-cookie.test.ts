import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { LOCALE_COOKIE_MAX_AGE, setLocaleCookie } from "@/lib/i18n/locale-cookie";

describe("setLocaleCookie", () => {
  it("writes the language for a year on every path, Lax, readable by scripts", () => {
    const set = jest.fn();
    setLocaleCookie({ set }, "es", false);
    expect(set).toHaveBeenCalledTimes(1);
    expect(set).toHaveBeenCalledWith(LOCALE_COOKIE, "es", {
      path: "/",
      sameSite: "lax",
      maxAge: 365 * 24 * 60 * 60,
      secure: false,
      httpOnly: false,
    });
    expect(LOCALE_COOKIE_MAX_AGE).toBe(31_536_000);
  });

  it("is Secure when the session cookie is", () => {
    const set = jest.fn();
    setLocaleCookie({ set }, "ca", true);
    expect(set.mock.calls[0]?.[2]).toMatchObject({ secure: true });
  });
});
