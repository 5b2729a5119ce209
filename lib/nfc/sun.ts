import { createDecipheriv, timingSafeEqual } from "node:crypto";

import { aesCmac } from "./cmac";

// NTAG 424 DNA "Secure Unique NFC" (SUN) message verification, following NXP
// application note AN12196 ("NTAG 424 DNA and NTAG 424 DNA TagTamper features
// and hints"), §4.4 (SDM session keys, PICCData decryption, SDMMAC).
//
// Everything here is pure: callers pass the values taken from the tapped URL
// and the keys; nothing is read from the environment or a database.
//
// Keys are configuration, not request input: a key of the wrong size is a
// programming error and throws. Request input (the URL parameters) never
// throws; it yields a result with ok: false.

const KEY_LENGTH = 16;
const UID_LENGTH = 7;
const MAX_COUNTER = 0xffffff;

// PICCDataTag layout (AN12196 §4.4.2.2; NTAG 424 DNA datasheet §9.3). Bits 5-4
// are RFU and deliberately not checked: the MAC is what authenticates.
const TAG_UID_MIRRORED = 0x80;
const TAG_COUNTER_MIRRORED = 0x40;
const TAG_UID_LENGTH_MASK = 0x0f;

// First 6 bytes of session vector 2, which derives the SDM MAC session key
// (AN12196 §4.4.4): label 3CC3, counter 0001, key length 0080 (128 bits).
const SV2_PREFIX = Buffer.from("3CC300010080", "hex");

const PICC_DATA_HEX = /^[0-9A-Fa-f]{32}$/;
const SDM_MAC_HEX = /^[0-9A-Fa-f]{16}$/;
const UID_HEX = /^[0-9A-Fa-f]{14}$/;
const COUNTER_HEX = /^[0-9A-Fa-f]{6}$/;

export type PiccDataResult =
  { ok: true; uid: Buffer; counter: number; piccDataTag: number } | { ok: false; error: string };

export type SunResult = { ok: true; uid: string; counter: number } | { ok: false; reason: "malformed" | "bad_mac" };

export type SunKeys = { metaReadKey: Buffer; fileReadKey: Buffer };

function assertKey(name: string, key: Buffer): void {
  if (key.length !== KEY_LENGTH) {
    throw new RangeError(`${name} must be ${KEY_LENGTH} bytes, got ${key.length}`);
  }
}

/** SDMReadCtr is transmitted and fed into the session vector least-significant byte first. */
function counterBytesLsbFirst(counter: number): Buffer {
  const bytes = Buffer.alloc(3);
  bytes.writeUIntLE(counter, 0, 3);
  return bytes;
}

/**
 * Decrypts the encrypted PICCData mirror (the `picc_data` URL parameter) with
 * the SDM meta read key: AES-128-CBC, zero IV, no padding, one block
 * (AN12196 §4.4.2.2).
 *
 * Only the layout this app configures is accepted: both the UID (7 bytes) and
 * SDMReadCtr mirrored. A wrong key or tampered ciphertext usually shows up
 * here as an implausible tag byte; the remaining cases are caught by the MAC.
 */
export function decryptPiccData(piccDataHex: string, sdmMetaReadKey: Buffer): PiccDataResult {
  assertKey("SDM meta read key", sdmMetaReadKey);
  if (!PICC_DATA_HEX.test(piccDataHex)) {
    return { ok: false, error: "PICCData must be 32 hexadecimal characters" };
  }

  const decipher = createDecipheriv("aes-128-cbc", sdmMetaReadKey, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(piccDataHex, "hex")), decipher.final()]);

  const piccDataTag = plain[0]!;
  if (!(piccDataTag & TAG_UID_MIRRORED)) {
    return { ok: false, error: "PICCDataTag does not mirror the UID" };
  }
  if (!(piccDataTag & TAG_COUNTER_MIRRORED)) {
    return { ok: false, error: "PICCDataTag does not mirror SDMReadCtr" };
  }
  if ((piccDataTag & TAG_UID_LENGTH_MASK) !== UID_LENGTH) {
    return { ok: false, error: `PICCDataTag announces a UID length other than ${UID_LENGTH}` };
  }

  const uid = Buffer.from(plain.subarray(1, 1 + UID_LENGTH));
  const counter = plain.readUIntLE(1 + UID_LENGTH, 3);
  return { ok: true, uid, counter, piccDataTag };
}

