import { GET, POST } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { disableSecureTag, enableSecureTag, getSecureTagSettings, pinSecureTagChip } from "@/lib/db/secure-tags";
import { claimTag, releaseTag } from "@/lib/db/tags";
import { encryptTagKeys, tagKeyEncryptionKey } from "@/lib/nfc/keys";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { flipHexDigit, plainSunParams, randomTagKeys, randomUidHex, sunParams, type TestTagKeys } from "../support/sun";

afterAll(() => db.$disconnect());

const NOT_VERIFIED = "This tag could not be verified.";
const REPLAYED = "This tap link was already used. Tap the tag again.";

async function secureTag(options: { dailyTapLimit?: number; keys?: TestTagKeys } = {}) {
  const setup = await createBusiness({ dailyTapLimit: options.dailyTapLimit ?? 10, programs: [stampsProgram(10)] });
  const keys = options.keys ?? randomTagKeys();
  expect(await enableSecureTag(setup.owner.user.id, setup.tag.id, keys)).toBe(true);
  const chip = randomUidHex();
  return {
    ...setup,
    keys,
    chip,
    link: (counter: number) => ({ id: setup.tag.id, ...sunParams(keys, chip, counter) }),
    /** A link from another chip written with the same keys. */
    linkFrom: (otherChip: string, counter: number) => ({ id: setup.tag.id, ...sunParams(keys, otherChip, counter) }),
  };
}

const tap = (body: Record<string, string>, bearer: string) => call(POST, "POST", "/api/tap", { body, bearer });
const check = (query: Record<string, string>, bearer?: string) =>
  call(GET, "GET", "/api/tap", { query, ...(bearer ? { bearer } : {}) });
const visitsAt = (tagId: string) => db.tap.count({ where: { tagId } });
async function rejections(tagId: string) {
  const rows = await db.tagRejection.findMany({ where: { tagId } });
  const sum = (reason: string) => rows.filter((r) => r.reason === reason).reduce((n, r) => n + r.count, 0);
  return { badMac: sum("BAD_MAC"), replay: sum("REPLAY"), missing: sum("MISSING_SUN"), wrongChip: sum("WRONG_CHIP") };
}
const none = { badMac: 0, replay: 0, missing: 0, wrongChip: 0 };
const chipRow = (tagId: string, uid: string) => db.secureTagChip.findUnique({ where: { tagId_uid: { tagId, uid } } });

