import { db } from "@/lib/db";
import { getSecureTagSettings } from "@/lib/db/secure-tags";
import { recordStickerCheck } from "@/lib/nfc/sticker-check";
import { tagPublicUrl } from "@/lib/nfc/sticker-url";
import { siteUrl } from "@/lib/site";
import { createBusiness, createUser } from "../support/fixtures";

afterAll(() => db.$disconnect());

// "Check a sticker" on the tag's write page (docs/tags.md): a sticker with
// another address is counted as NOT_OUR_URL in the tag's log, once per scan;
// this tag's address counts nothing; no one logs on a tag they do not own.

const notOurUrl = async (tagId: string) =>
  (await db.tagRejection.findMany({ where: { tagId, reason: "NOT_OUR_URL" } })).reduce((n, r) => n + r.count, 0);

describe("checking a sticker", () => {
  it("another site's or another tag's address is counted once per scan and shows in the tag's log, plain or secure", async () => {
    const { owner, tag } = await createBusiness();
    const other = await createBusiness();
    const now = new Date();
    expect(await recordStickerCheck(owner.user.id, tag.id, "https://evil.example/tap?id=x", now)).toEqual({
      verdict: "other_address",
      logged: true,
    });
    expect(await recordStickerCheck(owner.user.id, tag.id, tagPublicUrl(siteUrl(), other.tag.id), now)).toEqual({
      verdict: "other_tag",
      logged: true,
    });
    expect(await notOurUrl(tag.id)).toBe(2);
    const settings = await getSecureTagSettings(owner.user.id, tag.id);
    expect(settings?.secure).toBe(false);
    expect(settings?.rejections).toEqual([
      expect.objectContaining({ badMac: 0, replay: 0, missing: 0, wrongChip: 0, notOurUrl: 2 }),
    ]);
  });

  it("this tag's own address counts nothing, whatever the phone claimed", async () => {
    const { owner, tag } = await createBusiness();
    expect(await recordStickerCheck(owner.user.id, tag.id, tagPublicUrl(siteUrl(), tag.id), new Date())).toEqual({
      verdict: "this_tag",
      logged: false,
    });
    expect(await notOurUrl(tag.id)).toBe(0);
  });

  it("someone else's tag or no tag: nothing is counted and the answer is the same", async () => {
    const { tag } = await createBusiness();
    const stranger = await createBusiness();
    const customer = await createUser();
    for (const userId of [stranger.owner.user.id, customer.user.id]) {
      expect(await recordStickerCheck(userId, tag.id, "https://evil.example/", new Date())).toBeNull();
    }
    expect(
      await recordStickerCheck(stranger.owner.user.id, "no-such-tag", "https://evil.example/", new Date()),
    ).toBeNull();
    expect(await notOurUrl(tag.id)).toBe(0);
  });

  it("concurrent scans each count: one row per day, counted in its own statement", async () => {
    const { owner, tag } = await createBusiness();
    const now = new Date();
    await Promise.all(
      Array.from({ length: 5 }, () => recordStickerCheck(owner.user.id, tag.id, "https://evil.example/", now)),
    );
    expect(await db.tagRejection.count({ where: { tagId: tag.id, reason: "NOT_OUR_URL" } })).toBe(1);
    expect(await notOurUrl(tag.id)).toBe(5);
  });
});