/**
 * SDM MAC session key: CMAC over session vector 2 with the SDM file read key
 * (AN12196 §4.4.4). SV2 = 3CC300010080 ‖ UID ‖ SDMReadCtr (LSB first), 16 bytes.
 */
export function sessionMacKey(sdmFileReadKey: Buffer, uid: Buffer, counter: number): Buffer {
  assertKey("SDM file read key", sdmFileReadKey);
  if (uid.length !== UID_LENGTH) {
    throw new RangeError(`UID must be ${UID_LENGTH} bytes, got ${uid.length}`);
  }
  if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER) {
    throw new RangeError(`SDMReadCtr must be an integer in 0..${MAX_COUNTER}, got ${counter}`);
  }
  const sv2 = Buffer.concat([SV2_PREFIX, uid, counterBytesLsbFirst(counter)]);
  return aesCmac(sdmFileReadKey, sv2);
}

/**
 * SDMMAC: CMAC over the MAC input under the session key, truncated to the 8
 * odd-indexed bytes, the truncation NTAG 424 DNA uses for all its MACs
 * (AN12196 §4.4.4.2). The MAC input is the exact URL text the tag covers (between
 * SDMMACInputOffset and SDMMACOffset) and is case-sensitive; empty when the
 * MAC covers no file data. NDEF URI records are UTF-8, which equals ASCII for
 * the hex/ampersand text the tag mirrors.
 */
export function sdmMac(sessionKey: Buffer, macInput: string): Buffer {
  const full = aesCmac(sessionKey, Buffer.from(macInput, "utf8"));
  const truncated = Buffer.alloc(8);
  for (let i = 0; i < truncated.length; i++) truncated[i] = full[2 * i + 1]!;
  return truncated;
}

/** Compares the received SDMMAC (hex, any case) with the expected one in constant time. */
function macMatches(expected: Buffer, receivedHex: string): boolean {
  const received = Buffer.from(receivedHex, "hex");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * Verifies a SUN message with encrypted PICCData (`picc_data` + `cmac`).
 *
 * "malformed" means the parameters are not even syntactically valid. Anything
 * that parses but does not authenticate — including PICCData whose decrypted
 * tag byte is implausible, which is what tampering or a wrong key looks like —
 * is "bad_mac", so callers see a single authentication-failure outcome.
 */
export function verifySun(params: { piccData: string; cmac: string; macInput?: string }, keys: SunKeys): SunResult {
  assertKey("SDM file read key", keys.fileReadKey);
  const { piccData, cmac, macInput = "" } = params;
  if (!PICC_DATA_HEX.test(piccData) || !SDM_MAC_HEX.test(cmac)) {
    return { ok: false, reason: "malformed" };
  }

  const picc = decryptPiccData(piccData, keys.metaReadKey);
  if (!picc.ok) return { ok: false, reason: "bad_mac" };

  const expected = sdmMac(sessionMacKey(keys.fileReadKey, picc.uid, picc.counter), macInput);
  if (!macMatches(expected, cmac)) return { ok: false, reason: "bad_mac" };

  return { ok: true, uid: picc.uid.toString("hex").toUpperCase(), counter: picc.counter };
}

/**
 * Verifies a SUN message with the UID and SDMReadCtr mirrored in plain text
 * (`uid`, `ctr`, `cmac`). The tag prints `ctr` most-significant byte first,
 * while the session vector still takes the counter least-significant byte
 * first, exactly as in the encrypted variant.
 */
export function verifyPlainSun(
  params: { uid: string; ctr: string; cmac: string; macInput?: string },
  fileReadKey: Buffer,
): SunResult {
  assertKey("SDM file read key", fileReadKey);
  const { uid, ctr, cmac, macInput = "" } = params;
  if (!UID_HEX.test(uid) || !COUNTER_HEX.test(ctr) || !SDM_MAC_HEX.test(cmac)) {
    return { ok: false, reason: "malformed" };
  }

  const uidBytes = Buffer.from(uid, "hex");
  const counter = Number.parseInt(ctr, 16);
  const expected = sdmMac(sessionMacKey(fileReadKey, uidBytes, counter), macInput);
  if (!macMatches(expected, cmac)) return { ok: false, reason: "bad_mac" };

  return { ok: true, uid: uid.toUpperCase(), counter };
}
