// Under https the session cookie is `__Secure-authjs.session-token`, set with
// Secure; browsers ignore a deletion without Secure, so logout must send it.
// The cookie settings are read when the modules load: load them after
// pointing the site at https.

const saved = { AUTH_URL: process.env.AUTH_URL, SITE_URL: process.env.SITE_URL };

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db.$disconnect();
  process.env.AUTH_URL = saved.AUTH_URL;
  process.env.SITE_URL = saved.SITE_URL;
});

it("POST /logout under https deletes the __Secure- session cookie with Secure, HttpOnly, SameSite and Path", async () => {
  process.env.AUTH_URL = "https://loyaltap.example";
  process.env.SITE_URL = "https://loyaltap.example";
  const { SESSION_COOKIE } = await import("@/lib/auth/cookies");
  const { POST: logout } = await import("@/app/logout/route");
  expect(SESSION_COOKIE).toBe("__Secure-authjs.session-token");
  const response = await logout(
    new Request("https://loyaltap.example/logout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    }),
  );
  expect(response.status).toBe(303);
  const cleared = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  expect(cleared).toBeDefined();
  expect(cleared).toMatch(/;\s*Secure/i);
  expect(cleared).toMatch(/HttpOnly/i);
  expect(cleared).toMatch(/SameSite=lax/i);
  expect(cleared).toMatch(/Path=\//);
  expect(cleared).toMatch(/Max-Age=0/i);
});
