import { randomUUID } from "node:crypto";
import { GET as listLocations } from "@/app/api/v1/locations/route";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";
import { POST as recordPurchase } from "@/app/api/v1/purchases/route";
import { POST as redeem } from "@/app/api/v1/rewards/[id]/redeem/route";
import { POST as recordVisit } from "@/app/api/v1/visits/route";
import { createApiKey } from "@/lib/api-keys/manage";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { registerEndpoint } from "@/lib/webhooks/manage";
import { createBusiness, createUser } from "../support/fixtures";

// Locations through the public API (docs/api.md, "Locations"; docs/locations.md,
// "The API"): GET /locations with keyset pages, and the optional `location` of a
// visit, a purchase and a redemption — an open location of the key's business,
// else a 422 problem naming the field and nothing written — carried by the
// answers and the webhook payloads. Real route handlers, real database.

const RECEIVER = "http://127.0.0.1:9";
const saved = { ...process.env };
beforeAll(async () => {
  await jobQueueReady();
}, 30_000);
beforeEach(() => {
  // A loopback endpoint nothing listens on: the messages are written, never delivered here.
  process.env.LOYALTAP_TEST_WEBHOOK_ORIGINS = RECEIVER;
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(() => db.$disconnect());

type Handler = (request: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  handler: Handler,
  method: "GET" | "POST",
  key: string,
  options: { query?: Record<string, string>; body?: unknown; id?: string } = {},
) {
  const url = new URL("http://localhost/api/v1/x");
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers({ authorization: `Bearer ${key}` });
  if (method === "POST") {
    headers.set("content-type", "application/json");
    headers.set("idempotency-key", randomUUID());
  }
  const response = await handler(
    new Request(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
    { params: Promise.resolve((options.id ? { id: options.id } : undefined) as unknown as Record<string, string>) },
  );
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    json: (await response.json()) as Record<string, unknown> & { data?: Record<string, unknown>[] },
  };
}

/**
 * A business with three locations (Gràcia, made with it; Born; Sants, closed),
 * a one-visit stamp card and points for spending, a customer, a key, and a
 * webhook endpoint for visits and redemptions.
 */
async function setup(scopes: ApiKeyScope[] = ["read", "visits", "redeem"]) {
  const world = await createBusiness({
    dailyTapLimit: 10,
    programs: [
      { type: "stamps", name: "Card", rules: { stampsRequired: 1 }, rewardName: "Coffee", rewardExpiryDays: 30 },
      {
        type: "points",
        name: "Spend",
        rules: { pointsPerVisit: 0, threshold: 1000, pointsPerEuro: 1, minimumCents: 100 },
        rewardName: "Gift",
      },
    ],
  });
  const { business } = world;
  const gracia = await db.location.findFirstOrThrow({ where: { businessId: business.id } });
  await db.location.update({
    where: { id: gracia.id },
    data: { name: "Gràcia", address: "Verdi 1", openingHours: [{ day: 1, opens: "08:00", closes: "14:00" }] },
  });
  const born = await db.location.create({ data: { businessId: business.id, name: "Born", position: 1 } });
  const sants = await db.location.create({
    data: { businessId: business.id, name: "Sants", position: 2, closedAt: new Date() },
  });
  const { user } = await createUser();
  const membership = await db.membership.create({ data: { userId: user.id, businessId: business.id } });
  const created = await createApiKey(world.owner.user.id, business.id, { name: "Till", scopes });
  if (!created) throw new Error("no key");
  const endpoint = await registerEndpoint(business.id, {
    url: `${RECEIVER}/hooks`,
    events: ["visit.recorded", "reward.redeemed"],
  });
  if (!endpoint.ok) throw new Error("no endpoint");
  return { ...world, key: created.key, gracia, born, sants, customerId: membership.id, endpointId: endpoint.id };
}
type World = Awaited<ReturnType<typeof setup>>;

async function payloads(w: World, type: string) {
  const rows = await queryRows<{ payload: { data: Record<string, unknown> } }>(
    `SELECT "payload" FROM "WebhookMessage" WHERE "endpointId" = $1 AND "eventType" = $2 ORDER BY "createdAt"`,
    [w.endpointId, type],
  );
  return rows.map((row) => row.payload.data);
}

const written = async (w: World) => ({
  taps: await db.tap.count({ where: { businessId: w.business.id } }),
  purchases: await db.purchase.count({ where: { businessId: w.business.id } }),
  redeemed: await db.reward.count({ where: { businessId: w.business.id, status: "REDEEMED" } }),
  audit: await db.auditLog.count({ where: { businessId: w.business.id } }),
  messages: await db.webhookMessage.count({ where: { endpointId: w.endpointId } }),
});

function expectLocationProblem(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status).toBe(422);
  expect(answer.type).toBe("application/problem+json");
  expect(answer.json).toMatchObject({
    type: "/developers/api#problem-location-not-valid",
    code: "location-not-valid",
    status: 422,
    errors: { location: "This is not an open location of the business: see GET /locations." },
  });
}

describe("GET /api/v1/locations", () => {
  it("lists the business's locations, open and closed, with what the owner stored", async () => {
    const w = await setup(["read"]);
    const answer = await call(listLocations, "GET", w.key);
    expect(answer.status).toBe(200);
    expect(answer.json.nextCursor).toBeNull();
    expect(answer.json.data).toEqual([
      {
        id: w.gracia.id,
        name: "Gràcia",
        address: "Verdi 1",
        timeZone: "Europe/Madrid",
        openingHours: [{ day: 1, opens: "08:00", closes: "14:00" }],
        position: 0,
        open: true,
        closedAt: null,
      },
      expect.objectContaining({ id: w.born.id, name: "Born", open: true, openingHours: [] }),
      expect.objectContaining({ id: w.sants.id, name: "Sants", open: false, closedAt: expect.any(String) }),
    ]);
    // Only this business's.
    const other = await setup(["read"]);
    const theirs = await call(listLocations, "GET", other.key);
    expect(theirs.json.data!.map((l) => l.id)).toEqual([other.gracia.id, other.born.id, other.sants.id]);
  });

  it("pages by keyset: a stable order, a cursor to the next page, a malformed cursor refused", async () => {
    const w = await setup(["read"]);
    const first = await call(listLocations, "GET", w.key, { query: { limit: "2" } });
    expect(first.json.data!.map((l) => l.id)).toEqual([w.gracia.id, w.born.id]);
    expect(typeof first.json.nextCursor).toBe("string");
    // A location added meanwhile comes after, never shifting a page.
    const added = await db.location.create({ data: { businessId: w.business.id, name: "Poblenou", position: 3 } });
    const second = await call(listLocations, "GET", w.key, {
      query: { limit: "2", cursor: first.json.nextCursor as string },
    });
    expect(second.json.data!.map((l) => l.id)).toEqual([w.sants.id, added.id]);
    expect(second.json.nextCursor).toBeNull();
    const bad = await call(listLocations, "GET", w.key, { query: { cursor: "bm90LWFuLWlk" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "invalid-request", errors: { cursor: expect.any(String) } });
    const tooMany = await call(listLocations, "GET", w.key, { query: { limit: "101" } });
    expect(tooMany.status).toBe(400);
  });

  it("needs the read scope", async () => {
    const w = await setup(["visits", "redeem"]);
    const answer = await call(listLocations, "GET", w.key);
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ code: "forbidden" });
  });
});