describe("secure tag: POST /api/tap", () => {
  it("a valid link records one visit, pins its chip and stores the chip's counter with it", async () => {
    const { tag, chip, link } = await secureTag();
    const customer = await createUser();
    const res = await tap(link(5), customer.bearer);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "success", tag_id: tag.id, progress_updated: true });
    const visit = await db.tap.findFirstOrThrow({ where: { tagId: tag.id } });
    expect(visit).toMatchObject({ userId: customer.user.id, sunCounter: 5 });
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({
      chipUid: chip,
      lastVerifiedAt: expect.any(Date),
    });
    expect(await chipRow(tag.id, chip)).toMatchObject({ lastCounter: 5 });
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
    expect(await rejections(tag.id)).toEqual({ ...none, replay: 3 });
    // The next genuine tap is fresh.
    expect((await tap(link(10), friend.bearer)).status).toBe(200);
  });

  it("a tampered, forged or missing SUN message: 403, no visit; BAD_MAC or MISSING_SUN counted", async () => {
    const { tag, keys, link } = await secureTag();
    const customer = await createUser();
    const good = link(3);
    const bodies: Record<string, string>[] = [
      { ...good, cmac: flipHexDigit(good.cmac, 0) },
      { ...good, picc_data: flipHexDigit(good.picc_data, 31) },
      { id: tag.id, ...sunParams(randomTagKeys(), randomUidHex(), 3) },
      { id: tag.id, ...plainSunParams(keys.metaReadKey, randomUidHex(), 3) },
      { id: tag.id },
      { id: tag.id, picc_data: good.picc_data },
    ];
    for (const body of bodies) {
      const res = await tap(body, customer.bearer);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: tag.id });
    }
    expect(await visitsAt(tag.id)).toBe(0);
    expect(await rejections(tag.id)).toEqual({ ...none, badMac: 4, missing: 2 });
    // None of that spent the genuine link.
    expect((await tap(good, customer.bearer)).status).toBe(200);
  });

  it("the plain-UID layout (uid, ctr, cmac) works the same way", async () => {
    const { tag, keys } = await secureTag();
    const customer = await createUser();
    const uid = randomUidHex();
    expect((await tap({ id: tag.id, ...plainSunParams(keys.fileReadKey, uid, 0x0102) }, customer.bearer)).status).toBe(
      200,
    );
    expect((await tap({ id: tag.id, ...plainSunParams(keys.fileReadKey, uid, 0x0102) }, customer.bearer)).status).toBe(
      409,
    );
    expect(await chipRow(tag.id, uid)).toMatchObject({ lastCounter: 0x0102 });
  });

  it("two concurrent uses of one fresh link record exactly one visit", async () => {
    const { tag, link } = await secureTag();
    const customers = await Promise.all([createUser(), createUser(), createUser()]);
    const fresh = link(42);
    const results = await Promise.all(customers.map((c) => tap(fresh, c.bearer)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await visitsAt(tag.id)).toBe(1);
    expect(await rejections(tag.id)).toEqual({ ...none, replay: 2 });
  });

  it("a link refused by the daily limit is spent all the same: nobody else can use it", async () => {
    const { tag, chip, link } = await secureTag({ dailyTapLimit: 1 });
    const customer = await createUser();
    const other = await createUser();
    expect((await tap(link(1), customer.bearer)).status).toBe(200);
    const second = link(2);
    expect((await tap(second, customer.bearer)).status).toBe(429);
    expect(await chipRow(tag.id, chip)).toMatchObject({ lastCounter: 2 });
    const handedOn = await tap(second, other.bearer);
    expect(handedOn.status).toBe(409);
    expect(handedOn.json).toMatchObject({ code: "tap_replayed" });
    expect(await visitsAt(tag.id)).toBe(1);
  });

  it("the owner's own tap is refused as own_business and leaves the link fresh for a customer", async () => {
    const { tag, owner, chip, link } = await secureTag();
    const customer = await createUser();
    const fresh = link(3);
    const own = await tap(fresh, owner.bearer);
    expect(own.status).toBe(409);
    expect(own.json).toMatchObject({ code: "own_business" });
    // Nothing spent, nothing bound.
    expect(await chipRow(tag.id, chip)).toBeNull();
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid).toBeNull();
    const customers = await tap(fresh, customer.bearer);
    expect(customers.json).toMatchObject({ status: "success" });
    expect(customers.status).toBe(200);
    expect(await visitsAt(tag.id)).toBe(1);
    // Spent by the customer, the link is a replay for everyone, the owner included.
    expect((await tap(fresh, owner.bearer)).json).toMatchObject({ code: "tap_replayed" });
  });

  it("concurrent uses of one fresh link at the daily limit spend it once: one refusal, the rest replays", async () => {
    const { tag, chip, link } = await secureTag({ dailyTapLimit: 1 });
    const customers = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    // Everyone has used up the day already, with links of their own.
    for (const [i, c] of customers.entries()) expect((await tap(link(10 + i), c.bearer)).status).toBe(200);
    const fresh = link(50);
    const results = await Promise.all(customers.map((c) => tap(fresh, c.bearer)));
    expect(results.map((r) => r.status).sort()).toEqual([409, 409, 409, 429]);
    expect(await chipRow(tag.id, chip)).toMatchObject({ lastCounter: 50 });
    expect(await visitsAt(tag.id)).toBe(4);
  });
});

