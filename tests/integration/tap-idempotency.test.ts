import { randomUUID } from "node:crypto";
import { POST } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { enableSecureTag } from "@/lib/db/secure-tags";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";
import { randomTagKeys, randomUidHex, sunParams } from "../support/sun";

// POST /api/tap with an Idempotency-Key: a retry of a request whose answer was
// lost (a kill -9 after the commit, a dropped connection) never counts twice.

process.env.LOYALTAP_TEST_CLOCK = "1";

afterAll(() => db.$disconnect());

const BAD_KEY = "Idempotency-Key must be 8 to 128 characters: letters, digits, '-', '_', '.' or ':'.";

function tap(body: Record<string, string>, bearer: string, key: string | null, now = "2026-06-01T10:00:00Z") {
  return call(POST, "POST", "/api/tap", {
    body,
    bearer,
    headers: { "x-loyaltap-now": now, ...(key === null ? {} : { "Idempotency-Key": key }) },
  });
}

const tapsOf = (userId: string) => db.tap.count({ where: { userId } });
const newKey = () => randomUUID();

describe("POST /api/tap with an Idempotency-Key", () => {
  it("the same key twice: the first answer again, one visit, one stamp", async () => {
    const { tag, business } = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] });
    const customer = await createUser();
    const key = newKey();
    const first = await tap({ id: tag.id }, customer.bearer, key);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      status: "success",
      newly_linked: true,
      active_programs: [{ result: { current: 1 } }],
    });
    const retry = await tap({ id: tag.id }, customer.bearer, key, "2026-06-01T10:00:05Z");
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(await tapsOf(customer.user.id)).toBe(1);
    const progress = await db.progress.findFirstOrThrow({
      where: { membership: { userId: customer.user.id, businessId: business.id } },
    });
    expect(progress.count).toBe(1);
    // Another key is another visit.
    const next = await tap({ id: tag.id }, customer.bearer, newKey(), "2026-06-01T10:01:00Z");
    expect(next.json).toMatchObject({ newly_linked: false, active_programs: [{ result: { current: 2 } }] });
    expect(await tapsOf(customer.user.id)).toBe(2);
  });

  it("10 concurrent requests with one key record exactly one visit, and all get its answer", async () => {
    const { tag } = await createBusiness({ dailyTapLimit: 10, programs: [stampsProgram(10)] });
    const customer = await createUser();
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => tap({ id: tag.id }, customer.bearer, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const result of results) expect(result.json).toEqual(results[0]!.json);
    expect(await tapsOf(customer.user.id)).toBe(1);
    expect(await db.dailyTapCount.findFirstOrThrow({ where: { userId: customer.user.id } })).toMatchObject({
      count: 1,
    });
    expect(await db.tapIdempotencyKey.count({ where: { userId: customer.user.id } })).toBe(1);
  }, 30_000);

  it("keys are per customer: two customers with the same key both record their visit", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const [ana, ben] = await Promise.all([createUser(), createUser()]);
    const key = newKey();
    const a = await tap({ id: tag.id }, ana.bearer, key);
    const b = await tap({ id: tag.id }, ben.bearer, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json).toMatchObject({ newly_linked: true });
    expect(await tapsOf(ana.user.id)).toBe(1);
    expect(await tapsOf(ben.user.id)).toBe(1);
  });

  it("a key older than 24 hours is new: the retry is a new visit", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    const key = newKey();
    expect((await tap({ id: tag.id }, customer.bearer, key, "2026-06-01T10:00:00Z")).status).toBe(200);
    // 23 h 59 min later (the next local day, so the daily limit allows a visit): still the first answer.
    const within = await tap({ id: tag.id }, customer.bearer, key, "2026-06-02T09:59:00Z");
    expect(within.json).toMatchObject({ newly_linked: true, active_programs: [{ result: { current: 1 } }] });
    expect(await tapsOf(customer.user.id)).toBe(1);
    const after = await tap({ id: tag.id }, customer.bearer, key, "2026-06-02T10:00:01Z");
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ newly_linked: false, active_programs: [{ result: { current: 2 } }] });
    expect(await tapsOf(customer.user.id)).toBe(2);
  });

  it("a stored 429 replays as the same 429, even once the limit would allow a visit", async () => {
    const { tag } = await createBusiness({ dailyTapLimit: 1, programs: [stampsProgram(10)] });
    const customer = await createUser();
    expect((await tap({ id: tag.id }, customer.bearer, newKey(), "2026-06-01T10:00:00Z")).status).toBe(200);
    const key = newKey();
    const refused = await tap({ id: tag.id }, customer.bearer, key, "2026-06-01T11:00:00Z");
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      type: "limit_reached",
      message: "You have reached the maximum number of taps allowed for today.",
    });
    // The next day, the retry of that request is still the refusal; a new request is a visit.
    const retry = await tap({ id: tag.id }, customer.bearer, key, "2026-06-02T09:00:00Z");
    expect(retry.status).toBe(429);
    expect(retry.json).toEqual(refused.json);
    expect(await tapsOf(customer.user.id)).toBe(1);
    expect((await tap({ id: tag.id }, customer.bearer, newKey(), "2026-06-02T09:00:00Z")).status).toBe(200);
  });

  it("answers that recorded nothing are not stored: the key still works afterwards", async () => {
    const customer = await createUser();
    const free = `free-${uid()}`;
    await db.tag.create({ data: { id: free } });
    const key = newKey();
    expect((await tap({ id: free }, customer.bearer, key)).status).toBe(404);
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    expect((await tap({ id: tag.id }, customer.bearer, key)).status).toBe(200);
    expect(await tapsOf(customer.user.id)).toBe(1);
  });

  it("a malformed key is a 400 with a clear message and records nothing", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    for (const key of [
      "",
      "short",
      "x".repeat(129),
      "has spaces in it",
      "semi;colon-key",
      'quote"d-key-1',
      "é-accented-key",
    ]) {
      const res = await call(POST, "POST", "/api/tap", {
        body: { id: tag.id },
        bearer: customer.bearer,
        headers: { "Idempotency-Key": key },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: "error", code: "invalid_idempotency_key", message: BAD_KEY });
    }
    expect(await tapsOf(customer.user.id)).toBe(0);
    expect(await db.tapIdempotencyKey.count({ where: { userId: customer.user.id } })).toBe(0);
  });
});