describe("a write's location", () => {
  it("a visit at an open location is recorded there, and its answer and webhook say where", async () => {
    const w = await setup();
    const answer = await call(recordVisit, "POST", w.key, { body: { customerId: w.customerId, location: w.born.id } });
    expect(answer.status).toBe(201);
    expect(answer.json.locationId).toBe(w.born.id);
    expect(await db.tap.findFirstOrThrow({ where: { businessId: w.business.id } })).toMatchObject({
      locationId: w.born.id,
    });
    expect(await payloads(w, "visit.recorded")).toEqual([
      expect.objectContaining({ visitId: answer.json.visitId, locationId: w.born.id, source: "api" }),
    ]);
    // Without one: at no location.
    const nowhere = await call(recordVisit, "POST", w.key, { body: { customerId: w.customerId } });
    expect(nowhere.status).toBe(201);
    expect(nowhere.json.locationId).toBeNull();
  });

  it("an unknown, a closed or another business's location: a 422 problem naming the field, and nothing written", async () => {
    const w = await setup();
    const other = await setup();
    const reward = await db.reward.create({
      data: {
        code: `R${randomUUID().slice(0, 7)}`,
        businessId: w.business.id,
        name: "Coffee",
        membershipId: w.customerId,
      },
    });
    const before = await written(w);
    for (const location of [randomUUID(), w.sants.id, other.gracia.id]) {
      expectLocationProblem(await call(recordVisit, "POST", w.key, { body: { customerId: w.customerId, location } }));
      expectLocationProblem(
        await call(recordPurchase, "POST", w.key, { body: { customerId: w.customerId, amountCents: 1500, location } }),
      );
      expectLocationProblem(await call(redeem, "POST", w.key, { id: reward.id, body: { location } }));
    }
    expect(await written(w)).toEqual(before);
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({ status: "AVAILABLE" });
    // Not an id at all: the body's validation names it.
    const malformed = await call(recordVisit, "POST", w.key, { body: { customerId: w.customerId, location: "x" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: "invalid-request", errors: { location: expect.any(String) } });
  });

  it("a purchase at an open location is recorded there, and earns in the programs that run there", async () => {
    const w = await setup();
    const answer = await call(recordPurchase, "POST", w.key, {
      body: { customerId: w.customerId, amountCents: 1500, location: w.gracia.id },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.purchase).toMatchObject({ locationId: w.gracia.id, points: 15 });
    const points = await db.program.findFirstOrThrow({ where: { businessId: w.business.id, type: "points" } });
    await db.program.update({
      where: { id: points.id },
      data: { allLocations: false, locations: { create: [{ locationId: w.born.id }] } },
    });
    const elsewhere = await call(recordPurchase, "POST", w.key, {
      body: { customerId: w.customerId, amountCents: 1500, location: w.gracia.id },
    });
    expect(elsewhere.json.purchase).toMatchObject({ locationId: w.gracia.id, points: 0 });
    const there = await call(recordPurchase, "POST", w.key, {
      body: { customerId: w.customerId, amountCents: 1500, location: w.born.id },
    });
    expect(there.json.purchase).toMatchObject({ locationId: w.born.id, points: 15 });
  });

  it("a redemption at an open location is recorded there, in its answer and its webhook", async () => {
    const w = await setup();
    await call(recordVisit, "POST", w.key, { body: { customerId: w.customerId, location: w.gracia.id } });
    const reward = await db.reward.findFirstOrThrow({ where: { businessId: w.business.id } });
    const answer = await call(redeem, "POST", w.key, { id: reward.id, body: { location: w.born.id } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: reward.id, status: "REDEEMED", redeemedLocationId: w.born.id });
    expect(await payloads(w, "reward.redeemed")).toEqual([
      expect.objectContaining({ rewardId: reward.id, locationId: w.born.id }),
    ]);
  });
});

describe("the OpenAPI document", () => {
  it("describes GET /locations and the location of each write", async () => {
    const response = await openApi(new Request("http://localhost/api/v1/openapi.json"));
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>>;
    };
    type Json = { properties?: Record<string, unknown> };
    expect(document.paths["/locations"]?.get).toBeDefined();
    for (const [path, method] of [
      ["/visits", "post"],
      ["/purchases", "post"],
      ["/rewards/{id}/redeem", "post"],
    ] as const) {
      const schema = document.paths[path]![method]!.requestBody!.content["application/json"]!.schema;
      expect(Object.keys(schema.properties ?? {})).toContain("location");
    }
  });
});
