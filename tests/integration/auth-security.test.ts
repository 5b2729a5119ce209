import { POST as login } from "@/app/api/auth/login/route";
import { POST as apiLogout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as token } from "@/app/api/auth/token/route";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { POST as tap } from "@/app/api/tap/route";
import { GET as logoutPage, POST as logout } from "@/app/logout/route";
import { GET as sessionEnded } from "@/app/auth/session-ended/route";
import { clientIp } from "@/lib/auth/client-ip";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { markOAuthEmailVerified, resendEmailVerification, verifyEmailWithToken } from "@/lib/auth/email-verification";
import { createRefreshToken, rotateRefreshToken } from "@/lib/auth/refresh-tokens";
import { REFRESH_TOKEN_TTL_SECONDS } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { setMailer, type Mail } from "@/lib/mail";
import { call, cookieFrom, uniqueEmail } from "../support/api";
import { createBusiness, stampsProgram } from "../support/fixtures";

const PASSWORD = "correct horse battery";
let ipCounter = 0;
/** A fresh client address per use, so tests do not share rate-limit buckets. */
const freshIp = () => `192.0.2.${(ipCounter++ % 250) + 1}-${Math.random().toString(36).slice(2, 8)}`;

async function registerCustomer(email = uniqueEmail()) {
  const res = await call(register, "POST", "/api/auth/register", {
    body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" } },
  });
  expect(res.status).toBe(201);
  return {
    email,
    userId: (res.json.user as { id: string }).id,
    session: res.json.session as { access_token: string; refresh_token: string },
    cookie: cookieFrom(res.headers, SESSION_COOKIE)!,
  };
}

const loginFrom = (ip: string, email: string, password: string) =>
  call(login, "POST", "/api/auth/login", { body: { email, password }, headers: { "x-loyaltap-client-ip": ip } });
const refresh = (refresh_token: string) =>
  call(token, "POST", "/api/auth/token", { query: { grant_type: "refresh_token" }, body: { refresh_token } });
const meWith = (options: { bearer?: string; cookie?: string }) => call(me, "GET", "/api/auth/me", options);

afterAll(async () => {
  await db.$disconnect();
});

