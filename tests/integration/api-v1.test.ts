import { createHash, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { GET as getCustomer } from "@/app/api/v1/customers/[id]/route";
import { GET as lookupCustomer } from "@/app/api/v1/customers/lookup/route";
import { GET as listCustomers } from "@/app/api/v1/customers/route";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";
import { GET as listPrograms } from "@/app/api/v1/programs/route";
import { POST as redeem } from "@/app/api/v1/rewards/[id]/redeem/route";
import { POST as undo } from "@/app/api/v1/rewards/[id]/undo/route";
import { GET as listRewards } from "@/app/api/v1/rewards/route";
import { POST as recordVisit } from "@/app/api/v1/visits/route";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import { API_REQUESTS_PER_MINUTE } from "@/lib/api/route";
import * as schemas from "@/lib/api/schemas";
import { db } from "@/lib/db";
import { qrPresenceToken } from "@/lib/qr/presence";
import { createBusiness, createUser, earnReward, stampsProgram } from "../support/fixtures";
import { repoRoot } from "../support/source-files";

// The public API /api/v1 (docs/api.md) through its real route handlers, the
// real database and the real OpenAPI document.

process.env.LOYALTAP_TEST_CLOCK = "1";

afterAll(() => db.$disconnect());

type Handler = (request: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

type CallOptions = {
  key?: string | null;
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string | null;
  params?: Record<string, string>;
  now?: string;
  headers?: Record<string, string>;
};

async function call(handler: Handler, method: string, pathname: string, options: CallOptions = {}) {
  const url = new URL(pathname, "http://localhost");
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  if (options.now) headers.set("x-loyaltap-now", options.now);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (method === "POST" && options.idempotencyKey !== null)
    headers.set("idempotency-key", options.idempotencyKey ?? randomUUID());
  const request = new Request(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // As Next.js calls a handler: a static route's params are undefined.
  const response = await handler(request, {
    params: Promise.resolve(options.params) as Promise<Record<string, string>>,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { data?: Record<string, unknown>[] },
  };
}

async function setup(scopes: ApiKeyScope[] = ["read", "visits", "redeem"], options = {}) {
  const world = await createBusiness({ dailyTapLimit: 1, programs: [stampsProgram(2)], ...options });
  const created = await createApiKey(world.owner.user.id, world.business.id, { name: "Till", scopes });
  if (!created) throw new Error("no key");
  return { ...world, key: created.key, keyId: created.row.id };
}

/** A customer of the business (a membership), without a visit. */
async function member(businessId: string, email?: string) {
  const { user } = await createUser(email ? { email } : {});
  const membership = await db.membership.create({ data: { userId: user.id, businessId } });
  return { user, membership };
}

function expectProblem(result: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get("content-type")).toBe("application/problem+json");
  expect(result.json).toMatchObject({ status, code, type: `/developers/api#problem-${code}` });
  expect(typeof result.json.title).toBe("string");
  expect(typeof result.json.detail).toBe("string");
  expect(result.text).not.toMatch(/at .*\.ts:\d+/);
}

describe("API keys", () => {
  it("are stored as a SHA-256 of the secret, never the secret, with a visible prefix", async () => {
    const { key, keyId } = await setup();
    expect(key).toMatch(/^lt_live_[A-Za-z0-9_-]{43}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(row.secretHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row.prefix).toBe(key.slice(0, 16));
    const [stored] = await db.$queryRaw<
      { row: string }[]
    >`SELECT row_to_json(k)::text AS "row" FROM "ApiKey" k WHERE "id" = ${keyId}`;
    expect(stored!.row).not.toContain(key.slice(16));
  });

  it("no key, a malformed one or an unknown one: 401 problem with WWW-Authenticate", async () => {
    for (const key of [null, "nope", `lt_live_${"A".repeat(43)}`]) {
      const result = await call(listPrograms, "GET", "/api/v1/programs", { key });
      expectProblem(result, 401, "unauthorized");
      expect(result.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("problems are in the language Accept-Language asks for", async () => {
    const result = await call(listPrograms, "GET", "/api/v1/programs", { headers: { "accept-language": "ca" } });
    expectProblem(result, 401, "unauthorized");
    expect(result.json.title).toBe("No autoritzat");
    expect(result.headers.get("content-language")).toBe("ca");
  });

  it("a revoked key is refused by the very next request", async () => {
    const { key, keyId, owner, business } = await setup();
    expect((await call(listPrograms, "GET", "/api/v1/programs", { key })).status).toBe(200);
    expect(await revokeApiKey(owner.user.id, business.id, keyId)).toBe(true);
    expectProblem(await call(listPrograms, "GET", "/api/v1/programs", { key }), 401, "unauthorized");
  });

  it("another owner cannot revoke the key", async () => {
    const { keyId, business } = await setup();
    const stranger = await createUser();
    expect(await revokeApiKey(stranger.user.id, business.id, keyId)).toBe(false);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).toBeNull();
  });

  it("last use is written at most once a minute", async () => {
    const { key, keyId } = await setup();
    await call(listPrograms, "GET", "/api/v1/programs", { key, now: "2026-06-01T10:00:00Z" });
    await call(listPrograms, "GET", "/api/v1/programs", { key, now: "2026-06-01T10:00:30Z" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt?.toISOString()).toBe(
      "2026-06-01T10:00:00.000Z",
    );
    await call(listPrograms, "GET", "/api/v1/programs", { key, now: "2026-06-01T10:01:05Z" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt?.toISOString()).toBe(
      "2026-06-01T10:01:05.000Z",
    );
  });
});

describe("scopes", () => {
  it("a read-only key reads but may not record a visit or redeem: 403 problem", async () => {
    const { key, business } = await setup(["read"]);
    const { membership } = await member(business.id);
    expect((await call(listPrograms, "GET", "/api/v1/programs", { key })).status).toBe(200);
    const visit = await call(recordVisit, "POST", "/api/v1/visits", { key, body: { customerId: membership.id } });
    expectProblem(visit, 403, "forbidden");
    expect(visit.json.detail).toContain("visits");
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(0);
    const redeemed = await call(redeem, "POST", "/x", { key, body: {}, params: { id: randomUUID() } });
    expectProblem(redeemed, 403, "forbidden");
  });

  it("a visits-only key records visits but may not read", async () => {
    const { key, business } = await setup(["visits"]);
    const { membership } = await member(business.id);
    expectProblem(await call(listCustomers, "GET", "/api/v1/customers", { key }), 403, "forbidden");
    const visit = await call(recordVisit, "POST", "/api/v1/visits", { key, body: { customerId: membership.id } });
    expect(visit.status).toBe(201);
  });
});

describe("customers", () => {
  it("keyset paging walks every customer once, in pages, and ends with a null cursor", async () => {
    const { key, business } = await setup();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await member(business.id)).membership.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await call(listCustomers, "GET", "/api/v1/customers", {
        key,
        query: { limit: "2", ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      schemas.customerPage.parse(page.json);
      sizes.push(page.json.data!.length);
      seen.push(...page.json.data!.map((c) => c.id as string));
      cursor = page.json.nextCursor as string | null;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(ids);
    // A customer of another business never shows.
    const other = await setup();
    await member(other.business.id);
    const all = await call(listCustomers, "GET", "/api/v1/customers", { key, query: { limit: "100" } });
    expect(all.json.data).toHaveLength(5);
  });

  it("a bad limit or cursor is a 400 problem naming the field", async () => {
    const { key } = await setup();
    const limit = await call(listCustomers, "GET", "/api/v1/customers", { key, query: { limit: "1000" } });
    expectProblem(limit, 400, "invalid-request");
    expect(Object.keys(limit.json.errors as object)).toEqual(["limit"]);
    const cursor = await call(listCustomers, "GET", "/api/v1/customers", { key, query: { cursor: "bm9wZQ" } });
    expectProblem(cursor, 400, "invalid-request");
    expect(Object.keys(cursor.json.errors as object)).toEqual(["cursor"]);
  });

  it("looks a customer up by email and by their QR; one of another business is not found", async () => {
    const { key, business } = await setup();
    const email = `api-${randomUUID().slice(0, 8)}@example.test`;
    const { user, membership } = await member(business.id, email);
    const byEmail = await call(lookupCustomer, "GET", "/x", { key, query: { email: email.toUpperCase() } });
    expect(byEmail.status).toBe(200);
    expect(schemas.customer.parse(byEmail.json).id).toBe(membership.id);
    const now = new Date();
    const qr = `https://loyaltap.example/qr/${user.id}?t=${qrPresenceToken(user.id, now).token}`;
    const byQr = await call(lookupCustomer, "GET", "/x", { key, query: { qr } });
    expect(byQr.json.id).toBe(membership.id);
    expectProblem(
      await call(lookupCustomer, "GET", "/x", {
        key,
        query: { qr: `https://x/qr/${user.id}?t=1.AAAAAAAAAAAAAAAAAAAAAA` },
      }),
      422,
      "qr-not-valid",
    );
    expectProblem(await call(lookupCustomer, "GET", "/x", { key, query: {} }), 400, "invalid-request");
    const stranger = await createUser();
    await db.membership.create({ data: { userId: stranger.user.id, businessId: (await setup()).business.id } });
    expectProblem(
      await call(lookupCustomer, "GET", "/x", { key, query: { email: stranger.user.email! } }),
      404,
      "not-found",
    );
  });

  it("a customer with their cards; another business's or a malformed id is a 404 problem", async () => {
    const { key, business } = await setup();
    const { membership } = await member(business.id);
    await call(recordVisit, "POST", "/api/v1/visits", { key, body: { customerId: membership.id } });
    const found = await call(getCustomer, "GET", "/x", { key, params: { id: membership.id } });
    expect(found.status).toBe(200);
    const parsed = schemas.customerWithCards.parse(found.json);
    expect(parsed.cards).toEqual([expect.objectContaining({ programName: "Coffee card", count: 1 })]);
    const other = await setup();
    const theirs = await member(other.business.id);
    expectProblem(
      await call(getCustomer, "GET", "/x", { key, params: { id: theirs.membership.id } }),
      404,
      "not-found",
    );
    expectProblem(await call(getCustomer, "GET", "/x", { key, params: { id: "nope" } }), 404, "not-found");
  });
});

describe("POST /api/v1/visits", () => {
  it("records a visit through the counter's engine, audited with the API key as the actor", async () => {
    const { key, keyId, business } = await setup();
    const { membership } = await member(business.id);
    const result = await call(recordVisit, "POST", "/api/v1/visits", {
      key,
      body: { customerId: membership.id },
      now: "2026-06-01T10:00:00Z",
    });
    expect(result.status).toBe(201);
    const visit = schemas.visit.parse(result.json);
    expect(visit.visitNumber).toBe(1);
    expect(visit.programs[0]!.line).toMatch(/1/);
    const audit = await db.auditLog.findFirstOrThrow({ where: { businessId: business.id, action: "VISIT_RECORDED" } });
    expect(audit.actorId).toBe(keyId);
    expect(audit.actorName).toBe(`Till (${key.slice(0, 16)}…)`);
  });

  it("the daily limit holds: a second visit the same day is a 409 problem", async () => {
    const { key, business } = await setup();
    const { membership } = await member(business.id);
    const first = await call(recordVisit, "POST", "/v", {
      key,
      body: { customerId: membership.id },
      now: "2026-06-01T10:00:00Z",
    });
    expect(first.status).toBe(201);
    const second = await call(recordVisit, "POST", "/v", {
      key,
      body: { customerId: membership.id },
      now: "2026-06-01T12:00:00Z",
    });
    expectProblem(second, 409, "daily-limit-reached");
    expect(await db.tap.count({ where: { membershipId: membership.id } })).toBe(1);
  });

  it("a fresh QR makes a new customer; a customer of another business is not found", async () => {
    const { key, business } = await setup();
    const { user } = await createUser();
    const qr = `/qr/${user.id}?t=${qrPresenceToken(user.id, new Date()).token}`;
    const result = await call(recordVisit, "POST", "/v", { key, body: { qr } });
    expect(result.status).toBe(201);
    expect(result.json.newCustomer).toBe(true);
    expect(await db.membership.count({ where: { userId: user.id, businessId: business.id } })).toBe(1);
    const other = await setup();
    const theirs = await member(other.business.id);
    expectProblem(
      await call(recordVisit, "POST", "/v", { key, body: { customerId: theirs.membership.id } }),
      404,
      "not-found",
    );
  });

  it("invalid bodies are 400 problems with errors; a body that is not JSON is a 415", async () => {
    const { key } = await setup();
    const both = await call(recordVisit, "POST", "/v", { key, body: { customerId: randomUUID(), qr: "x" } });
    expectProblem(both, 400, "invalid-request");
    expect(both.json.errors).toHaveProperty("customerId");
    const extra = await call(recordVisit, "POST", "/v", { key, body: { customerId: "nope" } });
    expectProblem(extra, 400, "invalid-request");
    const form = await call(recordVisit, "POST", "/v", { key, headers: { "content-type": "text/plain" } });
    expectProblem(form, 415, "unsupported-media-type");
  });
});

describe("Idempotency-Key", () => {
  it("is required on every write", async () => {
    const { key, business } = await setup();
    const { membership } = await member(business.id);
    const result = await call(recordVisit, "POST", "/v", {
      key,
      body: { customerId: membership.id },
      idempotencyKey: null,
    });
    expectProblem(result, 400, "idempotency-key-missing");
    expect(await db.tap.count({ where: { membershipId: membership.id } })).toBe(0);
  });

  it("a retry gets the stored answer again and records nothing; another body with the key is a 422", async () => {
    const { key, business } = await setup(undefined, { dailyTapLimit: 5 });
    const { membership } = await member(business.id);
    const other = await member(business.id);
    const idempotencyKey = randomUUID();
    const first = await call(recordVisit, "POST", "/v", { key, idempotencyKey, body: { customerId: membership.id } });
    expect(first.status).toBe(201);
    const retry = await call(recordVisit, "POST", "/v", { key, idempotencyKey, body: { customerId: membership.id } });
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.tap.count({ where: { membershipId: membership.id } })).toBe(1);
    const reused = await call(recordVisit, "POST", "/v", {
      key,
      idempotencyKey,
      body: { customerId: other.membership.id },
    });
    expectProblem(reused, 422, "idempotency-key-reused");
    expect(await db.tap.count({ where: { membershipId: other.membership.id } })).toBe(0);
  });

  it("10 parallel requests with one key record one visit", async () => {
    const { key, business } = await setup(undefined, { dailyTapLimit: 10 });
    const { membership } = await member(business.id);
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(recordVisit, "POST", "/v", { key, idempotencyKey, body: { customerId: membership.id } }),
      ),
    );
    expect(await db.tap.count({ where: { membershipId: membership.id } })).toBe(1);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json.visitId)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) expectProblem(r, 409, "request-in-progress");
  });
});

describe("rewards", () => {
  const dayAt = (day: number) => new Date(Date.UTC(2026, 5, day, 10));

  async function withReward() {
    const earned = await earnReward({ dayAt });
    const created = await createApiKey(earned.owner.user.id, earned.business.id, {
      name: "Till",
      scopes: ["read", "redeem"],
    });
    return { ...earned, key: created!.key, keyId: created!.row.id };
  }

  it("lists, redeems once (409 the second time), undoes; the audit log names the key", async () => {
    const { key, keyId, reward, business } = await withReward();
    const now = "2026-06-03T10:00:00Z";
    const listed = await call(listRewards, "GET", "/x", { key, query: { status: "AVAILABLE" }, now });
    expect(schemas.rewardList.parse(listed.json).data.map((r) => r.id)).toEqual([reward.id]);
    const first = await call(redeem, "POST", "/x", { key, body: {}, params: { id: reward.id }, now });
    expect(first.status).toBe(200);
    expect(schemas.reward.parse(first.json).status).toBe("REDEEMED");
    expectProblem(
      await call(redeem, "POST", "/x", { key, body: {}, params: { id: reward.id }, now }),
      409,
      "already-redeemed",
    );
    const undone = await call(undo, "POST", "/x", {
      key,
      body: {},
      params: { id: reward.id },
      now: "2026-06-03T10:05:00Z",
    });
    expect(undone.status).toBe(200);
    expect(undone.json.status).toBe("AVAILABLE");
    const entries = await db.auditLog.findMany({
      where: { businessId: business.id, action: { in: ["REDEMPTION", "REDEMPTION_UNDONE"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ["REDEMPTION", keyId],
      ["REDEMPTION_UNDONE", keyId],
    ]);
    // Past the undo window: a 409.
    await call(redeem, "POST", "/x", { key, body: {}, params: { id: reward.id }, now: "2026-06-03T11:00:00Z" });
    expectProblem(
      await call(undo, "POST", "/x", { key, body: {}, params: { id: reward.id }, now: "2026-06-03T11:30:00Z" }),
      409,
      "undo-not-possible",
    );
  });

  it("another business's reward is not found, and stays available", async () => {
    const { reward } = await withReward();
    const other = await setup();
    expectProblem(
      await call(redeem, "POST", "/x", { key: other.key, body: {}, params: { id: reward.id } }),
      404,
      "not-found",
    );
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
  });
});

describe("rate limit", () => {
  it("tells the quota in RateLimit headers and answers 429 with Retry-After past it", async () => {
    const { key } = await setup();
    const now = "2026-06-01T10:00:00Z";
    const first = await call(listPrograms, "GET", "/x", { key, now });
    expect(first.headers.get("ratelimit-policy")).toBe(`"default";q=${API_REQUESTS_PER_MINUTE};w=60`);
    expect(first.headers.get("ratelimit")).toBe(`"default";r=${API_REQUESTS_PER_MINUTE - 1};t=60`);
    for (let i = 1; i < API_REQUESTS_PER_MINUTE; i++) await call(listPrograms, "GET", "/x", { key, now });
    const refused = await call(listPrograms, "GET", "/x", { key, now: "2026-06-01T10:00:20Z" });
    expectProblem(refused, 429, "rate-limited");
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(refused.headers.get("ratelimit")).toBe(`"default";r=0;t=40`);
    // Another key has its own quota.
    const other = await setup();
    expect((await call(listPrograms, "GET", "/x", { key: other.key, now })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document with every webhook event", async () => {
    const response = await call(openApi, "GET", "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = response.json as { openapi: string; webhooks: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(Object.keys(document.webhooks).sort()).toEqual(
      ["campaign.sent", "customer.joined", "reward.earned", "reward.redeemed", "visit.recorded"].sort(),
    );
  });

  it("documents every route and method under app/api/v1", async () => {
    const document = (await call(openApi, "GET", "/api/v1/openapi.json")).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const root = path.join(repoRoot, "app/api/v1");
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (entry.name === "route.ts") routes.push(path.relative(root, dir));
      }
    };
    walk(root);
    expect(routes.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const route of routes) {
      const apiPath = `/${route.split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}");
      // The document itself is not an operation of the API.
      if (apiPath === "/openapi.json") continue;
      const mod = (await import(`@/app/api/v1/${route ? `${route}/` : ""}route`)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (mod[method] && !document.paths[apiPath]?.[method.toLowerCase()]) missing.push(`${method} ${apiPath}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
