import { aesCmac, cmacSubkeys } from "@/lib/nfc/cmac";

// Test vectors from RFC 4493 §4 (AES-128-CMAC), which covers every code path:
// the empty message, one complete block, a partial last block, and several
// complete blocks.
const key = Buffer.from("2b7e151628aed2a6abf7158809cf4f3c", "hex");
const plaintext = Buffer.from(
  "6bc1bee22e409f96e93d7e117393172a" +
    "ae2d8a571e03ac9c9eb76fac45af8e51" +
    "30c81c46a35ce411e5fbc1191a0a52ef" +
    "f69f2445df4f9b17ad2b417be66c3710",
  "hex",
);

describe("cmacSubkeys", () => {
  it("derives K1 and K2 as in RFC 4493 §4 (subkey generation)", () => {
    const { k1, k2 } = cmacSubkeys(key);
    expect(k1.toString("hex")).toBe("fbeed618357133667c85e08f7236a8de");
    expect(k2.toString("hex")).toBe("f7ddac306ae266ccf90bc11ee46d513b");
  });
});

describe("aesCmac", () => {
  it.each([
    [0, "bb1d6929e95937287fa37d129b756746"],
    [16, "070a16b46b4d4144f79bdd9dd04a287c"],
    [40, "dfa66747de9ae63030ca32611497c827"],
    [64, "51f0bebf7e3b9d92fc49741779363cfe"],
  ])("matches RFC 4493 §4 for a %i-byte message", (length, expected) => {
    expect(aesCmac(key, plaintext.subarray(0, length)).toString("hex")).toBe(expected);
  });

  it("rejects keys that are not 16 bytes", () => {
    expect(() => aesCmac(Buffer.alloc(15), Buffer.alloc(0))).toThrow(RangeError);
  });
});
