import { encode } from "next-auth/jwt";
import { authSecret, SESSION_COOKIE } from "@/lib/auth/cookies";
import { sessionFromCookie } from "@/lib/auth/session-decode";

// The decoded session cookie is kept (decrypting costs), but never past its expiry.
beforeAll(() => {
  process.env.AUTH_SECRET = "unit-test-secret-0123456789abcdef";
});

describe("sessionFromCookie", () => {
  afterEach(() => jest.useRealTimers());

  const cookieOf = async (sub: string, sv: number, maxAge: number) =>
    `${SESSION_COOKIE}=${await encode({ token: { sub, sv }, secret: authSecret(), salt: SESSION_COOKIE, maxAge })}`;

  it("names the same user and version on every request with the cookie", async () => {
    const cookie = await cookieOf("user-1", 3, 600);
    expect(await sessionFromCookie(cookie)).toEqual({ userId: "user-1", sessionVersion: 3, guest: false });
    expect(await sessionFromCookie(`theme=dark; ${cookie}`)).toEqual({
      userId: "user-1",
      sessionVersion: 3,
      guest: false,
    });
  });

  it("says when the cookie is a guest card's (the proxy lets it reach the sign-in pages)", async () => {
    const token = await encode({
      token: { sub: "guest-1", sv: 0, guest: true },
      secret: authSecret(),
      salt: SESSION_COOKIE,
      maxAge: 600,
    });
    expect(await sessionFromCookie(`${SESSION_COOKIE}=${token}`)).toEqual({
      userId: "guest-1",
      sessionVersion: 0,
      guest: true,
    });
  });

  it("refuses a cookie once it has expired, though it was read while still valid", async () => {
    jest.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z"), doNotFake: ["nextTick", "setImmediate"] });
    const cookie = await cookieOf("user-2", 0, 60);
    expect(await sessionFromCookie(cookie)).toEqual({ userId: "user-2", sessionVersion: 0, guest: false });
    jest.setSystemTime(new Date("2026-11-24T10:05:00Z"));
    expect(await sessionFromCookie(cookie)).toBeNull();
  });

  it("refuses a cookie that was tampered with", async () => {
    const cookie = await cookieOf("user-3", 0, 600);
    expect(await sessionFromCookie(`${cookie.slice(0, -2)}xx`)).toBeNull();
  });
});
