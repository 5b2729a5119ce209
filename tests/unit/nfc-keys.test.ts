import { randomBytes } from "node:crypto";
import { parseEnv } from "@/lib/env-check";
import { deriveKek, parseKek } from "@/lib/nfc/kek";
import { decryptTagKeys, encryptTagKeys, parseSdmKeyHex, tagKeyEncryptionKey, tagKeysDigest } from "@/lib/nfc/keys";

const kek = randomBytes(32);
const keys = {
  metaReadKey: Buffer.from("00112233445566778899AABBCCDDEEFF", "hex"),
  fileReadKey: Buffer.from("F0E1D2C3B4A5968778695A4B3C2D1E0F", "hex"),
};

describe("secure tag keys at rest (AES-256-GCM)", () => {
  it("round-trips: what is stored decrypts to the same keys", () => {
    const stored = encryptTagKeys("tag-1", keys, kek);
    expect(decryptTagKeys("tag-1", stored, kek)).toEqual(keys);
  });

  it("stores v1:<iv>:<ciphertext>:<tag> with neither key visible", () => {
    const stored = encryptTagKeys("tag-1", keys, kek);
    const parts = stored.split(":");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe("v1");
    expect(Buffer.from(parts[1]!, "base64")).toHaveLength(12);
    expect(Buffer.from(parts[3]!, "base64")).toHaveLength(16);
    for (const key of [keys.metaReadKey, keys.fileReadKey]) {
      expect(stored.toLowerCase()).not.toContain(key.toString("hex"));
      expect(stored).not.toContain(key.toString("base64"));
    }
  });

  it("uses a fresh IV each time", () => {
    expect(encryptTagKeys("tag-1", keys, kek)).not.toBe(encryptTagKeys("tag-1", keys, kek));
  });

  it("does not decrypt with another key-encryption key", () => {
    const stored = encryptTagKeys("tag-1", keys, kek);
    expect(decryptTagKeys("tag-1", stored, randomBytes(32))).toBeNull();
  });

  it("does not decrypt a tampered ciphertext, IV or authentication tag", () => {
    const stored = encryptTagKeys("tag-1", keys, kek);
    const [version, iv, ciphertext, tag] = stored.split(":") as [string, string, string, string];
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, "base64");
      bytes[0] = bytes[0]! ^ 0x01;
      return bytes.toString("base64");
    };
    expect(decryptTagKeys("tag-1", [version, iv, flip(ciphertext), tag].join(":"), kek)).toBeNull();
    expect(decryptTagKeys("tag-1", [version, flip(iv), ciphertext, tag].join(":"), kek)).toBeNull();
    expect(decryptTagKeys("tag-1", [version, iv, ciphertext, flip(tag)].join(":"), kek)).toBeNull();
    expect(decryptTagKeys("tag-1", `v2:${iv}:${ciphertext}:${tag}`, kek)).toBeNull();
    expect(decryptTagKeys("tag-1", "not stored keys", kek)).toBeNull();
  });

  it("is bound to its tag: copied onto another tag's row it does not decrypt", () => {
    expect(decryptTagKeys("tag-2", encryptTagKeys("tag-1", keys, kek), kek)).toBeNull();
  });
});

describe("the digest naming a key set (per-chip counters and bindings)", () => {
  it("is the same for the same keys, differs for other keys or another KEK, and shows neither key", () => {
    const digest = tagKeysDigest(keys, kek);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(
      tagKeysDigest({ metaReadKey: Buffer.from(keys.metaReadKey), fileReadKey: Buffer.from(keys.fileReadKey) }, kek),
    ).toBe(digest);
    expect(tagKeysDigest({ ...keys, fileReadKey: randomBytes(16) }, kek)).not.toBe(digest);
    expect(tagKeysDigest({ metaReadKey: keys.fileReadKey, fileReadKey: keys.metaReadKey }, kek)).not.toBe(digest);
    expect(tagKeysDigest(keys, randomBytes(32))).not.toBe(digest);
    for (const key of [keys.metaReadKey, keys.fileReadKey]) expect(digest).not.toContain(key.toString("hex"));
  });
});

describe("key-encryption key", () => {
  it("TAG_KEY_ENCRYPTION_KEY in hex or base64 (32 bytes)", () => {
    const raw = randomBytes(32);
    expect(parseKek(raw.toString("hex"))).toEqual(raw);
    expect(parseKek(raw.toString("base64"))).toEqual(raw);
    expect(parseKek(raw.toString("base64url"))).toEqual(raw);
    expect(tagKeyEncryptionKey(parseEnv({ TAG_KEY_ENCRYPTION_KEY: raw.toString("base64") }))).toEqual(raw);
  });

  it("refuses a configured key of the wrong size", () => {
    expect(parseKek(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseKek("not a key!")).toBeNull();
    expect(() => parseEnv({ TAG_KEY_ENCRYPTION_KEY: "short" })).toThrow(/TAG_KEY_ENCRYPTION_KEY must be 32 bytes/);
  });

  it("without it, derives a stable key from AUTH_SECRET (HKDF), different per secret", () => {
    expect(tagKeyEncryptionKey(parseEnv({ AUTH_SECRET: "local-secret" }))).toEqual(deriveKek("local-secret"));
    expect(deriveKek("local-secret")).toHaveLength(32);
    expect(deriveKek("local-secret")).not.toEqual(deriveKek("other-secret"));
    expect(() => tagKeyEncryptionKey(parseEnv({}))).toThrow(/AUTH_SECRET/);
  });
});

describe("SDM keys as typed by the owner", () => {
  it("32 hex digits, any case, spaces or colons between bytes", () => {
    expect(parseSdmKeyHex("00112233445566778899aabbccddeeff")).toEqual(keys.metaReadKey);
    expect(parseSdmKeyHex("00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF")).toEqual(keys.metaReadKey);
    expect(parseSdmKeyHex("00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF")).toEqual(keys.metaReadKey);
  });

  it("anything else is refused", () => {
    for (const bad of ["", "0011", "00112233445566778899AABBCCDDEEFF00", "G0112233445566778899AABBCCDDEEFF"]) {
      expect(parseSdmKeyHex(bad)).toBeNull();
    }
  });
});
