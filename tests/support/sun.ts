import { createCipheriv, randomBytes } from "node:crypto";
import { sdmMac, sessionMacKey } from "../../lib/nfc/sun";

// Plays the NTAG 424 DNA side of Secure Unique NFC for tests: builds the
// parameters a tag with the given keys would append on its `counter`-th read
// (AN12196 §4.4.2.2 and §4.4.4.2). Relative imports: Playwright loads it too.

export type TestTagKeys = { metaReadKey: Buffer; fileReadKey: Buffer };

const hex = (bytes: Buffer) => bytes.toString("hex").toUpperCase();

/** PICCData = 0xC7 ‖ UID(7) ‖ counter LSB first (3) ‖ 5 random bytes, AES-128-CBC with a zero IV and no padding. */
export function encryptPiccData(uid: Buffer, counter: number, metaReadKey: Buffer): string {
  const counterBytes = Buffer.alloc(3);
  counterBytes.writeUIntLE(counter, 0, 3);
  const plain = Buffer.concat([Buffer.from([0xc7]), uid, counterBytes, randomBytes(5)]);
  const cipher = createCipheriv("aes-128-cbc", metaReadKey, Buffer.alloc(16));
  cipher.setAutoPadding(false);
  return hex(Buffer.concat([cipher.update(plain), cipher.final()]));
}

/** The `picc_data` and `cmac` (and `enc`, MACed as `<enc>&cmac=`) of one tap. */
export function sunParams(
  keys: TestTagKeys,
  uidHex: string,
  counter: number,
  enc?: string,
): { picc_data: string; enc?: string; cmac: string } {
  const uid = Buffer.from(uidHex, "hex");
  const macInput = enc ? `${enc}&cmac=` : "";
  const cmac = hex(sdmMac(sessionMacKey(keys.fileReadKey, uid, counter), macInput));
  return { picc_data: encryptPiccData(uid, counter, keys.metaReadKey), ...(enc ? { enc } : {}), cmac };
}

/** The plain-mirroring variant: `uid`, `ctr` (most significant byte first) and `cmac`. */
export function plainSunParams(
  fileReadKey: Buffer,
  uidHex: string,
  counter: number,
): { uid: string; ctr: string; cmac: string } {
  const cmac = hex(sdmMac(sessionMacKey(fileReadKey, Buffer.from(uidHex, "hex"), counter), ""));
  return { uid: uidHex.toUpperCase(), ctr: counter.toString(16).toUpperCase().padStart(6, "0"), cmac };
}

/** `/tap?id=…&picc_data=…&cmac=…`, in the order the tag writes the parameters. */
export function sunTapPath(tagId: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams({ id: tagId });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `/tap?${query.toString()}`;
}

/** Changes the hex digit at `index` into another one (a tampered link). */
export function flipHexDigit(value: string, index: number): string {
  const digit = Number.parseInt(value[index]!, 16);
  return value.slice(0, index) + ((digit + 1) % 16).toString(16).toUpperCase() + value.slice(index + 1);
}

export const randomTagKeys = (): TestTagKeys => ({ metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) });
export const randomUidHex = () => hex(Buffer.concat([Buffer.from([0x04]), randomBytes(6)]));
