import { GET, POST } from "@/app/api/tap/route";
import { getCurrentUser } from "@/lib/auth/current-user";
import {
  activateTagBatchAction,
  createTagBatchAction,
  tagBatchCsvAction,
  tagBatchKeysAction,
} from "@/lib/actions/tag-batches";
import { claimTagAction } from "@/lib/actions/tag-claim";
import { db } from "@/lib/db";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { batchFileReadKey, batchMetaReadKey } from "@/lib/nfc/batch-keys";
import { activateTagBatch, ACTIVATION_ATTEMPTS_PER_HOUR } from "@/lib/tag-batches/batches";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { flipHexDigit, randomUidHex, sunParams } from "../support/sun";

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

afterAll(() => db.$disconnect());
// Ten owners and batches per test: slower than the default 5 s on a busy machine.
jest.setTimeout(30_000);

const NOT_VERIFIED = "This tag could not be verified.";
const REPLAYED = "This tap link was already used. Tap the tag again.";
const WRONG_CODE = "This activation code is not valid, or was already used.";

const asViewer = (user: AppUser | null) => jest.mocked(getCurrentUser).mockResolvedValue(user);
const appUser = async (id: string) => (await findActiveUserById(id))!;

/** The admin makes a batch and takes its key sheet; the test keeps the master key, as the encoder would. */
async function makeBatch(size = 3) {
  const admin = await createUser({ role: "ADMIN" });
  asViewer(await appUser(admin.user.id));
  const made = await createTagBatchAction({ label: "Test batch", purpose: "MANUFACTURER", size: String(size) });
  if (!made.ok) throw new Error(String(made.error));
  const sheet = await tagBatchKeysAction(made.batchId);
  if (!sheet.ok) throw new Error(String(sheet.error));
  const field = (name: string) =>
    sheet.text
      .split("\r\n")
      .find((line) => line.startsWith(`${name},`))!
      .split(",")[1]!;
  const master = Buffer.from(field("master_key"), "hex");
  const tagIds = (await db.tag.findMany({ where: { batchId: made.batchId }, orderBy: { id: "asc" } })).map((t) => t.id);
  return { ...made, master, metaHex: field("sdm_meta_read_key"), tagIds, admin };
}

/** What a chip of the batch writes on its `counter`-th read. */
function chipLink(master: Buffer, tagId: string, uid: string, counter: number) {
  const keys = {
    metaReadKey: batchMetaReadKey(master),
    fileReadKey: batchFileReadKey(master, Buffer.from(uid, "hex")),
  };
  return { id: tagId, ...sunParams(keys, uid, counter) };
}

const tap = (body: Record<string, string>, bearer: string) => call(POST, "POST", "/api/tap", { body, bearer });

describe("the admin's batch", () => {
  it("makes N unclaimed secure tags with no stored key; the CSV has no key; the key sheet is handed out once", async () => {
    const batch = await makeBatch(4);
    expect(batch.activationCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const tags = await db.tag.findMany({ where: { batchId: batch.batchId } });
    expect(tags).toHaveLength(4);
    expect(tags.every((t) => t.secure && t.keysEncrypted === null && t.businessId === null)).toBe(true);
    const row = await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } });
    expect(row.activationCodeHash).not.toContain(batch.activationCode);
    expect(row.masterKeyEncrypted.toUpperCase()).not.toContain(batch.master.toString("hex").toUpperCase());
    expect(batch.metaHex).toBe(batchMetaReadKey(batch.master).toString("hex").toUpperCase());

    const csv = await tagBatchCsvAction(batch.batchId);
    expect(csv.ok && csv.text.split("\r\n")).toHaveLength(6);
    expect(csv.ok && csv.text).toContain(`/tap?id=${batch.tagIds[0]}&picc_data={PICCData}&cmac={CMAC}`);
    expect(csv.ok && csv.text.toUpperCase()).not.toContain(batch.master.toString("hex").toUpperCase());
    expect(csv.ok && csv.text.toUpperCase()).not.toContain(batch.metaHex);

    expect(await tagBatchKeysAction(batch.batchId)).toMatchObject({ ok: false });
    // Not for anyone else.
    const owner = await createUser();
    asViewer(await appUser(owner.user.id));
    expect(await createTagBatchAction({ label: "x", purpose: "OWNER", size: "1" })).toEqual({
      ok: false,
      error: "Not allowed.",
    });
    expect(await tagBatchCsvAction(batch.batchId)).toMatchObject({ ok: false, error: "Not allowed." });
  });

  it("outlives the admin's account (its creator cleared), and the database refuses the id of no business", async () => {
    const batch = await makeBatch(1);
    await db.user.delete({ where: { id: batch.admin.user.id } });
    expect(await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } })).toMatchObject({
      createdById: null,
      size: 1,
    });
    await expect(
      db.tagBatch.update({ where: { id: batch.batchId }, data: { businessId: "no-such-business" } }),
    ).rejects.toThrow();
    expect((await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } })).businessId).toBeNull();
  });

  it("refuses a size outside 1..1000", async () => {
    const admin = await createUser({ role: "ADMIN" });
    asViewer(await appUser(admin.user.id));
    for (const size of ["0", "1001", "abc"])
      expect(await createTagBatchAction({ label: "Too many", purpose: "OWNER", size })).toMatchObject({
        ok: false,
        fieldErrors: { size: "Enter a number of tags from 1 to 1000" },
      });
    expect(await db.tagBatch.count({ where: { label: "Too many" } })).toBe(0);
  });
});