describe("Idempotency-Key on a secure tag", () => {
  async function secureTag() {
    const setup = await createBusiness({ dailyTapLimit: 10, programs: [stampsProgram(10)] });
    const keys = randomTagKeys();
    await enableSecureTag(setup.owner.user.id, setup.tag.id, keys);
    const chip = randomUidHex();
    return { ...setup, link: (counter: number) => ({ id: setup.tag.id, ...sunParams(keys, chip, counter) }) };
  }

  it("the retry of a request that spent the link gets the visit's answer, not a replay, and logs nothing", async () => {
    const { tag, link } = await secureTag();
    const customer = await createUser();
    const key = newKey();
    const fresh = link(7);
    const first = await tap(fresh, customer.bearer, key);
    expect(first.status).toBe(200);
    const retry = await tap(fresh, customer.bearer, key);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(1);
    expect(await db.tagRejection.count({ where: { tagId: tag.id } })).toBe(0);
    // Without the key, the same link is the replay it is.
    expect((await tap(fresh, customer.bearer, null)).status).toBe(409);
  });

  it("concurrent requests with one key and one link: one visit, every answer the visit's", async () => {
    const { tag, link } = await secureTag();
    const customer = await createUser();
    const key = newKey();
    const fresh = link(8);
    const results = await Promise.all(Array.from({ length: 6 }, () => tap(fresh, customer.bearer, key)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    for (const result of results) expect(result.json).toEqual(results[0]!.json);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(1);
    expect(await db.tagRejection.count({ where: { tagId: tag.id } })).toBe(0);
  }, 30_000);
});
