import { chipUidInputSchema, normalizeChipUid } from "@/lib/nfc/chip-uid";
import {
  isFreshCounter,
  judgeChip,
  lastCounterOf,
  type ChipRecord,
  pickSunParams,
  secureTagUrlTemplates,
  sunMessageOf,
  sunQueryOf,
  sunRejection,
  verifyTapSun,
} from "@/lib/nfc/verify-tap";
import { secureTagKeysSchema } from "@/lib/validation/tags";
import { flipHexDigit, plainSunParams, randomTagKeys, sunParams } from "../support/sun";
import { text } from "../support/catalog";

// AN12196 Rev 1.8 (NXP, "NTAG 424 DNA and NTAG 424 DNA TagTamper features and
// hints"): §4.4.2.2 / §4.4.4.2.1 (empty MAC input) and §4.4.4.2.2 (MAC over
// the `enc` file data); all keys are 16 zero bytes.
const zeroKeys = { metaReadKey: Buffer.alloc(16), fileReadKey: Buffer.alloc(16) };
const an12196 = { picc_data: "EF963FF7828658A599F3041510671E88", cmac: "94EED9EE65337086" };
const an12196Enc = {
  picc_data: "FD91EC264309878BE6345CBE53BADF40",
  enc: "CEE9A53E3E463EF1F459635736738962",
  cmac: "ECC1E7F6C6C73BF6",
};

describe("which parameters form the SUN message", () => {
  it("encrypted PICCData: empty MAC input, or `<enc>&cmac=` with file data", () => {
    expect(sunMessageOf(an12196)).toEqual({
      layout: "encrypted",
      piccData: an12196.picc_data,
      cmac: an12196.cmac,
      macInput: "",
    });
    expect(sunMessageOf(an12196Enc)).toMatchObject({ macInput: "CEE9A53E3E463EF1F459635736738962&cmac=" });
  });

  it("plain mirroring: uid + ctr + cmac", () => {
    expect(sunMessageOf({ uid: "04DE5F1EACC040", ctr: "00003D", cmac: "94EED9EE65337086" })).toMatchObject({
      layout: "plain",
      macInput: "",
    });
  });

  it("no message without a cmac, or without picc_data or uid+ctr", () => {
    expect(sunMessageOf({})).toBeNull();
    expect(sunMessageOf({ picc_data: an12196.picc_data })).toBeNull();
    expect(sunMessageOf({ cmac: an12196.cmac })).toBeNull();
    expect(sunMessageOf({ uid: "04DE5F1EACC040", cmac: an12196.cmac })).toBeNull();
  });

  it("picks the first value of each SUN parameter and nothing else", () => {
    expect(pickSunParams({ id: "t", picc_data: ["A", "B"], cmac: "C", other: "x", uid: "" })).toEqual({
      picc_data: "A",
      cmac: "C",
    });
    expect(sunQueryOf({ cmac: "C", picc_data: "A" })).toBe("picc_data=A&cmac=C");
  });
});

