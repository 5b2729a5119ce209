import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as emailLink } from "@/app/api/auth/email-link/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as token } from "@/app/api/auth/token/route";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { POST as tap } from "@/app/api/tap/route";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { call, cookieFrom, uniqueEmail } from "../support/api";
import { createBusiness } from "../support/fixtures";

// A page on another site can make the victim's browser post to us with the
// victim's cookies, as a form (urlencoded, multipart, text/plain) or a no-cors
// fetch. Such a post must change nothing.

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new password";
const EVIL = "https://evil.example";

async function signUp() {
  const email = uniqueEmail("xsite");
  const res = await call(register, "POST", "/api/auth/register", {
    body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" }, tap_id: null },
  });
  expect(res.status).toBe(201);
  const cookie = cookieFrom(res.headers, SESSION_COOKIE)!;
  expect(cookie).toBeDefined();
  const session = res.json.session as { access_token: string; refresh_token: string };
  return { email, cookie, session };
}

async function canLogIn(email: string, password: string) {
  const res = await call(login, "POST", "/api/auth/login", { body: { email, password } });
  return res.status === 200;
}

afterAll(async () => {
  await db.$disconnect();
});

describe("cookie-carrying posts from another site", () => {
  it("refuses a password change from a foreign Origin (the audit's text/plain form) and keeps the password", async () => {
    const { email, cookie } = await signUp();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      rawBody: JSON.stringify({ password: NEW_PASSWORD, current_password: PASSWORD }),
      cookie,
      headers: { origin: EVIL, "content-type": "text/plain" },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: "error", code: "cross_site_request" });
    expect(res.json.message).toMatch(/Cross-site requests are not allowed/);
    expect(await canLogIn(email, PASSWORD)).toBe(true);
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(false);
  });

  it("refuses a foreign Origin even with a JSON body", async () => {
    const { email, cookie } = await signUp();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { password: NEW_PASSWORD, current_password: PASSWORD },
      cookie,
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(await canLogIn(email, PASSWORD)).toBe(true);
  });

  it.each([
    ["missing", undefined],
    ["opaque (null)", "null"],
    ["a look-alike host", "http://localhost.evil.example"],
    ["another port", "http://localhost:8080"],
  ])("refuses a cookie-carrying post whose Origin is %s", async (_label, origin) => {
    const { email, cookie } = await signUp();
    const headers = new Headers({ "content-type": "application/json", cookie });
    if (origin) headers.set("origin", origin);
    const response = await updatePassword(
      new Request("http://localhost/api/auth/update-password", {
        method: "POST",
        headers,
        body: JSON.stringify({ password: NEW_PASSWORD, current_password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(403);
    expect(await canLogIn(email, PASSWORD)).toBe(true);
  });

  it("refuses a cross-site tap and records no visit", async () => {
    const { business, tag } = await createBusiness();
    const { cookie } = await signUp();
    const res = await call(tap, "POST", "/api/tap", { body: { id: tag.id }, cookie, headers: { origin: EVIL } });
    expect(res.status).toBe(403);
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(0);
    expect(await db.membership.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("refuses a cross-site sign-out: the refresh tokens stay valid", async () => {
    const { cookie, session } = await signUp();
    const res = await call(logout, "POST", "/api/auth/logout", { cookie, headers: { origin: EVIL } });
    expect(res.status).toBe(403);
    expect(cookieFrom(res.headers, SESSION_COOKIE)).toBeUndefined();
    const refreshed = await call(token, "POST", "/api/auth/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(refreshed.status).toBe(200);
  });

  it("accepts the same post from our own origin, and from the configured SITE_URL origin", async () => {
    const own = await signUp();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { password: NEW_PASSWORD, current_password: PASSWORD },
      cookie: own.cookie,
      headers: { origin: "http://localhost" },
    });
    expect(res.status).toBe(200);
    expect(await canLogIn(own.email, NEW_PASSWORD)).toBe(true);

    const behindProxy = await signUp();
    const previous = process.env.SITE_URL;
    process.env.SITE_URL = "https://loyaltap.example";
    try {
      const proxied = await call(updatePassword, "POST", "/api/auth/update-password", {
        body: { password: NEW_PASSWORD, current_password: PASSWORD },
        cookie: behindProxy.cookie,
        headers: { origin: "https://loyaltap.example" },
      });
      expect(proxied.status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = previous;
    }
    expect(await canLogIn(behindProxy.email, NEW_PASSWORD)).toBe(true);
  });
});

describe("bearer-token calls", () => {
  it("work from any origin: the token is not something another site's page can attach", async () => {
    const { email, session } = await signUp();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { password: NEW_PASSWORD, current_password: PASSWORD },
      bearer: session.access_token,
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(200);
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(true);
  });

  it("record a tap from any origin", async () => {
    const { business, tag } = await createBusiness();
    const { session } = await signUp();
    const res = await call(tap, "POST", "/api/tap", {
      body: { id: tag.id },
      bearer: session.access_token,
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(200);
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(1);
  });
});

describe("JSON handlers take JSON only", () => {
  it.each([
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "text/json",
  ])("answers 415 for Content-Type %s and changes nothing", async (contentType) => {
    const { email, cookie } = await signUp();
    const res = await call(updatePassword, "POST", "/api/auth/update-password", {
      rawBody: JSON.stringify({ password: NEW_PASSWORD, current_password: PASSWORD }),
      cookie,
      headers: { "content-type": contentType },
    });
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({ status: "error", code: "unsupported_media_type" });
    expect(await canLogIn(email, PASSWORD)).toBe(true);
  });

  it("answers 415 for a body sent without any Content-Type (a no-cors fetch of a Blob)", async () => {
    const email = uniqueEmail("notype");
    const response = await register(
      new Request("http://localhost/api/auth/register", {
        method: "POST",
        body: new TextEncoder().encode(JSON.stringify({ email, password: PASSWORD, metadata: {}, tap_id: null })),
      }),
    );
    expect(response.status).toBe(415);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it.each([
    ["login", login, "/api/auth/login"],
    ["register", register, "/api/auth/register"],
    ["reset-password", resetPassword, "/api/auth/reset-password"],
    ["email-link", emailLink, "/api/auth/email-link"],
    ["token", token, "/api/auth/token?grant_type=refresh_token"],
    ["tap", tap, "/api/tap"],
  ] as const)("%s answers 415 for a text/plain body, even without cookies", async (_name, handler, path) => {
    const res = await call(handler, "POST", path, { rawBody: "{}", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
  });

  it("accepts application/json with a charset and application/*+json", async () => {
    const { email } = await signUp();
    for (const contentType of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const res = await call(login, "POST", "/api/auth/login", {
        rawBody: JSON.stringify({ email, password: PASSWORD }),
        headers: { "content-type": contentType },
      });
      expect(res.status).toBe(200);
    }
  });
});
