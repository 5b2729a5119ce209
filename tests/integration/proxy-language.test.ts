// A language changed on one device shows on the other device's next site page: the
// proxy reads a signed-in person's own setting (users.language) and uses it over the
// device's locale cookie, which it sets again (docs/i18n.md, "A signed-in person's
// setting, and the static pages"). Without a session it reads nothing.
import { NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { proxy } from "@/proxy";
import { createUser } from "../support/fixtures";

afterAll(() => db.$disconnect());

async function sessionOf(userId: string) {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return encodeSessionToken({
    id: row.id,
    role: row.role as never,
    name: row.name,
    email: row.email,
    sessionVersion: row.sessionVersion,
  });
}

function get(path: string, cookies: Record<string, string>, acceptLanguage = "en-US") {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return new NextRequest(`http://localhost${path}`, { headers: { cookie, "accept-language": acceptLanguage } });
}

/** Where the proxy sends the request (its rewrite), and the locale cookie it sets, if any. */
async function served(request: NextRequest) {
  const response = await proxy(request);
  const rewrite = response.headers.get("x-middleware-rewrite");
  return {
    path: rewrite ? new URL(rewrite).pathname : null,
    cookie: response.cookies.get(LOCALE_COOKIE)?.value ?? null,
  };
}

describe("the proxy and a signed-in person's language", () => {
  it("uses the account's setting over a stale cookie on any site page, and sets the cookie again", async () => {
    const { user } = await createUser({ language: "en" });
    const session = await sessionOf(user.id);
    // Device B signed in while the setting was English; device A then chose Español.
    await db.user.update({ where: { id: user.id }, data: { language: "es" } });
    for (const path of ["/about", "/", "/dashboard/settings"])
      expect(await served(get(path, { [SESSION_COOKIE]: session, [LOCALE_COOKIE]: "en" }))).toEqual({
        path: path === "/" ? "/es" : `/es${path}`,
        cookie: "es",
      });
    // Once the cookie agrees, nothing is set.
    expect(await served(get("/about", { [SESSION_COOKIE]: session, [LOCALE_COOKIE]: "es" }))).toEqual({
      path: "/es/about",
      cookie: null,
    });
  });

  it("reads nothing for a visitor, and ignores a session that is no longer valid", async () => {
    expect(await served(get("/about", { [LOCALE_COOKIE]: "ca" }, "es-ES"))).toEqual({
      path: "/ca/about",
      cookie: null,
    });
    const { user } = await createUser({ language: "es" });
    const session = await sessionOf(user.id);
    // Logged out everywhere since: the old cookie speaks for nobody.
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await served(get("/about", { [SESSION_COOKIE]: session, [LOCALE_COOKIE]: "ca" }))).toEqual({
      path: "/ca/about",
      cookie: null,
    });
  });
});
