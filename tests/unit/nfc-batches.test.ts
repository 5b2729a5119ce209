import { diversifyAes128 } from "@/lib/nfc/an10922";
import { aesCmac } from "@/lib/nfc/cmac";
import { batchCsv, sdmOffsets, uriRecordParts } from "@/lib/nfc/batch-csv";
import {
  batchFileReadKey,
  batchKeysForTap,
  batchMetaReadKey,
  openBatchMasterKey,
  sealBatchMasterKey,
} from "@/lib/nfc/batch-keys";
import { verifyTapSun } from "@/lib/nfc/verify-tap";
import { hashActivationCode, newActivationCode, normaliseActivationCode } from "@/lib/tag-batches/activation-code";
import { plainSunParams, randomUidHex, sunParams } from "../support/sun";

const hex = (b: Buffer) => b.toString("hex").toUpperCase();

describe("AN10922 AES-128 key diversification", () => {
  // The published example of AN10922 §2.2.1 (also libfreefare's mifare_key_deriver test):
  // master key 00112233…EEFF, UID 04782E21801D80, AID 3042F5, system identifier "NXP Abu".
  const master = Buffer.from("00112233445566778899AABBCCDDEEFF", "hex");
  const input = Buffer.concat([
    Buffer.from("04782E21801D80", "hex"),
    Buffer.from("3042F5", "hex"),
    Buffer.from("NXP Abu", "ascii"),
  ]);

  it("gives the published diversified key", () => {
    expect(hex(diversifyAes128(master, input))).toBe("A8DD63A3B89D54B37CA802473FDA9175");
  });

  it("pads a short M to two blocks (K2), unlike a plain CMAC of M", () => {
    const short = Buffer.from("04782E21801D80", "hex");
    const m = Buffer.concat([Buffer.from([0x01]), short]);
    expect(diversifyAes128(master, short).equals(aesCmac(master, m))).toBe(false);
    // A 31-byte input fills M exactly: no padding, subkey K1, i.e. a plain CMAC of the 32 bytes.
    const full = Buffer.alloc(31, 0x5a);
    expect(hex(diversifyAes128(master, full))).toBe(hex(aesCmac(master, Buffer.concat([Buffer.from([0x01]), full]))));
  });

  it("refuses inputs AN10922 does not allow", () => {
    expect(() => diversifyAes128(master, Buffer.alloc(0))).toThrow(RangeError);
    expect(() => diversifyAes128(master, Buffer.alloc(32))).toThrow(RangeError);
  });
});

describe("batch keys", () => {
  const master = Buffer.from("0F1E2D3C4B5A69788796A5B4C3D2E1F0", "hex");

  it("a chip's file key comes from its UID; the meta key is the batch's", () => {
    const a = randomUidHex();
    const b = randomUidHex();
    expect(hex(batchFileReadKey(master, Buffer.from(a, "hex")))).not.toBe(
      hex(batchFileReadKey(master, Buffer.from(b, "hex"))),
    );
    expect(hex(batchMetaReadKey(master))).not.toBe(hex(batchFileReadKey(master, Buffer.from(a, "hex"))));
  });

  it("a link written with a chip's derived keys verifies with the keys derived from the link (both layouts)", () => {
    const uid = randomUidHex();
    const keys = {
      metaReadKey: batchMetaReadKey(master),
      fileReadKey: batchFileReadKey(master, Buffer.from(uid, "hex")),
    };
    const encrypted = sunParams(keys, uid, 7);
    const derived = batchKeysForTap(master, encrypted);
    expect(derived && verifyTapSun(encrypted, derived)).toEqual({ ok: true, uid, counter: 7 });
    const plain = plainSunParams(keys.fileReadKey, uid, 8);
    const fromPlain = batchKeysForTap(master, plain);
    expect(fromPlain && verifyTapSun(plain, fromPlain)).toEqual({ ok: true, uid, counter: 8 });
    // Another batch's master: PICCData does not even decrypt to a UID, or the MAC is wrong.
    const other = batchKeysForTap(Buffer.alloc(16, 1), encrypted);
    expect(other === null || !verifyTapSun(encrypted, other).ok).toBe(true);
    expect(batchKeysForTap(master, { cmac: encrypted.cmac })).toBeNull();
  });

  it("the sealed master opens for its batch only", () => {
    const kek = Buffer.alloc(32, 7);
    const sealed = sealBatchMasterKey("batch-1", master, kek);
    expect(sealed).not.toContain(hex(master));
    expect(openBatchMasterKey("batch-1", sealed, kek)?.equals(master)).toBe(true);
    expect(openBatchMasterKey("batch-2", sealed, kek)).toBeNull();
    expect(openBatchMasterKey("batch-1", sealed, Buffer.alloc(32, 8))).toBeNull();
  });
});

