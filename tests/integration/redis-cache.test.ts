import { randomBytes } from "node:crypto";
import { createClient } from "@redis/client";
import { RedisCacheHandler, RedisCacheStore } from "@/server/redis-cache.mjs";
import { ownRedis, within, type OwnRedis } from "@/tests/support/redis-server";

// The Redis cache handler against a real Redis: the machine's shared one at
// 127.0.0.1:6379 under a key prefix of this run (never flushed), and a
// redis-server of the test's own for stopping and starting.

const SHARED_REDIS = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const prefix = `test-redis-cache-${randomBytes(4).toString("hex")}:`;

type LogCall = { level: string; fields: Record<string, unknown>; message: string };
function recordingLog() {
  const calls: LogCall[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void calls.push({ level, fields, message });
  return { calls, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

const stores: RedisCacheStore[] = [];
function store(options: { url?: string; buildId?: string; keyPrefix?: string; scope?: string } = {}) {
  const { log, calls } = recordingLog();
  const created = new RedisCacheStore({
    url: options.url ?? SHARED_REDIS,
    keyPrefix: options.keyPrefix ?? prefix,
    scope: options.scope,
    buildId: options.buildId ?? "build-1",
    log,
  });
  stores.push(created);
  return { store: created, calls };
}

/** An app instance: a store (its connection) and a handler per request, as Next.js makes them. */
function instance(options: { url?: string; buildId?: string; scope?: string } = {}) {
  const made = store(options);
  return { ...made, handler: () => new RedisCacheHandler({}, made.store) };
}

async function ready(...all: { store: RedisCacheStore }[]) {
  await within(5000, async () => all.every((one) => one.store.ready));
}

const page = (tags: string) => ({
  kind: "APP_PAGE",
  html: "<!DOCTYPE html><p>Café Central — 5 stamps</p>",
  rscData: Buffer.from([0, 1, 2, 0xfe, 0xff, 0x80]),
  headers: { "x-next-cache-tags": tags, "x-custom": "1" },
  status: 200,
  postponed: undefined,
  segmentData: new Map([
    ["/_tree", Buffer.from("tree")],
    ["/_full", Buffer.from([0xff, 0x00])],
  ]),
});
const pageContext = { cacheControl: { revalidate: 300, expire: 31_536_000 } };

const fetchEntry = {
  kind: "FETCH",
  data: { headers: {}, body: JSON.stringify({ name: "Café", n: 1 }), status: 200, url: "" },
  revalidate: 300,
};

let redisAdmin: ReturnType<typeof createClient>;
beforeAll(async () => {
  redisAdmin = createClient({ url: SHARED_REDIS });
  await redisAdmin.connect();
});
afterAll(async () => {
  await Promise.all(stores.map((one) => one.close()));
  for await (const keys of redisAdmin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length) await redisAdmin.del(keys);
  await redisAdmin.close();
});

describe("entries round-trip through Redis and are seen by every instance", () => {
  test("an app page (HTML, RSC bytes, segment map, headers), a route body and a data entry written on A are read back whole on B", async () => {
    const a = instance();
    const b = instance();
    await ready(a, b);
    const route = {
      kind: "APP_ROUTE",
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]),
      headers: { "content-type": "image/png" },
      status: 200,
    };

    await a.handler().set("/route-cache/APP_PAGE/x/$/b/cafe", page("_N_T_/b/cafe"), pageContext);
    await a
      .handler()
      .set("/route-cache/APP_ROUTE/x/$/b/cafe/opengraph-image", route, { cacheControl: { revalidate: false } });
    await a.handler().set("fetch-key-1", fetchEntry, { fetchCache: true, tags: ["tag:one"] });

    const readPage = await b.handler().get("/route-cache/APP_PAGE/x/$/b/cafe", { kind: "APP_PAGE" });
    expect(readPage?.value).toEqual({ ...page("_N_T_/b/cafe"), postponed: undefined });
    expect(Buffer.isBuffer(readPage?.value.rscData)).toBe(true);
    expect(readPage?.value.segmentData).toBeInstanceOf(Map);
    expect(readPage?.cacheControl).toEqual(pageContext.cacheControl);
    const readRoute = await b.handler().get("/route-cache/APP_ROUTE/x/$/b/cafe/opengraph-image", { kind: "APP_ROUTE" });
    expect(readRoute?.value).toEqual(route);
    const readData = await b.handler().get("fetch-key-1", { kind: "FETCH", tags: ["tag:one"], softTags: [] });
    expect(readData?.value).toEqual(fetchEntry);
    expect(JSON.parse(readData!.value.data.body)).toEqual({ name: "Café", n: 1 });
  });

  test("an entry gets a TTL (twice its revalidate time, here 600 s), so Redis does not grow forever", async () => {
    const a = instance();
    await ready(a);
    await a.handler().set("ttl-page", page("x"), pageContext);
    const ttl = await redisAdmin.ttl(`${prefix}loyaltap:build-1:e:ttl-page`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  test("another build never reads this build's entries, but shares its tag expiries", async () => {
    const old = instance({ buildId: "build-old" });
    const current = instance({ buildId: "build-new" });
    await ready(old, current);
    await old.handler().set("same-key", page("tag:shared"), pageContext);
    expect(await current.handler().get("same-key", { kind: "APP_PAGE" })).toBeNull();

    await current.handler().set("same-key", page("tag:shared"), pageContext);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await old.handler().revalidateTag(["tag:shared"], { expire: 0 });
    expect(await current.handler().get("same-key", { kind: "APP_PAGE" })).toBeNull();
  });
});

describe("deployments on different databases share one Redis without sharing entries", () => {
  test("an instance of another database (another scope) never reads these entries, and expiring a tag there expires nothing here", async () => {
    const cafeDatabase = instance({ scope: "aaaa1111" });
    const otherDatabase = instance({ scope: "bbbb2222" });
    const sameDatabase = instance({ scope: "aaaa1111" });
    await ready(cafeDatabase, otherDatabase, sameDatabase);
    await cafeDatabase
      .handler()
      .set("/route-cache/APP_PAGE/x/$/tap/visitor/demo-cafe", page("tag:demo-cafe"), pageContext);
    await cafeDatabase.handler().set("data-demo-cafe", fetchEntry, { fetchCache: true, tags: ["tag:demo-cafe"] });

    expect(
      await otherDatabase.handler().get("/route-cache/APP_PAGE/x/$/tap/visitor/demo-cafe", { kind: "APP_PAGE" }),
    ).toBeNull();
    expect(
      await otherDatabase.handler().get("data-demo-cafe", { kind: "FETCH", tags: ["tag:demo-cafe"], softTags: [] }),
    ).toBeNull();
    expect(
      (await sameDatabase.handler().get("/route-cache/APP_PAGE/x/$/tap/visitor/demo-cafe", { kind: "APP_PAGE" }))?.value
        .html,
    ).toContain("Café Central");

    await new Promise((resolve) => setTimeout(resolve, 5));
    await otherDatabase.handler().revalidateTag(["tag:demo-cafe"], { expire: 0 });
    expect(
      await sameDatabase.handler().get("/route-cache/APP_PAGE/x/$/tap/visitor/demo-cafe", { kind: "APP_PAGE" }),
    ).not.toBeNull();
    expect(
      await sameDatabase.handler().get("data-demo-cafe", { kind: "FETCH", tags: ["tag:demo-cafe"], softTags: [] }),
    ).not.toBeNull();
    expect(await redisAdmin.exists(`${prefix}loyaltap:aaaa1111:build-1:e:data-demo-cafe`)).toBe(1);
  });
});

describe("an expiry on one instance is seen by the others at once", () => {
  test("revalidateTag(tag, { expire: 0 }) on A: B misses the page and the data tagged with it within 1 s; other entries stay", async () => {
    const a = instance();
    const b = instance();
    await ready(a, b);
    await b.handler().set("page-tag-7", page("_N_T_/layout,_N_T_/tap/visitor/t7,tag:t7"), pageContext);
    await b.handler().set("page-tag-8", page("_N_T_/layout,_N_T_/tap/visitor/t8,tag:t8"), pageContext);
    await b.handler().set("data-tag-7", fetchEntry, { fetchCache: true, tags: ["tag:t7"] });
    expect(await b.handler().get("page-tag-7", { kind: "APP_PAGE" })).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));

    await a.handler().revalidateTag(["tag:t7"], { expire: 0 });
    const took = await within(1000, async () => (await b.handler().get("page-tag-7", { kind: "APP_PAGE" })) === null);
    expect(took).toBeLessThan(1000);
    expect(await b.handler().get("data-tag-7", { kind: "FETCH", tags: ["tag:t7"], softTags: [] })).toBeNull();
    expect(await b.handler().get("page-tag-8", { kind: "APP_PAGE" })).not.toBeNull();
  });

  test("revalidatePath (an implicit path tag, a data entry's soft tag) on A expires B's page of that path and the data it read", async () => {
    const a = instance();
    const b = instance();
    await ready(a, b);
    await b.handler().set("page-cafe", page("_N_T_/layout,_N_T_/b/[slug]/page,_N_T_/b/cafe-soft"), pageContext);
    await b.handler().set("data-cafe", fetchEntry, { fetchCache: true, tags: ["business:1"] });
    const softTags = ["_N_T_/layout", "_N_T_/b/[slug]/page", "_N_T_/b/cafe-soft"];
    expect(await b.handler().get("data-cafe", { kind: "FETCH", tags: ["business:1"], softTags })).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));

    await a.handler().revalidateTag(["_N_T_/b/cafe-soft"]);
    expect(await b.handler().get("page-cafe", { kind: "APP_PAGE" })).toBeNull();
    expect(await b.handler().get("data-cafe", { kind: "FETCH", tags: ["business:1"], softTags })).toBeNull();
    // The same data read for another page (other soft tags) is still fresh.
    expect(
      await b.handler().get("data-cafe", { kind: "FETCH", tags: ["business:1"], softTags: ["_N_T_/tap/visitor/x"] }),
    ).not.toBeNull();
  });

  test("a page rendered after the expiry is served; one whose render began before it is not", async () => {
    const a = instance();
    const b = instance();
    await ready(a, b);
    await a.handler().revalidateTag(["tag:t9"], { expire: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.handler().set("after", page("tag:t9"), pageContext);
    expect(await b.handler().get("after", { kind: "APP_PAGE" })).not.toBeNull();

    // B looks the page up (a miss) and renders it from old rows while A expires the tag.
    const request = b.handler();
    expect(await request.get("during", { kind: "APP_PAGE" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.handler().revalidateTag(["tag:t10"], { expire: 0 });
    await request.set("during", page("tag:t10"), pageContext);
    expect(await b.handler().get("during", { kind: "APP_PAGE" })).toBeNull();
  });
});

describe("Redis down never takes a page down", () => {
  test("nobody listening: reads are misses within a second, writes and expiries do not throw, the error is logged once", async () => {
    const nobody = `redis://127.0.0.1:1`;
    const down = instance({ url: nobody });
    const started = Date.now();
    for (let i = 0; i < 50; i++) {
      expect(await down.handler().get(`k${i}`, { kind: "APP_PAGE" })).toBeNull();
      await down.handler().set(`k${i}`, page("x"), pageContext);
    }
    await down.handler().revalidateTag(["tag:x"], { expire: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errors = down.calls.filter((call) => call.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/Redis cache unavailable/);
    expect(JSON.stringify(errors[0]!.fields)).toMatch(/ECONNREFUSED/);
  });

  test("the logged address never carries the password", () => {
    const secret = store({ url: "redis://cache-user:s3cret-pw@127.0.0.1:1/0" });
    expect(secret.store.target).not.toContain("s3cret-pw");
    expect(secret.store.target).toContain("127.0.0.1:1");
  });

  describe("a Redis that stops and starts again", () => {
    let own: OwnRedis;
    beforeAll(async () => {
      own = await ownRedis();
    });
    afterAll(async () => {
      await own?.stop();
    });

    test("stopped mid-run: misses and skipped writes, one error; back: caching resumes and an expiry made meanwhile is written", async () => {
      const a = instance({ url: own.url });
      const b = instance({ url: own.url });
      await ready(a, b);
      await a.handler().set("p", page("tag:own"), pageContext);
      expect(await b.handler().get("p", { kind: "APP_PAGE" })).not.toBeNull();

      await own.stop();
      await within(2000, async () => !a.store.ready);
      const started = Date.now();
      for (let i = 0; i < 20; i++) {
        expect(await a.handler().get("p", { kind: "APP_PAGE" })).toBeNull();
        await a.handler().set("p", page("tag:own"), pageContext);
      }
      const expiredAt = Date.now();
      await a.handler().revalidateTag(["tag:own"], { expire: 0 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(a.calls.filter((call) => call.level === "error")).toHaveLength(1);

      await own.start();
      await within(5000, async () => a.store.ready && b.store.ready);
      expect(a.calls.some((call) => call.level === "info" && /available again/.test(call.message))).toBe(true);
      await a.handler().set("p2", page("tag:own2"), pageContext);
      expect(await b.handler().get("p2", { kind: "APP_PAGE" })).not.toBeNull();
      // The expiry A could not write during the outage is in Redis now.
      const probe = createClient({ url: own.url });
      await probe.connect();
      try {
        await within(2000, async () => Number(await probe.hGet(`${prefix}loyaltap:tag:tag:own`, "e")) >= expiredAt);
      } finally {
        await probe.close();
      }
    });
  });
});