describe("verifyTapSun", () => {
  it("AN12196 vectors verify, with UID and counter", () => {
    expect(verifyTapSun(an12196, zeroKeys)).toEqual({ ok: true, uid: "04DE5F1EACC040", counter: 61 });
    expect(verifyTapSun(an12196Enc, zeroKeys)).toMatchObject({ ok: true });
  });

  it("one flipped hex digit anywhere is not verified", () => {
    for (const [name, length] of [
      ["picc_data", 32],
      ["cmac", 16],
    ] as const) {
      for (const index of [0, length - 1]) {
        const tampered = { ...an12196, [name]: flipHexDigit(an12196[name], index) };
        expect(verifyTapSun(tampered, zeroKeys)).toEqual({ ok: false, reason: "not_verified" });
      }
    }
    expect(verifyTapSun({ ...an12196Enc, enc: flipHexDigit(an12196Enc.enc, 5) }, zeroKeys)).toEqual({
      ok: false,
      reason: "not_verified",
    });
  });

  it("the MAC input is case-sensitive: a lowercased enc is not what the tag MACed", () => {
    expect(verifyTapSun({ ...an12196Enc, enc: an12196Enc.enc.toLowerCase() }, zeroKeys)).toMatchObject({ ok: false });
  });

  it("a link without a SUN message is missing; malformed or wrong-key messages are not verified", () => {
    expect(verifyTapSun({}, zeroKeys)).toEqual({ ok: false, reason: "missing" });
    expect(verifyTapSun({ picc_data: an12196.picc_data }, zeroKeys)).toEqual({ ok: false, reason: "missing" });
    expect(verifyTapSun({ picc_data: "zz", cmac: "yy" }, zeroKeys)).toEqual({ ok: false, reason: "not_verified" });
    expect(verifyTapSun(an12196, randomTagKeys())).toEqual({ ok: false, reason: "not_verified" });
  });

  it("with the last accepted counter of that chip: only a greater counter is fresh", () => {
    const chips = (
      counters: [string, number][],
      pinnedUid: string | null = null,
      unboundCounter: number | null = null,
    ): ChipRecord => ({
      pinnedUid,
      counters: new Map(counters),
      unboundCounter,
    });
    const verified = { uid: "04DE5F1EACC040", counter: 61 };
    expect(judgeChip(verified, "tag-1", chips([]), null, true)).toEqual({ ok: true, ...verified });
    expect(judgeChip(verified, "tag-1", chips([["04DE5F1EACC040", 60]]), null, true)).toMatchObject({ ok: true });
    expect(judgeChip(verified, "tag-1", chips([["04DE5F1EACC040", 61]]), null, true)).toEqual({
      ok: false,
      reason: "replayed",
    });
    expect(judgeChip(verified, "tag-1", chips([["04DE5F1EACC040", 62]]), null, true)).toEqual({
      ok: false,
      reason: "replayed",
    });
    // Another chip's high counter does not block this one: counters are per chip.
    expect(judgeChip(verified, "tag-1", chips([["04AAAAAAAAAAAA", 900]]), null, true)).toMatchObject({ ok: true });
    // Without `fresh` (a visitor's look) the counter is not judged.
    expect(judgeChip(verified, "tag-1", chips([["04DE5F1EACC040", 62]]), null, false)).toMatchObject({ ok: true });
    // A counter accepted before chips were tracked binds the first chip learned.
    expect(judgeChip(verified, "tag-1", chips([], null, 61), null, true)).toEqual({ ok: false, reason: "replayed" });
    expect(lastCounterOf(chips([["04DE5F1EACC040", 10]], "04DE5F1EACC040", 40), "04DE5F1EACC040")).toBe(40);
    expect(isFreshCounter(0, null)).toBe(true);
    expect(isFreshCounter(5, 5)).toBe(false);
  });

  it("a tag pinned to a chip refuses every other chip, fresh or not", () => {
    const pinned: ChipRecord = { pinnedUid: "04A1B2C3D4E5F6", counters: new Map(), unboundCounter: null };
    expect(judgeChip({ uid: "04DE5F1EACC040", counter: 1 }, "tag-1", pinned, null, false)).toEqual({
      ok: false,
      reason: "wrong_chip",
    });
    expect(judgeChip({ uid: "04DE5F1EACC040", counter: 1 }, "tag-1", pinned, null, true)).toEqual({
      ok: false,
      reason: "wrong_chip",
    });
    expect(judgeChip({ uid: "04A1B2C3D4E5F6", counter: 1 }, "tag-1", pinned, null, true)).toMatchObject({ ok: true });
  });

  it("across the tags that share its keys, a chip is bound to one tag and its counter is spent once", () => {
    const free: ChipRecord = { pinnedUid: null, counters: new Map(), unboundCounter: null };
    const verified = { uid: "04DE5F1EACC040", counter: 61 };
    expect(judgeChip(verified, "tag-1", free, { tagId: "tag-2", lastCounter: 1 }, false)).toEqual({
      ok: false,
      reason: "wrong_chip",
    });
    expect(judgeChip(verified, "tag-1", free, { tagId: null, lastCounter: 61 }, true)).toEqual({
      ok: false,
      reason: "replayed",
    });
    expect(judgeChip(verified, "tag-1", free, { tagId: "tag-1", lastCounter: 60 }, true)).toMatchObject({ ok: true });
    expect(judgeChip(verified, "tag-1", free, { tagId: null, lastCounter: 60 }, true)).toMatchObject({ ok: true });
  });

  it("links generated by the test tag (tests/support/sun.ts) verify, in both layouts", () => {
    const keys = randomTagKeys();
    expect(verifyTapSun(sunParams(keys, "04A1B2C3D4E5F6", 7), keys)).toEqual({
      ok: true,
      uid: "04A1B2C3D4E5F6",
      counter: 7,
    });
    expect(verifyTapSun(sunParams(keys, "04A1B2C3D4E5F6", 8, "00112233445566778899AABBCCDDEEFF"), keys)).toMatchObject({
      counter: 8,
    });
    expect(verifyTapSun(plainSunParams(keys.fileReadKey, "04A1B2C3D4E5F6", 0x010203), keys)).toEqual({
      ok: true,
      uid: "04A1B2C3D4E5F6",
      counter: 0x010203,
    });
    expect(verifyTapSun(sunParams(keys, "04A1B2C3D4E5F6", 7), randomTagKeys())).toMatchObject({ ok: false });
  });
});

