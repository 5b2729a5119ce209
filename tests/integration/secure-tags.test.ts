import { GET, POST } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { disableSecureTag, enableSecureTag, getSecureTagSettings } from "@/lib/db/secure-tags";
import { claimTag, releaseTag } from "@/lib/db/tags";
import { encryptTagKeys, tagKeyEncryptionKey } from "@/lib/nfc/keys";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { flipHexDigit, plainSunParams, randomTagKeys, randomUidHex, sunParams, type TestTagKeys } from "../support/sun";

afterAll(() => db.$disconnect());

const NOT_VERIFIED = "This tag could not be verified.";
const REPLAYED = "This tap link was already used. Tap the tag again.";

async function secureTag(options: { dailyTapLimit?: number } = {}) {
  const setup = await createBusiness({ dailyTapLimit: options.dailyTapLimit ?? 10, programs: [stampsProgram(10)] });
  const keys = randomTagKeys();
  expect(await enableSecureTag(setup.owner.user.id, setup.tag.id, keys)).toBe(true);
  const uid = randomUidHex();
  return { ...setup, keys, link: (counter: number) => ({ id: setup.tag.id, ...sunParams(keys, uid, counter) }) };
}

const tap = (body: Record<string, string>, bearer: string) => call(POST, "POST", "/api/tap", { body, bearer });
const check = (query: Record<string, string>, bearer?: string) => call(GET, "GET", "/api/tap", { query, ...(bearer ? { bearer } : {}) });
const visitsAt = (tagId: string) => db.tap.count({ where: { tagId } });
async function rejections(tagId: string) {
  const rows = await db.tagRejection.findMany({ where: { tagId } });
  const sum = (reason: string) => rows.filter((r) => r.reason === reason).reduce((n, r) => n + r.count, 0);
  return { badMac: sum("BAD_MAC"), replay: sum("REPLAY") };
}

describe("secure tag: POST /api/tap", () => {
  it("a valid link records one visit and stores its counter with it", async () => {
    const { tag, link } = await secureTag();
    const customer = await createUser();
    const res = await tap(link(5), customer.bearer);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "success", tag_id: tag.id, progress_updated: true });
    const visit = await db.tap.findFirstOrThrow({ where: { tagId: tag.id } });
    expect(visit).toMatchObject({ userId: customer.user.id, sunCounter: 5 });
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({ lastCounter: 5, lastVerifiedAt: expect.any(Date) });
  });

  it("the same link again is a replay: 409, no visit, a REPLAY counted for the owner", async () => {
    const { tag, link } = await secureTag();
    const customer = await createUser();
    const friend = await createUser();
    const used = link(9);
    expect((await tap(used, customer.bearer)).status).toBe(200);
    for (const bearer of [customer.bearer, friend.bearer]) {
      const again = await tap(used, bearer);
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ status: "error", code: "tap_replayed", message: REPLAYED, tag_id: tag.id });
    }
    // An older (smaller) counter is as spent as the same one.
    expect((await tap(link(8), friend.bearer)).status).toBe(409);
    expect(await visitsAt(tag.id)).toBe(1);
    expect(await rejections(tag.id)).toEqual({ badMac: 0, replay: 3 });
    // The next genuine tap is fresh.
    expect((await tap(link(10), friend.bearer)).status).toBe(200);
  });

  it("a tampered, forged or missing SUN message: 403, no visit, a BAD_MAC counted", async () => {
    const { tag, keys, link } = await secureTag();
    const customer = await createUser();
    const good = link(3);
    const bodies = [
      { ...good, cmac: flipHexDigit(good.cmac, 0) },
      { ...good, picc_data: flipHexDigit(good.picc_data, 31) },
      { id: tag.id, ...sunParams(randomTagKeys(), randomUidHex(), 3) },
      { id: tag.id, ...plainSunParams(keys.metaReadKey, randomUidHex(), 3) },
      { id: tag.id },
    ];
    for (const body of bodies) {
      const res = await tap(body, customer.bearer);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: tag.id });
    }
    expect(await visitsAt(tag.id)).toBe(0);
    expect(await rejections(tag.id)).toEqual({ badMac: bodies.length, replay: 0 });
    // None of that spent the genuine link.
    expect((await tap(good, customer.bearer)).status).toBe(200);
  });

  it("the plain-UID layout (uid, ctr, cmac) works the same way", async () => {
    const { tag, keys } = await secureTag();
    const customer = await createUser();
    const uid = randomUidHex();
    expect((await tap({ id: tag.id, ...plainSunParams(keys.fileReadKey, uid, 0x0102) }, customer.bearer)).status).toBe(200);
    expect((await tap({ id: tag.id, ...plainSunParams(keys.fileReadKey, uid, 0x0102) }, customer.bearer)).status).toBe(409);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).lastCounter).toBe(0x0102);
  });

  it("two concurrent uses of one fresh link record exactly one visit", async () => {
    const { tag, link } = await secureTag();
    const customers = await Promise.all([createUser(), createUser(), createUser()]);
    const fresh = link(42);
    const results = await Promise.all(customers.map((c) => tap(fresh, c.bearer)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await visitsAt(tag.id)).toBe(1);
    expect(await rejections(tag.id)).toEqual({ badMac: 0, replay: 2 });
  });

  it("a refused visit (daily limit) does not spend the link: counter and visit commit together", async () => {
    const { tag, link } = await secureTag({ dailyTapLimit: 1 });
    const customer = await createUser();
    const other = await createUser();
    expect((await tap(link(1), customer.bearer)).status).toBe(200);
    const second = link(2);
    expect((await tap(second, customer.bearer)).status).toBe(429);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).lastCounter).toBe(1);
    expect((await tap(second, other.bearer)).status).toBe(200);
  });
});