/** The NDEF file (file 02) NTAG 424 DNA holds for a URL: NLEN, then one URI record (short or long). */
function ndefFile(url: string): Buffer {
  const { code, rest } = uriRecordParts(url);
  const payload = Buffer.concat([Buffer.from([code]), Buffer.from(rest, "utf8")]);
  const header =
    payload.length <= 255
      ? Buffer.from([0xd1, 0x01, payload.length, 0x55])
      : Buffer.concat([
          Buffer.from([0xc1, 0x01]),
          Buffer.from([0, 0, payload.length >> 8, payload.length & 0xff]),
          Buffer.from([0x55]),
        ]);
  const message = Buffer.concat([header, payload]);
  return Buffer.concat([Buffer.from([message.length >> 8, message.length & 0xff]), message]);
}

describe("the batch CSV and its SDM offsets", () => {
  it("matches AN12196's example (PICCDataOffset 0x20, SDMMACInputOffset = SDMMACOffset 0x43)", () => {
    expect(sdmOffsets("https://choose.url.com/ntag424?e={PICCData}&c={CMAC}")).toEqual({
      piccDataOffset: 0x20,
      sdmMacInputOffset: 0x43,
      sdmMacOffset: 0x43,
    });
  });

  it.each([
    // 7 = NLEN (2) + record header (4) + URI identifier code (1); then the URI after its abbreviated prefix.
    ["https://loyaltap.example", 7 + "loyaltap.example/tap?id=t1&picc_data=".length],
    ["http://127.0.0.1:3000", 7 + "127.0.0.1:3000/tap?id=t1&picc_data=".length],
    ["https://www.loyaltap.example", 7 + "loyaltap.example/tap?id=t1&picc_data=".length],
  ])("points at the mirrors in the file the chip holds (%s)", (origin, picc) => {
    const template = `${origin}/tap?id=t1&picc_data={PICCData}&cmac={CMAC}`;
    const offsets = sdmOffsets(template);
    const written = template.replace("{PICCData}", "P".repeat(32)).replace("{CMAC}", "C".repeat(16));
    const file = ndefFile(written);
    expect(file.subarray(offsets.piccDataOffset, offsets.piccDataOffset + 32).toString()).toBe("P".repeat(32));
    expect(file.subarray(offsets.sdmMacOffset, offsets.sdmMacOffset + 16).toString()).toBe("C".repeat(16));
    expect(file.subarray(offsets.sdmMacOffset - 6, offsets.sdmMacOffset).toString()).toBe("&cmac=");
    expect(offsets).toEqual({
      piccDataOffset: picc,
      sdmMacInputOffset: picc + 32 + "&cmac=".length,
      sdmMacOffset: picc + 32 + "&cmac=".length,
    });
  });

  it("counts the long record's header when the URL is over 255 bytes", () => {
    const template = `https://${"x".repeat(230)}.example/tap?id=t1&picc_data={PICCData}&cmac={CMAC}`;
    const offsets = sdmOffsets(template);
    const file = ndefFile(template.replace("{PICCData}", "P".repeat(32)).replace("{CMAC}", "C".repeat(16)));
    expect(file.subarray(offsets.piccDataOffset, offsets.piccDataOffset + 32).toString()).toBe("P".repeat(32));
    expect(file.subarray(offsets.sdmMacOffset, offsets.sdmMacOffset + 16).toString()).toBe("C".repeat(16));
  });

  it("has one line per tag: id, an empty UID, the URL template and its offsets — and no key", () => {
    const csv = batchCsv("https://loyaltap.example/", ["0123456789abcdef", "fedcba9876543210"]);
    expect(csv.split("\r\n")).toEqual([
      "tag_id,uid,url_template,picc_data_offset,sdm_mac_input_offset,sdm_mac_offset",
      "0123456789abcdef,,https://loyaltap.example/tap?id=0123456789abcdef&picc_data={PICCData}&cmac={CMAC},58,96,96",
      "fedcba9876543210,,https://loyaltap.example/tap?id=fedcba9876543210&picc_data={PICCData}&cmac={CMAC},58,96,96",
      "",
    ]);
  });
});

describe("activation codes", () => {
  it("are 16 unambiguous symbols in groups of four, hashed however they are typed", () => {
    const code = newActivationCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(newActivationCode()).not.toBe(code);
    expect(hashActivationCode(` ${code.toLowerCase().replace(/-/g, " ")} `)).toBe(hashActivationCode(code));
    expect(normaliseActivationCode("ab-cd ef")).toBe("ABCDEF");
    expect(hashActivationCode(code)).toMatch(/^[0-9a-f]{64}$/);
  });
});