describe("secure tag: bound to its chip", () => {
  it("the first verified tap pins its chip; another chip's link with the same keys is refused as WRONG_CHIP", async () => {
    const { tag, chip, link, linkFrom } = await secureTag();
    const customer = await createUser();
    const friend = await createUser();
    expect((await tap(link(5), customer.bearer)).status).toBe(200);
    const otherChip = randomUidHex();
    const foreign = await tap(linkFrom(otherChip, 1000), friend.bearer);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: tag.id });
    expect(await chipRow(tag.id, otherChip)).toBeNull();
    expect(await rejections(tag.id)).toEqual({ ...none, wrongChip: 1 });
    // The other chip's high counter did not block the genuine chip.
    expect((await tap(link(6), friend.bearer)).status).toBe(200);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid).toBe(chip);
  });

  it("a link from chip A is refused on tag B that shares A's keys", async () => {
    const a = await secureTag();
    const b = await secureTag({ keys: a.keys });
    const customer = await createUser();
    expect((await tap(b.link(1), customer.bearer)).status).toBe(200);
    const stolen = { ...a.link(2), id: b.tag.id };
    expect((await tap(stolen, customer.bearer)).status).toBe(403);
    expect((await check(stolen)).status).toBe(403);
    expect(await rejections(b.tag.id)).toEqual({ ...none, wrongChip: 1 });
    // On its own tag, chip A's link is fine.
    expect((await tap(a.link(2), customer.bearer)).status).toBe(200);
  });

  it("a chip bound to one tag is refused on another tag with its keys, even an unbound one", async () => {
    const a = await secureTag();
    const b = await secureTag({ keys: a.keys });
    const customer = await createUser();
    const friend = await createUser();
    expect((await tap(a.link(5), customer.bearer)).status).toBe(200);
    // Chip A's next link, its tag id edited to B (the MAC does not cover the id): B is not A's chip's tag.
    const moved = await tap({ ...a.link(6), id: b.tag.id }, friend.bearer);
    expect(moved.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: b.tag.id });
    expect(moved.status).toBe(403);
    expect((await check({ ...a.link(6), id: b.tag.id })).status).toBe(403);
    expect(await db.tag.findUniqueOrThrow({ where: { id: b.tag.id } })).toMatchObject({ chipUid: null });
    expect(await rejections(b.tag.id)).toEqual({ ...none, wrongChip: 1 });
    // B binds its own chip; A's chip stays refused there, and B's chip on A.
    expect((await tap(b.link(1), friend.bearer)).status).toBe(200);
    expect((await tap({ ...a.link(7), id: b.tag.id }, friend.bearer)).status).toBe(403);
    expect((await tap({ ...b.link(2), id: a.tag.id }, friend.bearer)).status).toBe(403);
    // On its own tag, chip A's link is fine.
    expect((await tap(a.link(6), friend.bearer)).status).toBe(200);
    expect(await visitsAt(b.tag.id)).toBe(1);
  });

  it("the read counter is kept per chip across the tags sharing its keys: a spent link is spent on all of them", async () => {
    const a = await secureTag();
    const b = await secureTag({ keys: a.keys });
    const customer = await createUser();
    const friend = await createUser();
    const spent = a.link(5);
    expect((await tap(spent, customer.bearer)).status).toBe(200);
    // A's owner releases the chip (a replaced tag): it may bind B now, but only with links it never gave out.
    expect(await pinSecureTagChip(a.owner.user.id, a.tag.id, null)).toBe(true);
    const again = await tap({ ...spent, id: b.tag.id }, friend.bearer);
    expect(again.json).toEqual({ status: "error", code: "tap_replayed", message: REPLAYED, tag_id: b.tag.id });
    expect(again.status).toBe(409);
    expect((await check({ ...a.link(4), id: b.tag.id }, friend.bearer)).status).toBe(409);
    expect((await tap({ ...a.link(6), id: b.tag.id }, friend.bearer)).status).toBe(200);
    expect((await db.tag.findUniqueOrThrow({ where: { id: b.tag.id } })).chipUid).toBe(a.chip);
    // Now bound to B, the chip is refused on A (unbound since the reset).
    expect((await tap(a.link(7), customer.bearer)).status).toBe(403);
    expect(await visitsAt(a.tag.id)).toBe(1);
    expect(await visitsAt(b.tag.id)).toBe(1);
  });

  it("two concurrent taps of one link on two tags sharing its keys: exactly one is accepted", async () => {
    const a = await secureTag();
    const b = await secureTag({ keys: a.keys });
    const customers = await Promise.all([createUser(), createUser()]);
    const fresh = a.link(9);
    const results = await Promise.all([
      tap(fresh, customers[0]!.bearer),
      tap({ ...fresh, id: b.tag.id }, customers[1]!.bearer),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await visitsAt(a.tag.id)) + (await visitsAt(b.tag.id))).toBe(1);
    const bound = await db.secureChip.findMany({ where: { uid: a.chip } });
    expect(bound).toHaveLength(1);
    expect(bound[0]).toMatchObject({ lastCounter: 9 });
  });

  it("the owner resets the binding: another chip binds with its first tap, the old one is refused", async () => {
    const { tag, owner, chip, link, linkFrom } = await secureTag();
    const customer = await createUser();
    expect((await tap(link(3), customer.bearer)).status).toBe(200);
    const replacement = randomUidHex();
    expect((await tap(linkFrom(replacement, 1), customer.bearer)).status).toBe(403);
    // Only the owner can reset it.
    expect(await pinSecureTagChip(customer.user.id, tag.id, null)).toBe(false);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid).toBe(chip);
    expect(await pinSecureTagChip(owner.user.id, tag.id, null)).toBe(true);
    expect(await getSecureTagSettings(owner.user.id, tag.id)).toMatchObject({ chipUid: null });
    expect((await tap(linkFrom(replacement, 2), customer.bearer)).status).toBe(200);
    expect(await getSecureTagSettings(owner.user.id, tag.id)).toMatchObject({ chipUid: replacement, lastCounter: 2 });
    expect((await tap(link(4), customer.bearer)).status).toBe(403);
  });

  it("a UID the owner entered is pinned before any tap; only that chip's links are accepted", async () => {
    const { tag, owner, chip, link, linkFrom } = await secureTag();
    const customer = await createUser();
    expect(await pinSecureTagChip(owner.user.id, tag.id, chip)).toBe(true);
    expect((await tap(linkFrom(randomUidHex(), 7), customer.bearer)).status).toBe(403);
    expect((await tap(link(1), customer.bearer)).status).toBe(200);
    expect(await pinSecureTagChip(customer.user.id, tag.id, randomUidHex())).toBe(false);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid).toBe(chip);
  });

  it("a replaced chip starts its own counter; the old chip's high-water mark is kept for when it comes back", async () => {
    const { tag, owner, chip, link, linkFrom } = await secureTag();
    const customer = await createUser();
    expect((await tap(link(50), customer.bearer)).status).toBe(200);
    const replacement = randomUidHex();
    expect(await pinSecureTagChip(owner.user.id, tag.id, replacement)).toBe(true);
    expect((await tap(linkFrom(replacement, 1), customer.bearer)).status).toBe(200);
    expect((await tap(link(51), customer.bearer)).status).toBe(403);
    // Cleared: the next verified chip is pinned, and the old chip's spent links stay spent.
    expect(await pinSecureTagChip(owner.user.id, tag.id, null)).toBe(true);
    expect((await tap(link(50), customer.bearer)).status).toBe(409);
    expect((await tap(link(51), customer.bearer)).status).toBe(200);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid).toBe(chip);
    expect(await chipRow(tag.id, replacement)).toMatchObject({ lastCounter: 1 });
  });

  it("concurrent first taps of two chips on an unpinned tag: exactly one chip is pinned", async () => {
    const { tag, linkFrom } = await secureTag();
    const chips = [randomUidHex(), randomUidHex(), randomUidHex()];
    const customers = await Promise.all(chips.map(() => createUser()));
    const results = await Promise.all(chips.map((c, i) => tap(linkFrom(c, 1), customers[i]!.bearer)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const pinned = (await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).chipUid;
    expect(chips[results.findIndex((r) => r.status === 200)]).toBe(pinned);
    expect(await db.secureTagChip.count({ where: { tagId: tag.id } })).toBe(1);
  });

  it("a counter accepted before chips were tracked binds the first chip learned", async () => {
    const { tag, chip, link } = await secureTag();
    const customer = await createUser();
    await db.tag.update({ where: { id: tag.id }, data: { unboundCounter: 100 } });
    expect((await tap(link(100), customer.bearer)).status).toBe(409);
    expect((await tap(link(101), customer.bearer)).status).toBe(200);
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({
      chipUid: chip,
      unboundCounter: null,
    });
  });
});