describe("activating a batch", () => {
  it("10 parallel claims with the one code: exactly one succeeds, all the tags join its business's main location", async () => {
    const batch = await makeBatch(5);
    const owners = await Promise.all(Array.from({ length: 10 }, () => createBusiness()));
    const results = await Promise.all(
      owners.map((o) => activateTagBatch(o.owner.user.id, o.business.id, batch.activationCode)),
    );
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, tagCount: 5 }]);
    expect(results.filter((r) => !r.ok && r.reason === "wrong_code")).toHaveLength(9);
    const winner = owners[results.findIndex((r) => r.ok)]!;
    const main = await db.location.findFirstOrThrow({
      where: { businessId: winner.business.id },
      orderBy: { position: "asc" },
    });
    const tags = await db.tag.findMany({ where: { batchId: batch.batchId } });
    expect(tags.map((t) => [t.businessId, t.locationId, t.claimedById])).toEqual(
      tags.map(() => [winner.business.id, main.id, winner.owner.user.id]),
    );
    // Used once: the same code again answers like a wrong one.
    expect(await activateTagBatch(winner.owner.user.id, winner.business.id, batch.activationCode)).toEqual({
      ok: false,
      reason: "wrong_code",
    });
  });

  it("a wrong code changes nothing and says so; guesses are limited per owner", async () => {
    const batch = await makeBatch(2);
    const { owner, business } = await createBusiness();
    asViewer(await appUser(owner.user.id));
    const before = await db.tag.findMany({ where: { batchId: batch.batchId }, orderBy: { id: "asc" } });
    const wrong = await activateTagBatchAction({ businessId: business.id, code: "AAAA-BBBB-CCCC-DDDD" });
    expect(wrong).toEqual({ ok: false, error: WRONG_CODE, code: "wrong_code" });
    expect(await db.tag.findMany({ where: { batchId: batch.batchId }, orderBy: { id: "asc" } })).toEqual(before);
    expect((await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } })).claimedAt).toBeNull();
    // Someone else's business: refused before the code is even tried.
    const other = await createBusiness();
    expect(await activateTagBatchAction({ businessId: other.business.id, code: batch.activationCode })).toMatchObject({
      ok: false,
    });
    expect((await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } })).claimedAt).toBeNull();
    // One tag of the batch cannot be claimed alone before the batch is activated.
    expect(await claimTagAction({ tagId: batch.tagIds[0], businessId: business.id })).toMatchObject({
      ok: false,
      code: "tag_in_batch",
    });
    for (let i = 1; i < ACTIVATION_ATTEMPTS_PER_HOUR; i++)
      await activateTagBatchAction({ businessId: business.id, code: `WRNG-${String(i).padStart(4, "2")}` });
    // The bucket is empty: even the right code waits.
    expect(await activateTagBatchAction({ businessId: business.id, code: batch.activationCode })).toMatchObject({
      ok: false,
      code: "rate_limited",
      error: "Too many attempts. Try again in an hour.",
    });
    expect((await db.tagBatch.findUniqueOrThrow({ where: { id: batch.batchId } })).claimedAt).toBeNull();
  });
});

describe("a batch tag's SUN tap", () => {
  async function activatedBatch() {
    const batch = await makeBatch(2);
    const setup = await createBusiness({ dailyTapLimit: 10, programs: [stampsProgram(10)] });
    expect(await activateTagBatch(setup.owner.user.id, setup.business.id, batch.activationCode)).toMatchObject({
      ok: true,
    });
    return { ...batch, ...setup };
  }

  it("is verified with the key derived from its UID: a visit; a replay and a tampered CMAC are refused", async () => {
    const { master, tagIds } = await activatedBatch();
    const [tagId] = tagIds as [string];
    const customer = await createUser();
    const uid = randomUidHex();

    // A look (GET /api/tap, as the tap page does) verifies it too, and spends nothing.
    const look = await call(GET, "GET", "/api/tap", {
      query: chipLink(master, tagId, uid, 5),
      bearer: customer.bearer,
    });
    expect(look.status).toBe(200);
    expect(look.json).toMatchObject({ exists: true });
    const first = await tap(chipLink(master, tagId, uid, 5), customer.bearer);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "success", tag_id: tagId });
    expect(await db.tap.count({ where: { tagId } })).toBe(1);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tagId } })).chipUid).toBe(uid);

    const replay = await tap(chipLink(master, tagId, uid, 5), customer.bearer);
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ code: "tap_replayed", message: REPLAYED });

    const genuine = chipLink(master, tagId, uid, 6);
    const tampered = await tap({ ...genuine, cmac: flipHexDigit(genuine.cmac, 3) }, customer.bearer);
    expect(tampered.status).toBe(403);
    expect(tampered.json).toMatchObject({ code: "tag_not_verified", message: NOT_VERIFIED });
    // A link made with another batch's master does not verify either.
    const forged = await tap(chipLink(Buffer.alloc(16, 9), tagId, uid, 7), customer.bearer);
    expect(forged.status).toBe(403);
    expect(await db.tap.count({ where: { tagId } })).toBe(1);
    // The genuine next read still counts.
    expect((await tap(genuine, customer.bearer)).status).toBe(200);
  });

  it("a chip's link edited to another tag of the batch is refused (its binding and counter are the batch's)", async () => {
    const { master, tagIds } = await activatedBatch();
    const [a, b] = tagIds as [string, string];
    const customer = await createUser();
    const uid = randomUidHex();
    expect((await tap(chipLink(master, a, uid, 1), customer.bearer)).status).toBe(200);
    const moved = await tap(chipLink(master, b, uid, 2), customer.bearer);
    expect(moved.status).toBe(403);
    expect(await db.tap.count({ where: { tagId: b } })).toBe(0);
  });
});
