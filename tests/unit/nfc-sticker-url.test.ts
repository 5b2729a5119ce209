import { compareStickerUrl, isNotOurUrl, STICKER_URL_MAX, tagPublicUrl } from "@/lib/nfc/sticker-url";
import { secureTagUrlTemplates } from "@/lib/nfc/verify-tap";
import { stickerCheckSchema } from "@/lib/validation/tags";

// "Check a sticker" (docs/tags.md, "Writing a tag from a phone"): the address a
// sticker carries against the tag's public URL.
const ORIGIN = "https://loyaltap.example";
const plain = { origin: ORIGIN, tagId: "cafe-1", secure: false };
const secure = { ...plain, secure: true };

describe("the tag's public URL", () => {
  it("is the address the QR encodes, the id encoded, one slash after the origin", () => {
    expect(tagPublicUrl(ORIGIN, "cafe-1")).toBe("https://loyaltap.example/tap?id=cafe-1");
    expect(tagPublicUrl(`${ORIGIN}/`, "Bar_2")).toBe("https://loyaltap.example/tap?id=Bar_2");
  });

  it("is the base of a secure tag's SUN templates", () => {
    expect(secureTagUrlTemplates(ORIGIN, "cafe-1").encrypted.startsWith(`${tagPublicUrl(ORIGIN, "cafe-1")}&`)).toBe(
      true,
    );
  });
});

describe("comparing a sticker's address with the tag's", () => {
  it("the exact address is this tag's", () => {
    expect(compareStickerUrl(tagPublicUrl(ORIGIN, "cafe-1"), plain)).toBe("this_tag");
  });

  it("forgives what does not change the page: host case, a default port, a trailing slash, extra parameters, a fragment, spaces around", () => {
    for (const url of [
      "https://LOYALTAP.example/tap?id=cafe-1",
      "https://loyaltap.example:443/tap?id=cafe-1",
      "https://loyaltap.example/tap/?id=cafe-1",
      "https://loyaltap.example/tap?utm_source=sticker&id=cafe-1",
      "https://loyaltap.example/tap?id=cafe-1#here",
      "  https://loyaltap.example/tap?id=cafe-1\n",
      "https://loyaltap.example/tap?id=cafe%2D1",
    ]) {
      expect([url, compareStickerUrl(url, plain)]).toEqual([url, "this_tag"]);
    }
  });

  it("another tag id, none, two, or the id in another case is another tag's address", () => {
    for (const url of [
      "https://loyaltap.example/tap?id=cafe-2",
      "https://loyaltap.example/tap?id=CAFE-1",
      "https://loyaltap.example/tap",
      "https://loyaltap.example/tap?id=",
      "https://loyaltap.example/tap?id=cafe-1&id=cafe-2",
      "https://loyaltap.example/tap?tag=cafe-1",
    ]) {
      expect([url, compareStickerUrl(url, plain)]).toEqual([url, "other_tag"]);
    }
  });

  it("another site, scheme, port or path, or no URL at all is another address", () => {
    for (const url of [
      "https://evil.example/tap?id=cafe-1",
      "https://loyaltap.example.evil.test/tap?id=cafe-1",
      "http://loyaltap.example/tap?id=cafe-1",
      "https://loyaltap.example:8443/tap?id=cafe-1",
      "https://loyaltap.example/TAP?id=cafe-1",
      "https://loyaltap.example/es/tap?id=cafe-1",
      "https://loyaltap.example/b/cafe?id=cafe-1",
      "https://loyaltap.example/tap//?id=cafe-1",
      "javascript:alert(1)//loyaltap.example/tap?id=cafe-1",
      "loyaltap.example/tap?id=cafe-1",
      "",
      "not a url",
    ]) {
      expect([url, compareStickerUrl(url, plain)]).toEqual([url, "other_address"]);
    }
  });

  it("a secure tag's sticker carries its SUN message; the plain address alone is this tag's but unsigned", () => {
    const base = tagPublicUrl(ORIGIN, "cafe-1");
    expect(compareStickerUrl(`${base}&picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086`, secure)).toBe(
      "this_tag_signed",
    );
    expect(compareStickerUrl(`${base}&uid=04A1B2C3D4E5F6&ctr=00000A&cmac=94EED9EE65337086`, secure)).toBe(
      "this_tag_signed",
    );
    expect(compareStickerUrl(base, secure)).toBe("this_tag_unsigned");
    // An incomplete message is no message (as the tap judges it: missing).
    expect(compareStickerUrl(`${base}&picc_data=EF963FF7828658A599F3041510671E88`, secure)).toBe("this_tag_unsigned");
    expect(compareStickerUrl(`${base}&uid=04A1B2C3D4E5F6&cmac=94EED9EE65337086`, secure)).toBe("this_tag_unsigned");
    // SUN parameters do not make another tag's address ours.
    expect(compareStickerUrl(`${tagPublicUrl(ORIGIN, "cafe-2")}&picc_data=EF96&cmac=94EE`, secure)).toBe("other_tag");
    // A plain tag ignores SUN parameters, as its tap does.
    expect(compareStickerUrl(`${base}&picc_data=EF96&cmac=94EE`, plain)).toBe("this_tag");
  });

  it("only another tag's address or another address is logged as not our URL", () => {
    expect(["this_tag", "this_tag_signed", "this_tag_unsigned"].map((v) => isNotOurUrl(v as never))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isNotOurUrl("other_tag")).toBe(true);
    expect(isNotOurUrl("other_address")).toBe(true);
  });
});

describe("the sticker check's input", () => {
  it("takes a tag id and an address up to its maximum length", () => {
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: "https://x.test/" }).success).toBe(true);
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: "x".repeat(STICKER_URL_MAX) }).success).toBe(true);
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: "x".repeat(STICKER_URL_MAX + 1) }).success).toBe(false);
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: "" }).success).toBe(false);
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: "https://x.test/\u0000" }).success).toBe(false);
    expect(stickerCheckSchema.safeParse({ tagId: "../etc", url: "https://x.test/" }).success).toBe(false);
    expect(stickerCheckSchema.safeParse({ tagId: "cafe-1", url: 42 }).success).toBe(false);
  });
});
