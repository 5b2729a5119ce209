import { randomUUID } from "node:crypto";
import { POST as refund } from "@/app/api/v1/purchases/[id]/refund/route";
import { POST as recordPurchase } from "@/app/api/v1/purchases/route";
import { createApiKey } from "@/lib/api-keys/manage";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import { db } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { createBusiness, createUser } from "../support/fixtures";

// Points for spending through the public API (docs/api.md, "Purchases"): the
// till records a purchase with its receipt number and refunds it, through the
// real route handlers, the real database and the counter's own functions.

beforeAll(async () => {
  await jobQueueReady();
}, 30_000);
afterAll(() => db.$disconnect());

type Handler = (request: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function post(
  handler: Handler,
  key: string,
  body: unknown,
  options: { id?: string; idempotencyKey?: string } = {},
) {
  const request = new Request("http://localhost/api/v1/purchases", {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "idempotency-key": options.idempotencyKey ?? randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const response = await handler(request, {
    params: Promise.resolve((options.id ? { id: options.id } : undefined) as unknown as Record<string, string>),
  });
  return { status: response.status, type: response.headers.get("content-type"), json: await response.json() };
}

/** A business with a spend card (2 points per euro from 5.00 €, a reward at 100), a customer of it and a key. */
async function setup(scopes: ApiKeyScope[] = ["read", "visits"]) {
  const world = await createBusiness({
    programs: [
      {
        type: "points",
        name: "Spend card",
        rules: { pointsPerVisit: 0, threshold: 100, pointsPerEuro: 2, minimumCents: 500 },
        rewardName: "Free lunch",
      },
    ],
  });
  const { user } = await createUser();
  const membership = await db.membership.create({ data: { userId: user.id, businessId: world.business.id } });
  const created = await createApiKey(world.owner.user.id, world.business.id, { name: "Till", scopes });
  if (!created) throw new Error("no key");
  const points = async () =>
    (await db.progress.findFirst({ where: { membershipId: membership.id }, select: { count: true } }))?.count ?? 0;
  return { ...world, key: created.key, keyId: created.row.id, customerId: membership.id, points };
}

describe("POST /api/v1/purchases", () => {
  test("a purchase earns its points, rounded down, and is audited with the API key", async () => {
    const { key, keyId, customerId, points, business } = await setup();
    const answer = await post(recordPurchase, key, { customerId, amountCents: 1_299, receipt: "T1-0001" });
    expect(answer.status).toBe(201);
    // 12.99 € × 2 points per euro = 25.98 → 25.
    expect(answer.json).toMatchObject({
      replayed: false,
      purchase: { customerId, amountCents: 1_299, currency: "EUR", receipt: "T1-0001", points: 25 },
    });
    expect(await points()).toBe(25);
    const audit = await db.auditLog.findFirst({ where: { businessId: business.id, action: "PURCHASE_RECORDED" } });
    expect(audit?.actorId).toBe(keyId);
  });

  test("under the minimum a purchase is kept and earns nothing", async () => {
    const { key, customerId, points } = await setup();
    const answer = await post(recordPurchase, key, { customerId, amountCents: 499 });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ purchase: { amountCents: 499, points: 0 } });
    expect(await points()).toBe(0);
  });

  test("one receipt earns once: ten requests at once with their own Idempotency-Keys make one purchase", async () => {
    const { key, customerId, points, business } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(recordPurchase, key, { customerId, amountCents: 2_000, receipt: "T1-0002" }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.purchase.id)).size).toBe(1);
    expect(answers.filter((a) => a.json.replayed)).toHaveLength(9);
    expect(await db.purchase.count({ where: { businessId: business.id } })).toBe(1);
    expect(await points()).toBe(40);
    // The same receipt for another amount is a mistake at the till, refused.
    const other = await post(recordPurchase, key, { customerId, amountCents: 3_000, receipt: "T1-0002" });
    expect(other.status).toBe(409);
    expect(other.type).toContain("application/problem+json");
    expect(other.json).toMatchObject({ code: "receipt-taken", status: 409 });
    expect(await points()).toBe(40);
  });

  test("bad input and a key without the scope change nothing", async () => {
    const { key, customerId, points, business } = await setup();
    for (const body of [
      { customerId, amountCents: 0 },
      { customerId, amountCents: 12.5 },
      { customerId, amountCents: "1250" },
      { amountCents: 1_250 },
      { customerId, amountCents: 1_250, receipt: "x".repeat(65) },
      { customerId, amountCents: 1_250, tip: 100 },
    ]) {
      const answer = await post(recordPurchase, key, body);
      expect([answer.status, answer.json.code]).toEqual([400, "invalid-request"]);
    }
    const readOnly = await setup(["read"]);
    const refused = await post(recordPurchase, readOnly.key, { customerId: readOnly.customerId, amountCents: 1_250 });
    expect([refused.status, refused.json.code]).toEqual([403, "forbidden"]);
    // Another business's customer is not found through this key.
    const elsewhere = await post(recordPurchase, key, { customerId: readOnly.customerId, amountCents: 1_250 });
    expect([elsewhere.status, elsewhere.json.code]).toEqual([404, "not-found"]);
    expect(await db.purchase.count({ where: { businessId: business.id } })).toBe(0);
    expect(await points()).toBe(0);
  });
});

describe("POST /api/v1/purchases/{id}/refund", () => {
  test("a refund takes the points back; the same refund again changes nothing; more than is left is refused", async () => {
    const { key, customerId, points } = await setup();
    const bought = await post(recordPurchase, key, { customerId, amountCents: 3_000, receipt: "T1-0003" });
    const id = bought.json.purchase.id as string;
    expect(await points()).toBe(60);

    const refundKey = randomUUID();
    const part = await post(refund, key, { amountCents: 1_000 }, { id, idempotencyKey: refundKey });
    expect(part.status).toBe(201);
    expect(part.json).toMatchObject({ refund: { amountCents: 1_000, points: 20 }, purchase: { refundedCents: 1_000 } });
    expect(await points()).toBe(40);
    // A retry with the same Idempotency-Key answers the same refund.
    const again = await post(refund, key, { amountCents: 1_000 }, { id, idempotencyKey: refundKey });
    expect(again.json.refund.id).toBe(part.json.refund.id);
    expect(await points()).toBe(40);

    const tooMuch = await post(refund, key, { amountCents: 2_500 }, { id });
    expect([tooMuch.status, tooMuch.json.code]).toEqual([422, "refund-too-large"]);
    const rest = await post(refund, key, {}, { id });
    expect(rest.status).toBe(201);
    expect(rest.json).toMatchObject({ refund: { amountCents: 2_000, points: 40 }, purchase: { refundedCents: 3_000 } });
    expect(await points()).toBe(0);
    const nothing = await post(refund, key, {}, { id });
    expect([nothing.status, nothing.json.code]).toEqual([409, "nothing-to-refund"]);
  });

  test("another business's purchase is not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const bought = await post(recordPurchase, theirs.key, { customerId: theirs.customerId, amountCents: 1_000 });
    const answer = await post(refund, mine.key, {}, { id: bought.json.purchase.id as string });
    expect([answer.status, answer.json.code]).toEqual([404, "not-found"]);
    expect(await theirs.points()).toBe(20);
  });
});