describe("secure tag: GET /api/tap", () => {
  it("a visitor with a verified link sees the business (the counter is not spent); a bad one is refused; nothing is logged", async () => {
    const { tag, business, link } = await secureTag();
    const fresh = link(7);
    const visitor = await check(fresh);
    expect(visitor.status).toBe(200);
    expect(visitor.json).toMatchObject({ status: "success", exists: true, business: { id: business.id } });
    const bad = await check({ ...fresh, cmac: flipHexDigit(fresh.cmac, 15) });
    expect(bad.status).toBe(403);
    expect(bad.json).toEqual({ status: "error", code: "tag_not_verified", message: NOT_VERIFIED, tag_id: tag.id });
    expect((await check({ id: tag.id })).status).toBe(403);
    // A look writes nothing: not even a rejection in the owner's log.
    expect(await rejections(tag.id)).toEqual(none);

    const customer = await createUser();
    expect((await check(fresh, customer.bearer)).json).toMatchObject({ linked: false });
    expect((await tap(fresh, customer.bearer)).status).toBe(200);
    // Spent: the signed-in view says so before the customer tries; a visitor still sees the card.
    const replay = await check(fresh, customer.bearer);
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ code: "tap_replayed", message: REPLAYED });
    expect((await check(fresh)).status).toBe(200);
    expect(await rejections(tag.id)).toEqual(none);
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
      const logged = spies.flatMap((spy) =>
        spy.mock.calls.map((args) => args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")),
      );
      expect(logged.join("\n")).toContain("cannot be decrypted");

      const stored = (await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).keysEncrypted!;
      const secrets = (k: TestTagKeys) =>
        [k.metaReadKey, k.fileReadKey].flatMap((b) => [
          b.toString("hex"),
          b.toString("hex").toUpperCase(),
          b.toString("base64"),
        ]);
      for (const text of [...texts, ...logged]) {
        for (const secret of [...secrets(keys), ...secrets(broken.keys), stored, stolen])
          expect(text).not.toContain(secret);
        expect(text).not.toMatch(/keysEncrypted|metaReadKey|fileReadKey/);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("owner settings", () => {
  it("the owner's log: pinned chip, last verified tap and counter, rejections per day and reason; nobody else sees it", async () => {
    const { tag, owner, keys, chip, link } = await secureTag();
    const customer = await createUser();
    const used = link(20);
    await tap(used, customer.bearer);
    await tap(used, customer.bearer);
    await tap({ ...used, cmac: flipHexDigit(used.cmac, 1) }, customer.bearer);
    await tap({ id: tag.id }, customer.bearer);
    await tap({ ...link(21), ...sunParams(keys, randomUidHex(), 21), id: tag.id }, customer.bearer);
    const settings = await getSecureTagSettings(owner.user.id, tag.id);
    expect(settings).toMatchObject({
      id: tag.id,
      secure: true,
      chipUid: chip,
      lastCounter: 20,
      lastVerifiedAt: expect.any(Date),
    });
    expect(settings?.rejections).toEqual([
      {
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        badMac: 1,
        replay: 1,
        missing: 1,
        wrongChip: 1,
        notOurUrl: 0,
        lastAt: expect.any(Date),
      },
    ]);
    expect(JSON.stringify(settings)).not.toMatch(/keys/i);
    expect(await getSecureTagSettings(customer.user.id, tag.id)).toBeNull();
    expect(await enableSecureTag(customer.user.id, tag.id, randomTagKeys())).toBe(false);
    expect(await disableSecureTag(customer.user.id, tag.id)).toBe(false);
    expect(await pinSecureTagChip(customer.user.id, tag.id, null)).toBe(false);
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
    expect(await getSecureTagSettings(next.owner.user.id, tag.id)).toMatchObject({
      secure: false,
      lastVerifiedAt: null,
      lastCounter: null,
      rejections: [],
    });
  });

  it("turning secure off and on again with the same keys does not revive spent links", async () => {
    const { tag, owner, keys, link } = await secureTag();
    const customer = await createUser();
    expect((await tap(link(30), customer.bearer)).status).toBe(200);
    expect(await disableSecureTag(owner.user.id, tag.id)).toBe(true);
    expect(
      await enableSecureTag(owner.user.id, tag.id, {
        metaReadKey: Buffer.from(keys.metaReadKey),
        fileReadKey: Buffer.from(keys.fileReadKey),
      }),
    ).toBe(true);
    expect((await tap(link(30), customer.bearer)).status).toBe(409);
    expect((await tap(link(29), customer.bearer)).status).toBe(409);
    expect((await tap(link(31), customer.bearer)).status).toBe(200);
  });

  it("new keys keep the chips' counters; the old keys' links no longer verify", async () => {
    const { tag, owner, chip, link } = await secureTag();
    const customer = await createUser();
    await tap(link(30), customer.bearer);
    const newKeys = randomTagKeys();
    await enableSecureTag(owner.user.id, tag.id, newKeys);
    expect(await chipRow(tag.id, chip)).toMatchObject({ lastCounter: 30 });
    expect((await tap(link(31), customer.bearer)).status).toBe(403);
    expect((await tap({ id: tag.id, ...sunParams(newKeys, chip, 31) }, customer.bearer)).status).toBe(200);
  });

  it("turned off, the tag is an ordinary one again and its keys are erased", async () => {
    const { tag, owner } = await secureTag();
    const customer = await createUser();
    expect((await tap({ id: tag.id }, customer.bearer)).status).toBe(403);
    expect(await disableSecureTag(owner.user.id, tag.id)).toBe(true);
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({
      secure: false,
      keysEncrypted: null,
    });
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
    expect(await rejections(tag.id)).toEqual(none);
  });
});