describe("secure tag: GET /api/tap", () => {
  it("a visitor with a verified link sees the business (the counter is not spent); a bad one is refused", async () => {
    const { tag, business, link } = await secureTag();
    const fresh = link(7);
    const visitor = await check(fresh);
    expect(visitor.status).toBe(200);
    expect(visitor.json).toMatchObject({ status: "success", exists: true, business: { id: business.id } });
    const bad = await check({ ...fresh, cmac: flipHexDigit(fresh.cmac, 15) });
    expect(bad.status).toBe(403);
    expect(bad.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: tag.id });
    expect((await check({ id: tag.id })).status).toBe(403);

    const customer = await createUser();
    expect((await check(fresh, customer.bearer)).json).toMatchObject({ linked: false });
    expect((await tap(fresh, customer.bearer)).status).toBe(200);
    // Spent: the signed-in view says so before the customer tries; a visitor still sees the card.
    const replay = await check(fresh, customer.bearer);
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ code: "tap_replayed", message: REPLAYED });
    expect((await check(fresh)).status).toBe(200);
    expect(await rejections(tag.id)).toEqual({ badMac: 2, replay: 1 });
  });
});

describe("keys stay secret", () => {
  it("never appear in any API response or in what the server logs", async () => {
    const methods = ["log", "info", "warn", "error", "debug"] as const;
    const spies = methods.map((m) => jest.spyOn(console, m).mockImplementation(() => undefined));
    try {
      const { tag, keys, link, owner } = await secureTag();
      const customer = await createUser();
      // A second tag whose stored keys are another tag's: undecryptable, logged as a server problem.
      const broken = await secureTag();
      const stolen = encryptTagKeys(tag.id, keys, tagKeyEncryptionKey());
      await db.tag.update({ where: { id: broken.tag.id }, data: { keysEncrypted: stolen } });

      const texts: string[] = [];
      const fresh = link(11);
      for (const res of [
        await check(fresh),
        await check(fresh, customer.bearer),
        await check(fresh, owner.bearer),
        await check({ ...fresh, cmac: flipHexDigit(fresh.cmac, 2) }, customer.bearer),
        await tap(fresh, customer.bearer),
        await tap(fresh, customer.bearer),
        await tap({ ...fresh, id: broken.tag.id }, customer.bearer),
      ]) {
        texts.push(res.text);
      }
      expect(texts[6]).toContain(NOT_VERIFIED);
      const logged = spies.flatMap((spy) => spy.mock.calls.map((args) => args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")));
      expect(logged.join("\n")).toContain("cannot be decrypted");

      const stored = (await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).keysEncrypted!;
      const secrets = (k: TestTagKeys) => [k.metaReadKey, k.fileReadKey].flatMap((b) => [b.toString("hex"), b.toString("hex").toUpperCase(), b.toString("base64")]);
      for (const text of [...texts, ...logged]) {
        for (const secret of [...secrets(keys), ...secrets(broken.keys), stored, stolen]) expect(text).not.toContain(secret);
        expect(text).not.toMatch(/keysEncrypted|metaReadKey|fileReadKey/);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("owner settings", () => {
  it("the owner's log: last verified tap and counter, rejections per day; nobody else sees it", async () => {
    const { tag, owner, link } = await secureTag();
    const customer = await createUser();
    const used = link(20);
    await tap(used, customer.bearer);
    await tap(used, customer.bearer);
    await tap({ ...used, cmac: flipHexDigit(used.cmac, 1) }, customer.bearer);
    const settings = await getSecureTagSettings(owner.user.id, tag.id);
    expect(settings).toMatchObject({ id: tag.id, secure: true, lastCounter: 20, lastVerifiedAt: expect.any(Date) });
    expect(settings?.rejections).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), badMac: 1, replay: 1, lastAt: expect.any(Date) }]);
    expect(JSON.stringify(settings)).not.toMatch(/keys/i);
    expect(await getSecureTagSettings(customer.user.id, tag.id)).toBeNull();
    expect(await enableSecureTag(customer.user.id, tag.id, randomTagKeys())).toBe(false);
    expect(await disableSecureTag(customer.user.id, tag.id)).toBe(false);
  });

  it("a released tag claimed by another business starts with an empty log", async () => {
    const { tag, owner, link } = await secureTag();
    const customer = await createUser();
    const used = link(3);
    await tap(used, customer.bearer);
    await tap(used, customer.bearer);
    expect(await releaseTag(owner.user.id, tag.id)).toBe(true);
    const next = await createBusiness();
    expect(await claimTag(next.owner.user.id, next.business.id, tag.id)).toMatchObject({ ok: true });
    expect(await getSecureTagSettings(next.owner.user.id, tag.id)).toMatchObject({ secure: false, lastVerifiedAt: null, lastCounter: null, rejections: [] });
  });

  it("saving the same keys keeps the spent counter; new keys (a new chip) start over", async () => {
    const { tag, owner, keys, link } = await secureTag();
    const customer = await createUser();
    await tap(link(30), customer.bearer);
    await enableSecureTag(owner.user.id, tag.id, { metaReadKey: Buffer.from(keys.metaReadKey), fileReadKey: Buffer.from(keys.fileReadKey) });
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).lastCounter).toBe(30);
    expect((await tap(link(30), customer.bearer)).status).toBe(409);
    await enableSecureTag(owner.user.id, tag.id, randomTagKeys());
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).lastCounter).toBeNull();
    // The old keys' links no longer verify.
    expect((await tap(link(31), customer.bearer)).status).toBe(403);
  });

  it("turned off, the tag is an ordinary one again and its keys are erased", async () => {
    const { tag, owner } = await secureTag();
    const customer = await createUser();
    expect((await tap({ id: tag.id }, customer.bearer)).status).toBe(403);
    expect(await disableSecureTag(owner.user.id, tag.id)).toBe(true);
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({ secure: false, keysEncrypted: null });
    expect((await tap({ id: tag.id }, customer.bearer)).status).toBe(200);
  });
});

describe("an ordinary tag", () => {
  it("behaves as before, SUN parameters or not", async () => {
    const { tag, business } = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] });
    const customer = await createUser();
    expect((await check({ id: tag.id })).json).toMatchObject({ status: "success", business: { id: business.id } });
    expect((await tap({ id: tag.id }, customer.bearer)).status).toBe(200);
    const junk = { id: tag.id, picc_data: "00".repeat(16), cmac: "00".repeat(8) };
    expect((await check(junk, customer.bearer)).status).toBe(200);
    expect((await tap(junk, customer.bearer)).status).toBe(200);
    expect(await visitsAt(tag.id)).toBe(2);
    expect(await rejections(tag.id)).toEqual({ badMac: 0, replay: 0 });
  });
});
