import { startCluster, type Cluster } from "./support/cluster";

// An instance bound to every interface (HOST=0.0.0.0, npm start's default) must
// never send a browser to its bind address: every redirect is relative or on the
// public origin (SITE_URL/AUTH_URL), which here differs from the address the
// test reaches the instance on, as it does behind a reverse proxy.

const PUBLIC_ORIGIN = "http://loyaltap.example";
let cluster: Cluster;
let base: string;
let sessionCookie: string;

beforeAll(async () => {
  cluster = await startCluster({
    instances: 1,
    env: { HOST: "0.0.0.0", SITE_URL: PUBLIC_ORIGIN, AUTH_URL: PUBLIC_ORIGIN },
  });
  base = cluster.instances[0]!.url;
  const email = `redirects-${Date.now()}@example.test`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "redirect-password-123" }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="));
  expect(cookie).toBeDefined();
  sessionCookie = cookie!.split(";")[0]!;
});
afterAll(async () => {
  await cluster?.stop();
});

/** A Location a browser may follow: a path on this site, or the public origin. */
function expectSafeLocation(location: string | null, what: string) {
  if (location === null) throw new Error(`${what}: no Location header`);
  expect(location).not.toMatch(/0\.0\.0\.0|localhost|127\.0\.0\.1|\[::\]/);
  const relative = location.startsWith("/") && !location.startsWith("//");
  if (!relative) expect(new URL(location).origin).toBe(PUBLIC_ORIGIN);
}

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { redirect: "manual", headers });
}

test("GET /logout signs nobody out: a relative 303 to the sign-out page, whose button posts to /logout", async () => {
  const response = await get("/logout", { cookie: sessionCookie });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/sign-out");
  expect(response.headers.getSetCookie()).toEqual([]);
  const page = await get("/sign-out", { cookie: sessionCookie });
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = html.match(/<form[^>]*action="\/logout"[^>]*>/)?.[0];
  expect(form).toContain('method="post"');
  expect(html).not.toMatch(/0\.0\.0\.0|localhost/);
});

test.each([
  ["a signed-out visitor opening the dashboard", "/dashboard", {}],
  ["a signed-out visitor opening admin", "/admin/users", {}],
  ["a signed-in person opening the log-in page", "/login", "session"],
  ["a trailing slash", "/dashboard/", {}],
  ["a trailing slash on /logout", "/logout/", {}],
  ["an ended session", "/auth/session-ended?redirect=%2Fdashboard%2Fsettings", {}],
  ["Auth.js's sign-in page", "/api/auth/signin", {}],
] as const)("%s: the redirect is relative or on the public origin", async (what, path, auth) => {
  const response = await get(path, auth === "session" ? { cookie: sessionCookie } : {});
  expect([301, 302, 303, 307, 308]).toContain(response.status);
  expectSafeLocation(response.headers.get("location"), what);
});

// Last: signing out with the session ends it for the tests above.
test("POST /logout sends the browser home, or to its same-site redirect, by a relative Location", async () => {
  const plain = await fetch(`${base}/logout`, { method: "POST", redirect: "manual" });
  expect(plain.status).toBe(303);
  expect(plain.headers.get("location")).toBe("/");

  const signedIn = await fetch(`${base}/logout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: sessionCookie,
      origin: PUBLIC_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "redirect=%2Fabout",
  });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get("location")).toBe("/about");
});
