import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as emailLink } from "@/app/api/auth/email-link/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as token } from "@/app/api/auth/token/route";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { setMailer, type Mail } from "@/lib/mail";
import { call, cookieFrom, uniqueEmail } from "../support/api";

const PASSWORD = "correct horse battery";

async function registerCustomer(email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const res = await call(register, "POST", "/api/auth/register", {
    body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" }, tap_id: null, ...extra },
  });
  expect(res.status).toBe(201);
  return { email, res, session: res.json.session as Record<string, unknown> };
}

function businessPayload(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    metadata: { full_name: "Marta Puig", first_name: "Marta", last_name: "Puig" },
    business: { name: "Forn Gràcia" },
    tap_id: null,
    business_profile: {
      logo_url: null,
      theme: JSON.stringify({
        primaryColor: "#4F46E5",
        secondaryColor: "#7C3AED",
        textColor: "#FFFFFF",
        backgroundColor: "#FFFFFF",
        accentColor: "#4F46E5",
      }),
      social_media: {},
      keywords: ["Bakery"],
      description: null,
      website: null,
      phone: "+34 930 111 222",
      address: "Carrer Gran 1, Barcelona",
      place_id: null,
      settings: { notifications_enabled: true, language: "en", timezone: "Europe/Madrid" },
    },
    ...overrides,
  };
}

afterAll(async () => {
  await db.$disconnect();
});

