import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { CLUSTER_AUTH_SECRET, startCluster, type Cluster } from "./support/cluster";

// Operations of one production instance (npm start on an empty PostgreSQL):
// no demo data, health, security headers and request ids on every response,
// recovery from lost database connections, graceful shutdown. The shutdown
// test stops the instance, so it runs last.

const root = path.resolve(__dirname, "../..");
let cluster: Cluster;
let base: string;
const password = "ops-password-123";
const email = `ops-${Date.now()}@example.test`;

beforeAll(async () => {
  cluster = await startCluster({ instances: 1 });
  base = cluster.instances[0]!.url;
  // The test's own pool sees its idle connections terminated below, too.
  cluster.sql.on("error", () => {});
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(registered.status).toBe(201);
});
afterAll(async () => {
  await cluster?.stop();
});

const output = () => cluster.instances[0]!.output.join("");

function logIn() {
  return fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

test("npm start on an empty PostgreSQL seeds no demo: the demo accounts do not exist", async () => {
  const { rows } = await cluster.sql.query(`SELECT count(*)::int AS n FROM "User" WHERE email LIKE '%@loyaltap.test'`);
  expect(rows[0].n).toBe(0);
  const { rows: tags } = await cluster.sql.query(`SELECT count(*)::int AS n FROM "Tag"`);
  expect(tags[0].n).toBe(0);
  const demoLogin = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@loyaltap.test", password: "loyaltap-demo" }),
  });
  expect(demoLogin.status).toBe(401);
});

test("GET /api/health: database and migrations ok, never cached, no secrets", async () => {
  const response = await fetch(`${base}/api/health`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ status: "ok", database: "ok", migrations: "ok" });
  const dbUrl = new URL(cluster.databaseUrl);
  for (const secret of [CLUSTER_AUTH_SECRET, dbUrl.pathname.slice(1), dbUrl.host, "postgres"])
    expect(text).not.toContain(secret);
});

test("GET /api/health answers 503 while a migration of the build is not applied", async () => {
  const { rows } = await cluster.sql.query(`SELECT id FROM "_prisma_migrations" ORDER BY started_at DESC LIMIT 1`);
  await cluster.sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = $1`, [rows[0].id]);
  try {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", database: "ok", migrations: "pending" });
  } finally {
    await cluster.sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE id = $1`, [rows[0].id]);
  }
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});

test("every kind of response carries the security headers and a request id", async () => {
  const home = await fetch(`${base}/`);
  const html = await home.text();
  const asset = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const responses = {
    page: home,
    cachedVisitorTap: await fetch(`${base}/tap?id=no-such-tag`),
    api: await fetch(`${base}/api/health`),
    apiError: await fetch(`${base}/api/tap`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    }),
    staticFile: await fetch(`${base}${asset}`),
    redirect: await fetch(`${base}/dashboard`, { redirect: "manual" }),
    notFound: await fetch(`${base}/no-such-page`),
  };
  expect(responses.redirect.status).toBeGreaterThanOrEqual(300);
  expect(responses.redirect.status).toBeLessThan(400);
  expect(responses.notFound.status).toBe(404);
  const ids = new Set<string>();
  for (const [kind, response] of Object.entries(responses)) {
    const headers = response.headers;
    const csp = headers.get("content-security-policy") ?? "";
    expect({ kind, ok: /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/.test(csp) }).toEqual({
      kind,
      ok: true,
    });
    expect({ kind, csp: csp.includes("unsafe-eval") || /script-src[^;]*unsafe-inline/.test(csp) }).toEqual({
      kind,
      csp: false,
    });
    expect({ kind, fa: csp.includes("frame-ancestors 'none'") }).toEqual({ kind, fa: true });
    expect({ kind, xfo: headers.get("x-frame-options") }).toEqual({ kind, xfo: "DENY" });
    expect({ kind, nosniff: headers.get("x-content-type-options") }).toEqual({ kind, nosniff: "nosniff" });
    expect({ kind, referrer: headers.get("referrer-policy") }).toEqual({
      kind,
      referrer: "strict-origin-when-cross-origin",
    });
    expect({ kind, permissions: headers.get("permissions-policy")?.includes("camera=()") }).toEqual({
      kind,
      permissions: true,
    });
    const id = headers.get("x-request-id");
    expect({ kind, id: /^[0-9a-f-]{36}$/.test(id ?? "") }).toEqual({ kind, id: true });
    ids.add(id!);
  }
  expect(ids.size).toBe(Object.keys(responses).length);
  // The page's scripts carry this response's nonce (the page's own HTML was cached at build time).
  const nonce = /'nonce-([^']+)'/.exec(responses.page.headers.get("content-security-policy")!)![1];
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("an incoming X-Request-Id is echoed and lands in the access log; an insane one is replaced", async () => {
  const id = `ops-test-${Date.now()}`;
  const response = await fetch(`${base}/about?token=secret-in-query`, { headers: { "x-request-id": id } });
  expect(response.headers.get("x-request-id")).toBe(id);
  const forged = await fetch(`${base}/about`, { headers: { "x-request-id": 'x" forged' } });
  expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const line = output()
    .split("\n")
    .find((l) => l.includes(`"requestId":"${id}"`));
  expect(line).toBeDefined();
  const entry = JSON.parse(line!);
  expect(entry).toMatchObject({ type: "access", method: "GET", path: "/about", status: 200 });
  expect(output()).not.toContain("secret-in-query");
});