describe("login limits", () => {
  it("of 100 parallel guesses for one email from one address, only 10 are checked; the rest are 429", async () => {
    const { email } = await registerCustomer();
    const ip = freshIp();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? PASSWORD : `wrong-${i}`));
    const results = await Promise.all(guesses.map((password) => loginFrom(ip, email, password)));
    const checked = results.filter((r) => r.status !== 429);
    expect(checked).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(90);
  }, 120_000);

  it("reads the client address only from x-loyaltap-client-ip: rotating X-Forwarded-For does not escape the per-address limit", async () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }))).toBeNull();
    expect(clientIp(new Headers({ "x-loyaltap-client-ip": "9.9.9.9", "x-forwarded-for": "1.2.3.4" }))).toBe("9.9.9.9");
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await call(login, "POST", "/api/auth/login", {
        body: { email: uniqueEmail("spray"), password: "Summer2026!" },
        headers: { "x-loyaltap-client-ip": ip, "x-forwarded-for": `10.0.${i}.1`, "x-real-ip": `10.1.${i}.1` },
      });
      expect(res.status).toBe(401);
    }
    const next = await call(login, "POST", "/api/auth/login", {
      body: { email: uniqueEmail("spray"), password: "Summer2026!" },
      headers: { "x-loyaltap-client-ip": ip, "x-forwarded-for": "10.9.9.9" },
    });
    expect(next.status).toBe(429);
  }, 60_000);

  it("10 wrong passwords from an attacker's address do not lock the owner out at their own address", async () => {
    const { email } = await registerCustomer();
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await loginFrom(attacker, email, `guess-${i}`)).status).toBe(401);
    expect((await loginFrom(attacker, email, PASSWORD)).status).toBe(429);
    expect((await loginFrom(freshIp(), email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it("a higher per-email ceiling (50 failures in 15 minutes) stops guessing spread over many addresses", async () => {
    const { email } = await registerCustomer();
    for (let a = 0; a < 5; a++) {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect((await loginFrom(ip, email, `guess-${a}-${i}`)).status).toBe(401);
    }
    const blocked = await loginFrom(freshIp(), email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);

  it("a successful sign-in does not reset the address's failure count (an attacker's own account is no reset button)", async () => {
    const own = await registerCustomer();
    const ip = freshIp();
    for (let i = 0; i < 29; i++) expect((await loginFrom(ip, uniqueEmail("victim"), "guess")).status).toBe(401);
    expect((await loginFrom(ip, own.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(ip, uniqueEmail("victim"), "guess")).status).toBe(401);
    expect((await loginFrom(ip, uniqueEmail("victim"), "guess")).status).toBe(429);
  }, 60_000);
});

describe("sessions end on logout, password change and reset", () => {
  it("a session cookie and an access token replayed after logout are refused, and the refresh token is dead", async () => {
    const user = await registerCustomer();
    expect((await meWith({ cookie: user.cookie })).status).toBe(200);
    const out = await call(logout, "POST", "/logout", {
      cookie: user.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: "",
    });
    expect(out.status).toBe(303);
    expect((await meWith({ cookie: user.cookie })).status).toBe(401);
    expect((await meWith({ bearer: user.session.access_token })).status).toBe(401);
    expect((await refresh(user.session.refresh_token)).status).toBe(400);
  });

  it("the tap refuses a token issued before logout (its statement checks the session version)", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(5)] });
    const user = await registerCustomer();
    await call(apiLogout, "POST", "/api/auth/logout", { bearer: user.session.access_token });
    const res = await call(tap, "POST", "/api/tap", { bearer: user.session.access_token, body: { id: tag.id } });
    expect(res.status).toBe(401);
    expect(await db.tap.count({ where: { userId: user.userId } })).toBe(0);
  });

  it("a password reset ends every session and refresh token, and voids older reset links", async () => {
    const outbox: Mail[] = [];
    setMailer({ send: async (mail) => void outbox.push(mail) });
    try {
      const user = await registerCustomer();
      const linkToken = () =>
        new URL(/https?:\/\/\S+/.exec(outbox.filter((m) => m.to === user.email).at(-1)!.text)![0]).searchParams.get(
          "token",
        )!;
      await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email: user.email } });
      const older = linkToken();
      await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email: user.email } });
      const newer = linkToken();
      expect(newer).not.toBe(older);
      // Issuing the newer link voided the older one.
      const viaOlder = await call(updatePassword, "POST", "/api/auth/update-password", {
        body: { token: older, password: "older link password" },
      });
      expect(viaOlder.status).toBe(400);
      const done = await call(updatePassword, "POST", "/api/auth/update-password", {
        body: { token: newer, password: "a brand new password" },
      });
      expect(done.status).toBe(200);
      expect((await meWith({ cookie: user.cookie })).status).toBe(401);
      expect((await meWith({ bearer: user.session.access_token })).status).toBe(401);
      expect((await refresh(user.session.refresh_token)).status).toBe(400);
    } finally {
      setMailer(null);
    }
  });

  it("a reset link asked for before a newer one was used no longer works", async () => {
    const outbox: Mail[] = [];
    setMailer({ send: async (mail) => void outbox.push(mail) });
    try {
      const user = await registerCustomer();
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email: user.email } });
        tokens.push(new URL(/https?:\/\/\S+/.exec(outbox.at(-1)!.text)![0]).searchParams.get("token")!);
      }
      // Make the older link look unused (as if issued by a path that did not void it): using the newer must still spend it.
      await db.passwordResetToken.updateMany({ where: { user: { email: user.email } }, data: { usedAt: null } });
      expect(
        (
          await call(updatePassword, "POST", "/api/auth/update-password", {
            body: { token: tokens[1], password: "newer link password" },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(updatePassword, "POST", "/api/auth/update-password", {
            body: { token: tokens[0], password: "older link password" },
          })
        ).status,
      ).toBe(400);
    } finally {
      setMailer(null);
    }
  });

  it("changing the password needs the current one: missing is 400, wrong is 401, and nothing changes", async () => {
    const user = await registerCustomer();
    const missing = await call(updatePassword, "POST", "/api/auth/update-password", {
      bearer: user.session.access_token,
      body: { password: "stolen session pw" },
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      status: "error",
      code: "current_password_required",
      message: "Enter your current password.",
    });
    const wrong = await call(updatePassword, "POST", "/api/auth/update-password", {
      bearer: user.session.access_token,
      body: { password: "stolen session pw", current_password: "not it at all" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({
      code: "wrong_current_password",
      message: "Your current password is not correct.",
    });
    expect((await loginFrom(freshIp(), user.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(freshIp(), user.email, "stolen session pw")).status).toBe(401);
  });

  it("a password change ends every other session and refresh token; the changing browser stays signed in", async () => {
    const user = await registerCustomer();
    const other = await loginFrom(freshIp(), user.email, PASSWORD);
    const otherCookie = cookieFrom(other.headers, SESSION_COOKIE)!;
    const otherRefresh = (other.json.session as { refresh_token: string }).refresh_token;
    const changed = await call(updatePassword, "POST", "/api/auth/update-password", {
      cookie: user.cookie,
      body: { password: "changed password 1", current_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    const freshCookie = cookieFrom(changed.headers, SESSION_COOKIE)!;
    expect(freshCookie).toBeDefined();
    expect((await meWith({ cookie: freshCookie })).status).toBe(200);
    expect((await meWith({ bearer: (changed.json.session as { access_token: string }).access_token })).status).toBe(
      200,
    );
    expect((await meWith({ cookie: user.cookie })).status).toBe(401);
    expect((await meWith({ cookie: otherCookie })).status).toBe(401);
    expect((await refresh(otherRefresh)).status).toBe(400);
    expect((await refresh(user.session.refresh_token)).status).toBe(400);
  });

  it("a refresh token past its lifetime does not rotate", async () => {
    const user = await registerCustomer();
    const issuedAt = new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000 - 60_000);
    const old = await createRefreshToken(user.userId, 0, undefined, issuedAt);
    expect(await rotateRefreshToken(old)).toEqual({ ok: false, reason: "invalid" });
    expect((await refresh(old)).status).toBe(400);
    // Just inside its lifetime it still does.
    const young = await createRefreshToken(
      user.userId,
      0,
      undefined,
      new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000 + 60_000),
    );
    expect((await refresh(young)).status).toBe(200);
  });
});

describe("logout", () => {
  const form = (cookie: string | undefined, body = "") =>
    call(logout, "POST", "/logout", {
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: body,
    });

  it("GET /logout signs nobody out: a relative 303 to the sign-out page", async () => {
    const user = await registerCustomer();
    const res = await call(logoutPage as never, "GET", "/logout", { cookie: user.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sign-out");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await meWith({ cookie: user.cookie })).status).toBe(200);
  });

  it("POST /logout clears the cookie with the attributes it was set with and goes home", async () => {
    const user = await registerCustomer();
    const res = await form(user.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const cleared = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/HttpOnly/i);
    expect(cleared).toMatch(/SameSite=lax/i);
  });

  it("follows a same-origin redirect field, and never leaves the site", async () => {
    const user = await registerCustomer();
    const ok = await form(user.cookie, "redirect=%2Fabout%3Fx%3D1");
    expect(ok.headers.get("location")).toBe("/about?x=1");
    for (const hostile of [
      "/.//evil.example",
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "/%2F%2Fevil.example",
    ]) {
      const res = await form(undefined, `redirect=${encodeURIComponent(hostile)}`);
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/(?![\/\\])/);
      expect(new URL(location, "https://loyaltap.example").origin).toBe("https://loyaltap.example");
    }
  });
});

describe("/auth/session-ended", () => {
  it("deletes a cookie whose session has ended and continues to log-in; a valid session is left alone", async () => {
    const user = await registerCustomer();
    const kept = await call(sessionEnded as never, "GET", "/auth/session-ended", {
      cookie: user.cookie,
      query: { redirect: "/dashboard/settings" },
    });
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/dashboard/settings");
    expect(kept.headers.getSetCookie()).toEqual([]);
    expect((await meWith({ cookie: user.cookie })).status).toBe(200);

    await call(apiLogout, "POST", "/api/auth/logout", { bearer: user.session.access_token });
    const ended = await call(sessionEnded as never, "GET", "/auth/session-ended", {
      cookie: user.cookie,
      query: { redirect: "/dashboard/settings" },
    });
    expect(ended.status).toBe(303);
    expect(ended.headers.get("location")).toBe("/login?redirect=%2Fdashboard%2Fsettings");
    expect(ended.headers.getSetCookie().join(";")).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, "i"));
  });
});

describe("registration throttle", () => {
  const registerFrom = (ip: string, email = uniqueEmail("farm")) =>
    call(register, "POST", "/api/auth/register", {
      body: { email, password: PASSWORD },
      headers: { "x-loyaltap-client-ip": ip },
    });
  const saved = process.env.REGISTRATION_LIMIT_PER_HOUR;
  afterEach(() => {
    if (saved === undefined) delete process.env.REGISTRATION_LIMIT_PER_HOUR;
    else process.env.REGISTRATION_LIMIT_PER_HOUR = saved;
  });

  it("at most REGISTRATION_LIMIT_PER_HOUR accounts per address and hour (429 with Retry-After, nothing created)", async () => {
    process.env.REGISTRATION_LIMIT_PER_HOUR = "3";
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await registerFrom(ip)).status).toBe(201);
    const email = uniqueEmail("farm");
    const blocked = await registerFrom(ip, email);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(
      /^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await registerFrom(freshIp())).status).toBe(201);
  });

  it("of 10 parallel sign-ups over a limit of 3, exactly 3 succeed", async () => {
    process.env.REGISTRATION_LIMIT_PER_HOUR = "3";
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 10 }, () => registerFrom(ip)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  }, 60_000);

  it("the default is 20 an hour, and 0 turns the limit off", async () => {
    delete process.env.REGISTRATION_LIMIT_PER_HOUR;
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await registerFrom(ip)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    process.env.REGISTRATION_LIMIT_PER_HOUR = "0";
    expect((await registerFrom(ip)).status).toBe(201);
  }, 120_000);

  it("'account exists' (409) answers are limited too: after 10 from one address they become 429", async () => {
    process.env.REGISTRATION_LIMIT_PER_HOUR = "0";
    const { email } = await registerCustomer();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await registerFrom(ip, email)).status).toBe(409);
    const limited = await registerFrom(ip, email);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("email verification (REQUIRE_EMAIL_VERIFICATION=1)", () => {
  const outbox: Mail[] = [];
  beforeAll(() => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "1";
    setMailer({ send: async (mail) => void outbox.push(mail) });
  });
  afterAll(() => {
    delete process.env.REQUIRE_EMAIL_VERIFICATION;
    setMailer(null);
  });
  const linkOf = (email: string) =>
    new URL(/https?:\/\/\S+/.exec(outbox.filter((m) => m.to === email).at(-1)!.text)![0]);

  it("mails a one-time link on registration; taps earn nothing until it is opened; Google-free accounts start unverified", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(5)] });
    const user = await registerCustomer();
    const link = linkOf(user.email);
    expect(link.pathname).toBe("/auth/verify-email");
    const verifyToken = link.searchParams.get("token")!;
    const stored = await db.emailVerificationToken.findFirstOrThrow({ where: { userId: user.userId } });
    expect(stored.tokenHash).not.toBe(verifyToken);

    const before = await call(tap, "POST", "/api/tap", { bearer: user.session.access_token, body: { id: tag.id } });
    expect(before.status).toBe(403);
    expect(before.json.code).toBe("email_not_verified");

    expect(await verifyEmailWithToken(verifyToken)).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.userId } })).emailVerified).toEqual(expect.any(Date));
    expect(await verifyEmailWithToken(verifyToken)).toBe(false);

    const after = await call(tap, "POST", "/api/tap", { bearer: user.session.access_token, body: { id: tag.id } });
    expect(after.status).toBe(200);
  });

  it("refuses an expired or unknown link", async () => {
    const user = await registerCustomer();
    const verifyToken = linkOf(user.email).searchParams.get("token")!;
    await db.emailVerificationToken.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await verifyEmailWithToken(verifyToken)).toBe(false);
    expect(await verifyEmailWithToken("not-a-real-token-at-all")).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.userId } })).emailVerified).toBeNull();
  });

  it("sends nothing and stores nothing when the requirement is off", async () => {
    const user = await registerCustomer();
    const row = await db.user.findUniqueOrThrow({ where: { id: user.userId } });
    const before = await db.emailVerificationToken.count({ where: { userId: user.userId } });
    delete process.env.REQUIRE_EMAIL_VERIFICATION;
    try {
      expect((await resendEmailVerification(row)).ok).toBe(false);
    } finally {
      process.env.REQUIRE_EMAIL_VERIFICATION = "1";
    }
    expect(await db.emailVerificationToken.count({ where: { userId: user.userId } })).toBe(before);
    expect(outbox.filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it("sends the link again at most 3 times an hour, each new link voiding the older ones", async () => {
    const user = await registerCustomer();
    const first = linkOf(user.email).searchParams.get("token")!;
    const row = await db.user.findUniqueOrThrow({ where: { id: user.userId } });
    for (let i = 0; i < 3; i++) expect(await resendEmailVerification(row)).toEqual({ ok: true });
    const limited = await resendEmailVerification(row);
    expect(limited.ok).toBe(false);
    expect(outbox.filter((m) => m.to === user.email)).toHaveLength(4);
    expect(await verifyEmailWithToken(first)).toBe(false);
    expect(await verifyEmailWithToken(linkOf(user.email).searchParams.get("token")!)).toBe(true);
  });

  it("a Google sign-in counts as a verified email; another provider or an unverified Google address does not", async () => {
    const google = await registerCustomer();
    await markOAuthEmailVerified({
      user: { id: google.userId },
      account: { provider: "google" },
      profile: { email_verified: true },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: google.userId } })).emailVerified).toEqual(expect.any(Date));
    const unverified = await registerCustomer();
    await markOAuthEmailVerified({
      user: { id: unverified.userId },
      account: { provider: "google" },
      profile: { email_verified: false },
    });
    await markOAuthEmailVerified({
      user: { id: unverified.userId },
      account: { provider: "credentials" },
      profile: null,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: unverified.userId } })).emailVerified).toBeNull();
  });
});