describe("answers and templates", () => {
  it("a bad MAC, a missing message or another chip is a 403 'could not be verified', a replay a 409", () => {
    const inEnglish = ({ message, ...rest }: ReturnType<typeof sunRejection>) => ({
      ...rest,
      message: text("en", message),
    });
    for (const reason of ["not_verified", "missing", "wrong_chip"] as const) {
      expect(inEnglish(sunRejection(reason))).toEqual({
        httpStatus: 403,
        code: "tag_not_verified",
        message: "This tag could not be verified.",
      });
    }
    expect(inEnglish(sunRejection("replayed"))).toEqual({
      httpStatus: 409,
      code: "tap_replayed",
      message: "This tap link was already used. Tap the tag again.",
    });
  });

  it("URL templates for the tag", () => {
    expect(secureTagUrlTemplates("https://loyaltap.example/", "cafe-1")).toEqual({
      encrypted: "https://loyaltap.example/tap?id=cafe-1&picc_data={PICCData}&cmac={CMAC}",
      plain: "https://loyaltap.example/tap?id=cafe-1&uid={UID}&ctr={SDMReadCtr}&cmac={CMAC}",
    });
  });
});

describe("owner's key form", () => {
  const valid = {
    tagId: "cafe-1",
    metaReadKey: "00112233445566778899AABBCCDDEEFF",
    fileReadKey: " f0e1d2c3b4a5968778695a4b3c2d1e0f ",
  };

  it("accepts two 16-byte hex keys", () => {
    expect(secureTagKeysSchema.parse(valid)).toMatchObject({ fileReadKey: "f0e1d2c3b4a5968778695a4b3c2d1e0f" });
  });

  it("refuses short, non-hex and factory-default keys with a clear message", () => {
    // A catalog key, read in English.
    const message = (input: object) =>
      text("en", secureTagKeysSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message ?? "");
    expect(message({ metaReadKey: "0011" })).toBe("The SDM meta read key must be 32 hexadecimal digits (16 bytes)");
    expect(message({ fileReadKey: "X".repeat(32) })).toBe(
      "The SDM file read key must be 32 hexadecimal digits (16 bytes)",
    );
    expect(message({ metaReadKey: "" })).toBe("Enter the SDM meta read key");
    expect(message({ fileReadKey: "0".repeat(32) })).toMatch(/factory default/);
  });
});

describe("owner's chip UID", () => {
  it("accepts 7 bytes of hex, with or without separators, kept in uppercase; empty clears the pin", () => {
    expect(chipUidInputSchema.parse("04a1b2c3d4e5f6")).toBe("04A1B2C3D4E5F6");
    expect(chipUidInputSchema.parse(" 04:A1:B2:C3:D4:E5:F6 ")).toBe("04A1B2C3D4E5F6");
    expect(chipUidInputSchema.parse("04 a1 b2 c3 d4 e5 f6")).toBe("04A1B2C3D4E5F6");
    expect(chipUidInputSchema.parse("  ")).toBeNull();
  });

  it("refuses anything else with a clear message", () => {
    for (const bad of ["04A1B2C3D4E5", "04A1B2C3D4E5F6A7", "04A1B2C3D4E5GG", "<script>", 42]) {
      const message = chipUidInputSchema.safeParse(bad).error?.issues[0]?.message ?? "";
      expect(text("en", message)).toBe("Enter the chip UID as 14 hexadecimal digits (7 bytes), e.g. 04A1B2C3D4E5F6.");
    }
    expect(normalizeChipUid("04A1B2C3D4E5F")).toBeNull();
  });
});
