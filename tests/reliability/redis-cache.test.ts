import { createClient } from "@redis/client";
import { registerOwner, unique, type Owner } from "./support/actors";
import { startCluster, type Cluster } from "./support/cluster";
import { postAction } from "./support/action-manifest";
import { ownRedis, within, type OwnRedis } from "../support/redis-server";
import { profileForm } from "../support/profile-form";

// Two production instances sharing one Redis for Next.js's cache (REDIS_URL):
// an edit made through one instance is on the other's cached pages at once,
// and Redis stopping never stops the pages. The Redis is the test's own
// redis-server, so it can be stopped.

const NOT_VERIFIED = "This tag could not be verified.";
const keyPrefix = `rel-redis-${unique()}:`;
let redis: OwnRedis;
let cluster: Cluster;
let owner: Owner & { tagId: string };
let business: { name: string; slug: string };

async function page(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}
const visitorTap = (baseUrl: string) => page(baseUrl, `/tap?id=${owner.tagId}`);
const card = (baseUrl: string) => page(baseUrl, `/b/${business.slug}`);

async function cachedEntries(): Promise<number> {
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    let count = 0;
    for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}loyaltap:*:e:*`, COUNT: 500 }))
      count += keys.length;
    return count;
  } finally {
    await client.close();
  }
}

function profile(name: string) {
  return profileForm({ name, description: "Coffee and cake", keywords: ["coffee"], address: "Calle Mayor 1" });
}

async function rename(baseUrl: string, name: string) {
  const answer = await postAction(baseUrl, "updateBusinessProfileAction", [owner.businessId, profile(name)], {
    cookie: owner.cookie,
  });
  expect(answer.result).toEqual({ ok: true, slug: business.slug });
  business = { ...business, name };
}

beforeAll(async () => {
  redis = await ownRedis();
  cluster = await startCluster({ instances: 2, env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: keyPrefix } });
  const tagId = `rel-redis-${unique()}`;
  owner = { ...(await registerOwner(cluster.instances[0]!.url, { tapId: tagId })), tagId };
  const { rows } = await cluster.sql.query<{ name: string; slug: string }>(
    `SELECT "name", "slug" FROM "Business" WHERE "id" = $1`,
    [owner.businessId],
  );
  business = rows[0]!;
});
afterAll(async () => {
  await cluster?.stop();
  await redis?.stop();
});

test("both instances cache the visitor tap page and the public card in the shared Redis", async () => {
  const [a, b] = cluster.instances;
  for (const instance of [a!, b!]) {
    for (let i = 0; i < 2; i++) {
      const tapPage = await visitorTap(instance.url);
      expect(tapPage.status).toBe(200);
      expect(tapPage.text).toContain(business.name);
      const cardPage = await card(instance.url);
      expect(cardPage.status).toBe(200);
      expect(cardPage.text).toContain(business.name);
    }
  }
  expect(await cachedEntries()).toBeGreaterThan(0);
});

test("secure mode turned on through A: B's cached visitor tap page refuses the bare link within 1 s", async () => {
  const [a, b] = cluster.instances;
  expect((await visitorTap(b!.url)).text).toContain(business.name);
  const saved = await postAction(
    a!.url,
    "saveSecureTagKeysAction",
    [
      {
        tagId: owner.tagId,
        metaReadKey: "00112233445566778899aabbccddeeff",
        fileReadKey: "ffeeddccbbaa99887766554433221100",
      },
    ],
    { cookie: owner.cookie },
  );
  expect(saved.result).toEqual({ ok: true });
  const took = await within(1000, async () => (await visitorTap(b!.url)).text.includes(NOT_VERIFIED));
  expect(took).toBeLessThan(1000);
  expect((await visitorTap(a!.url)).text).toContain(NOT_VERIFIED);
  const off = await postAction(a!.url, "disableSecureTagAction", [owner.tagId], { cookie: owner.cookie });
  expect(off.result).toEqual({ ok: true });
  await within(1000, async () => (await visitorTap(b!.url)).text.includes(business.name));
});

test("the business renamed through A: B's public card and visitor tap page show the new name within 1 s", async () => {
  const [a, b] = cluster.instances;
  expect((await card(b!.url)).text).toContain(business.name);
  const name = `Renamed Cafe ${unique()}`;
  await rename(a!.url, name);
  const took = await within(
    1000,
    async () => (await card(b!.url)).text.includes(name) && (await visitorTap(b!.url)).text.includes(name),
  );
  expect(took).toBeLessThan(1000);
});

test("Redis stopped mid-run: both instances answer from the database and log why; started again, caching and cross-instance expiry resume", async () => {
  const [a, b] = cluster.instances;
  await redis.stop();
  for (const instance of [a!, b!]) {
    for (let i = 0; i < 5; i++) {
      const tapPage = await visitorTap(instance.url);
      expect(tapPage.status).toBe(200);
      expect(tapPage.text).toContain(business.name);
      const cardPage = await card(instance.url);
      expect(cardPage.status).toBe(200);
      expect(cardPage.text).toContain(business.name);
    }
  }
  // An edit while Redis is down is on every instance's pages: they render from the database.
  const name = `Offline Cafe ${unique()}`;
  await rename(a!.url, name);
  expect((await card(b!.url)).text).toContain(name);
  expect((await visitorTap(b!.url)).text).toContain(name);
  for (const instance of [a!, b!]) {
    const log = instance.output.join("");
    expect(log).toContain("Redis cache unavailable");
    // Logged once per outage, not once per request.
    expect(log.split("Redis cache unavailable").length - 1).toBe(1);
    expect(log).not.toMatch(/"status":5\d\d/);
  }

  await redis.start();
  await within(10_000, async () =>
    [a!, b!].every((instance) => instance.output.join("").includes("Redis cache available again")),
  );
  await within(5000, async () => {
    await visitorTap(b!.url);
    return (await cachedEntries()) > 0;
  });
  const back = `Back Cafe ${unique()}`;
  await card(b!.url);
  await visitorTap(b!.url);
  await rename(a!.url, back);
  await within(
    1000,
    async () => (await card(b!.url)).text.includes(back) && (await visitorTap(b!.url)).text.includes(back),
  );
});