describe("POST /api/auth/register", () => {
  it("creates a customer with the short payload and signs them in (tokens + cookie), never returning the password", async () => {
    const { res, session, email } = await registerCustomer();
    expect(res.json.status).toBe("success");
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(Math.abs((session.expires_at as number) - (Date.now() + 3600_000))).toBeLessThan(10_000);
    expect(res.json.user).toMatchObject({ email, first_name: "Ana", last_name: "Ruiz", role: "CUSTOMER" });
    expect(res.text).not.toMatch(/passwordHash|argon2/);
    expect(cookieFrom(res.headers, SESSION_COOKIE)).toBeDefined();
    const stored = await db.user.findUnique({ where: { email } });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("accepts a phone number instead of an email, and stores it in E.164", async () => {
    const phone = `+34 6${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, "0")}`;
    const res = await call(register, "POST", "/api/auth/register", {
      body: { phone, password: PASSWORD, metadata: {} },
    });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ phone: phone.replace(" ", ""), email: null });
  });

  it("requires an email or phone and a password, with a message saying so", async () => {
    for (const body of [
      { password: PASSWORD },
      { email: uniqueEmail() },
      {},
      { email: "", phone: "", password: PASSWORD },
    ]) {
      const res = await call(register, "POST", "/api/auth/register", { body });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        status: "error",
        message: "You must provide either an email or phone number and a password",
      });
    }
  });

  it("rejects a short password with a clear message", async () => {
    const res = await call(register, "POST", "/api/auth/register", {
      body: { email: uniqueEmail(), password: "short" },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Password must be at least 8 characters");
  });

  it("answers 409 for an email that already has an account, creating nothing", async () => {
    const { email } = await registerCustomer();
    const res = await call(register, "POST", "/api/auth/register", {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ status: "error", code: "email_taken" });
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("creates user, business, profile and the tag claim together", async () => {
    const email = uniqueEmail("owner");
    const tagId = `reg-${Date.now()}`;
    const res = await call(register, "POST", "/api/auth/register", { body: businessPayload(email, { tap_id: tagId }) });
    expect(res.status).toBe(201);
    const business = await db.business.findFirstOrThrow({ where: { owner: { email } }, include: { tags: true } });
    expect(business).toMatchObject({
      name: "Forn Gràcia",
      keywords: ["Bakery"],
      phone: "+34930111222",
      timezone: "Europe/Madrid",
    });
    expect(business.slug).toMatch(/^forn-gracia/);
    expect(business.theme).toMatchObject({ primaryColor: "#4F46E5", backgroundColor: "#FFFFFF" });
    expect(business.tags.map((t) => t.id)).toEqual([tagId]);
  });

  it("rolls everything back when the tag belongs to another business (409 tap_already_claimed)", async () => {
    const tagId = `taken-${Date.now()}`;
    const first = await call(register, "POST", "/api/auth/register", {
      body: businessPayload(uniqueEmail(), { tap_id: tagId }),
    });
    expect(first.status).toBe(201);
    const email = uniqueEmail("second");
    const res = await call(register, "POST", "/api/auth/register", { body: businessPayload(email, { tap_id: tagId }) });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("tap_already_claimed");
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("gives each business a unique slug", async () => {
    const a = await call(register, "POST", "/api/auth/register", {
      body: businessPayload(uniqueEmail(), { business: { name: "Slug Twin Café" } }),
    });
    const b = await call(register, "POST", "/api/auth/register", {
      body: businessPayload(uniqueEmail(), { business: { name: "Slug Twin Café" } }),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const slugs = (await db.business.findMany({ where: { name: "Slug Twin Café" }, select: { slug: true } })).map(
      (x) => x.slug,
    );
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain("slug-twin-cafe");
  });

  it("applies the wizard's required business fields on the server too", async () => {
    const body = businessPayload(uniqueEmail());
    body.business_profile = { ...body.business_profile, keywords: [], phone: "", address: "" };
    const res = await call(register, "POST", "/api/auth/register", { body });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      "business_profile.keywords": "At least one keyword is required",
      "business_profile.phone": "Phone number is required",
      "business_profile.address": "Business address is required",
    });
  });

  it("never stores a javascript: link", async () => {
    const body = businessPayload(uniqueEmail());
    body.business_profile = { ...body.business_profile, social_media: { instagram: "javascript:alert(1)" } } as never;
    const res = await call(register, "POST", "/api/auth/register", { body });
    expect(res.status).toBe(400);
  });
});

describe("bad input on every endpoint", () => {
  const endpoints = [
    ["login", login, "/api/auth/login"],
    ["register", register, "/api/auth/register"],
    ["reset-password", resetPassword, "/api/auth/reset-password"],
    ["update-password", updatePassword, "/api/auth/update-password"],
    ["email-link", emailLink, "/api/auth/email-link"],
  ] as const;

  it.each(endpoints)("%s: malformed JSON is a 400", async (_name, handler, path) => {
    const res = await call(handler, "POST", path, { rawBody: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: "error", message: "Malformed JSON body." });
  });

  it.each(endpoints)("%s: wrong types are a 400 with a message", async (_name, handler, path) => {
    const res = await call(handler, "POST", path, { body: { email: 42, password: ["x"] } });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe("error");
    expect(typeof res.json.message).toBe("string");
  });

  it.each(endpoints)("%s: a body over 100 KB is a 413", async (_name, handler, path) => {
    const res = await call(handler, "POST", path, { body: { email: "a@b.test", password: "x".repeat(101 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.json.status).toBe("error");
  });

  it("a body over 100 KB without a content-length is still a 413", async () => {
    const big = JSON.stringify({ email: "a@b.test", password: "x".repeat(101 * 1024) });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await login(
      new Request("http://localhost/api/auth/login", { method: "POST", body: stream, duplex: "half" } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it("token: missing fields and unknown grant types are 400s", async () => {
    const missing = await call(token, "POST", "/api/auth/token", { query: { grant_type: "refresh_token" }, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("invalid_request");
    const unknown = await call(token, "POST", "/api/auth/token", {
      query: { grant_type: "password" },
      body: { refresh_token: "x" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("unsupported_grant_type");
    const malformed = await call(token, "POST", "/api/auth/token", {
      query: { grant_type: "refresh_token" },
      rawBody: "][",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password: session tokens and the web cookie", async () => {
    const { email } = await registerCustomer();
    const res = await call(login, "POST", "/api/auth/login", {
      body: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const session = res.json.session as Record<string, unknown>;
    expect(session.access_token).toEqual(expect.any(String));
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(res.json.user).toMatchObject({ email });
    expect(cookieFrom(res.headers, SESSION_COOKIE)).toBeDefined();
  });

  it("answers 401 'Invalid email or password' for a wrong password or an unknown email", async () => {
    const { email } = await registerCustomer();
    for (const body of [
      { email, password: "wrong password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const res = await call(login, "POST", "/api/auth/login", { body });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: "error", message: "Invalid email or password" });
    }
  });

  it("locks an email at one address after 10 failed attempts in 15 minutes (429 with Retry-After), even with the right password", async () => {
    const { email } = await registerCustomer();
    const ip = "198.51.100.10";
    for (let i = 0; i < 10; i++) {
      const res = await call(login, "POST", "/api/auth/login", {
        body: { email, password: `wrong-${i}` },
        headers: { "x-loyaltap-client-ip": ip },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await call(login, "POST", "/api/auth/login", {
      body: { email, password: PASSWORD },
      headers: { "x-loyaltap-client-ip": ip },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
  }, 30_000);

  it("limits failures per IP across different emails (30 in 15 minutes)", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    await db.rateLimit.deleteMany({ where: { key: `login:ip:${ip}` } });
    for (let i = 0; i < 30; i++) {
      const res = await call(login, "POST", "/api/auth/login", {
        body: { email: uniqueEmail("spray"), password: "guess" },
        headers: { "x-loyaltap-client-ip": ip },
      });
      expect(res.status).toBe(401);
    }
    const { email } = await registerCustomer();
    const blocked = await call(login, "POST", "/api/auth/login", {
      body: { email, password: PASSWORD },
      headers: { "x-loyaltap-client-ip": ip },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    const elsewhere = await call(login, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(elsewhere.status).toBe(200);
  }, 60_000);

  it("refuses a disabled account", async () => {
    const { email } = await registerCustomer();
    await db.user.update({ where: { email }, data: { disabledAt: new Date() } });
    const res = await call(login, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/auth/me", () => {
  it("returns the user for a bearer token and for the session cookie", async () => {
    const { session, res, email } = await registerCustomer();
    const viaBearer = await call(me, "GET", "/api/auth/me", { bearer: session.access_token as string });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.json.user).toMatchObject({ email });
    const viaCookie = await call(me, "GET", "/api/auth/me", { cookie: cookieFrom(res.headers, SESSION_COOKIE) });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.json.user).toMatchObject({ email });
  });

  it("is 401 without credentials, with a forged token, and once the account is disabled", async () => {
    expect((await call(me, "GET", "/api/auth/me")).status).toBe(401);
    expect((await call(me, "GET", "/api/auth/me", { bearer: "eyJhbGciOiJIUzI1NiJ9.e30.forged" })).status).toBe(401);
    expect((await call(me, "GET", "/api/auth/me", { cookie: `${SESSION_COOKIE}=garbage` })).status).toBe(401);
    const { session, email } = await registerCustomer();
    await db.user.update({ where: { email }, data: { disabledAt: new Date() } });
    expect((await call(me, "GET", "/api/auth/me", { bearer: session.access_token as string })).status).toBe(401);
  });
});

describe("POST /api/auth/token?grant_type=refresh_token", () => {
  const refresh = (refresh_token: string) =>
    call(token, "POST", "/api/auth/token", { query: { grant_type: "refresh_token" }, body: { refresh_token } });

  it("rotates: a new pair each time, and the old refresh token stops working", async () => {
    const { session } = await registerCustomer();
    const first = await refresh(session.refresh_token as string);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(first.json.refresh_token).not.toBe(session.refresh_token);
    const next = await refresh(first.json.refresh_token as string);
    expect(next.status).toBe(200);
    expect((await call(me, "GET", "/api/auth/me", { bearer: next.json.access_token as string })).status).toBe(200);
  });

  it("detects reuse of a used token and revokes its whole family", async () => {
    const { session } = await registerCustomer();
    const rotated = await refresh(session.refresh_token as string);
    const replay = await refresh(session.refresh_token as string);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ error: "invalid_grant", error_description: "Failed to refresh session" });
    // The legitimate successor is revoked too: the thief and the owner must sign in again.
    const successor = await refresh(rotated.json.refresh_token as string);
    expect(successor.status).toBe(400);
  });

  it("of two concurrent uses of one token, exactly one succeeds", async () => {
    const { session } = await registerCustomer();
    const results = await Promise.all([
      refresh(session.refresh_token as string),
      refresh(session.refresh_token as string),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("rejects an unknown token", async () => {
    const res = await refresh("not-a-real-token");
    expect(res.status).toBe(400);
    expect(res.json.error_description).toBe("Failed to refresh session");
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the caller's refresh tokens and clears the cookie", async () => {
    const { session } = await registerCustomer();
    const res = await call(logout, "POST", "/api/auth/logout", { bearer: session.access_token as string });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(";")).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const after = await call(token, "POST", "/api/auth/token", {
      query: { grant_type: "refresh_token" },
      body: { refresh_token: session.refresh_token },
    });
    expect(after.status).toBe(400);
  });

  it("is 200 even without a session", async () => {
    expect((await call(logout, "POST", "/api/auth/logout")).status).toBe(200);
  });
});

describe("password reset", () => {
  const outbox: Mail[] = [];
  beforeAll(() => setMailer({ send: async (mail) => void outbox.push(mail) }));
  afterAll(() => setMailer(null));

  const linkToken = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;

  it("answers the same 200 for known and unknown emails, and mails only the real account", async () => {
    const { email } = await registerCustomer();
    const unknown = await call(resetPassword, "POST", "/api/auth/reset-password", {
      body: { email: uniqueEmail("ghost") },
    });
    const known = await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(outbox.filter((m) => m.to === email)).toHaveLength(1);
    expect(outbox.some((m) => m.to.startsWith("ghost-"))).toBe(false);
  });

  it("lets the link set a new password once; old sessions' refresh tokens are revoked", async () => {
    const { email, session } = await registerCustomer();
    await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email } });
    const mail = outbox.filter((m) => m.to === email).at(-1)!;
    expect(mail.text).toContain("/auth/reset?token=");
    const resetToken = linkToken(mail);
    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { user: { email } } });
    expect(stored.tokenHash).not.toBe(resetToken); // only the hash is kept

    const done = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { token: resetToken, password: "a brand new password" },
    });
    expect(done.status).toBe(200);
    expect(
      (await call(login, "POST", "/api/auth/login", { body: { email, password: "a brand new password" } })).status,
    ).toBe(200);
    expect((await call(login, "POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(401);
    const again = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { token: resetToken, password: "another password" },
    });
    expect(again.status).toBe(400);
    const oldRefresh = await call(token, "POST", "/api/auth/token", {
      query: { grant_type: "refresh_token" },
      body: { refresh_token: session.refresh_token },
    });
    expect(oldRefresh.status).toBe(400);
  });

  it("refuses an expired link", async () => {
    const { email } = await registerCustomer();
    await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email } });
    const resetToken = linkToken(outbox.filter((m) => m.to === email).at(-1)!);
    await db.passwordResetToken.updateMany({
      where: { user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { token: resetToken, password: "a brand new password" },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_token");
  });

  it("update-password: signed in (with the current password) changes the password; without a session or token it is 401; short is 400", async () => {
    const { email, session } = await registerCustomer();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      bearer: session.access_token as string,
      body: { password: "changed password 1", current_password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(
      (await call(login, "POST", "/api/auth/login", { body: { email, password: "changed password 1" } })).status,
    ).toBe(200);
    expect(
      (await call(updatePassword, "POST", "/api/auth/update-password", { body: { password: "changed password 2" } }))
        .status,
    ).toBe(401);
    const fresh = (res.json.session as Record<string, unknown>).access_token as string;
    const short = await call(updatePassword, "POST", "/api/auth/update-password", {
      bearer: fresh,
      body: { password: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("Password must be at least 8 characters");
  });
});