test("after pg_terminate_backend on the app's connections the app recovers: no 5xx after the requests in flight, no crash", async () => {
  // A fresh process whose pool only the plain-SQL paths have used (the tap's
  // hot path, the health check): Prisma's adapter has not attached its own
  // error listener to the pool yet.
  await cluster.kill(0, "SIGTERM");
  await cluster.restart(0);
  // Fill the pool with connections.
  await Promise.all(Array.from({ length: 12 }, () => fetch(`${base}/api/health`)));
  const killer = new pg.Client({ connectionString: cluster.databaseUrl });
  await killer.connect();
  const terminate = () =>
    killer.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
  try {
    // Terminated while requests are in flight: those may fail.
    const inFlight = Array.from({ length: 10 }, () =>
      fetch(`${base}/api/health`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    const { rows } = await terminate();
    expect(rows[0].n).toBeGreaterThan(0);
    await Promise.all(inFlight);
    // Terminated again while idle.
    await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/api/health`)));
    await terminate();
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    await killer.end();
  }
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    const batch = await Promise.all([
      ...Array.from({ length: 6 }, () => fetch(`${base}/api/health`).then((r) => r.status)),
      logIn().then((r) => r.status),
    ]);
    statuses.push(...batch);
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(statuses.length);
  expect(cluster.instances[0]!.child.exitCode).toBeNull();
  expect(output()).not.toMatch(/uncaughtException|unhandledRejection/i);
  expect(output()).toContain("Database connection lost");
});

test("a public deployment without SMTP_URL refuses to start, with a clear message", async () => {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: cluster.databaseUrl,
      SITE_URL: "https://loyaltap.example",
      AUTH_URL: "https://loyaltap.example",
      AUTH_SECRET: CLUSTER_AUTH_SECRET,
      TAG_KEY_ENCRYPTION_KEY: "a".repeat(64),
      SMTP_URL: "",
      LOYALTAP_TEST_CLOCK: "",
      PORT: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (d) => (printed += d));
  child.stderr!.on("data", (d) => (printed += d));
  const [code] = await once(child, "exit");
  expect(code).toBe(1);
  expect(printed).toContain("Refusing to start: SMTP_URL is not set");
});

test("a malformed variable stops the server at start, with a message naming it and not its value", async () => {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: cluster.databaseUrl,
      AUTH_SECRET: CLUSTER_AUTH_SECRET,
      REQUIRE_EMAIL_VERIFICATION: "yes",
      SMTP_URL: "mail.example:hunter2",
      PORT: "0",
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (d) => (printed += d));
  child.stderr!.on("data", (d) => (printed += d));
  const [code] = await once(child, "exit");
  expect(code).toBe(1);
  expect(printed).toContain("Refusing to start. Invalid configuration:");
  expect(printed).toContain('REQUIRE_EMAIL_VERIFICATION must be \\"1\\" (on) or \\"0\\" (off)');
  expect(printed).toContain("SMTP_URL must be a URL starting with smtp:// or smtps://");
  expect(printed).not.toContain("hunter2");
  expect(printed).not.toMatch(/Listening on/);
});

test("SIGTERM finishes the requests in flight with 2xx, then the process exits 0", async () => {
  const instance = cluster.instances[0]!;
  const body = JSON.stringify({ email, password });
  const half = Math.floor(body.length / 2);
  // A login whose body is still arriving when the signal comes: in flight for sure.
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    request.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    request.on("error", reject);
    request.write(body.slice(0, half));
    (globalThis as { pendingRequest?: http.ClientRequest }).pendingRequest = request;
  });
  const fast = Array.from({ length: 5 }, () => fetch(`${base}/api/health`).then((r) => r.status));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = once(instance.child, "exit");
  instance.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  (globalThis as { pendingRequest?: http.ClientRequest }).pendingRequest!.end(body.slice(half));
  const answered = await response;
  expect(answered.status).toBe(200);
  expect(await Promise.all(fast)).toEqual([200, 200, 200, 200, 200]);
  const [code] = await exited;
  expect(code).toBe(0);
  expect(output()).toContain("Shutting down");
});
