import { createCipheriv } from "node:crypto";
import { cmacSubkeys } from "./cmac";

// AES-128 key diversification as NXP application note AN10922 specifies it
// (§2.2, "AES-128 key diversification"): the diversified key is the CMAC, under
// the master key, of M = 0x01 ‖ diversification input (1..31 bytes). Unlike a
// plain RFC 4493 CMAC, M is always padded to TWO blocks (32 bytes): with
// 0x80 00… and subkey K2 when it is shorter, with K1 when it is exactly 32
// bytes. (For 17..31-byte M both agree; for a short input they do not.)

const BLOCK = 16;
const DIV_CONSTANT_AES128 = 0x01;
const MAX_INPUT = 2 * BLOCK - 1;

/** The AN10922 AES-128 diversified key of `master` for `input` (the diversification data, 1..31 bytes). */
export function diversifyAes128(master: Buffer, input: Buffer): Buffer {
  if (master.length !== BLOCK) throw new RangeError(`AN10922 AES-128 needs a 16-byte key, got ${master.length}`);
  if (input.length < 1 || input.length > MAX_INPUT)
    throw new RangeError(`AN10922 diversification input must be 1..${MAX_INPUT} bytes, got ${input.length}`);
  const m = Buffer.alloc(2 * BLOCK);
  m[0] = DIV_CONSTANT_AES128;
  input.copy(m, 1);
  const padded = input.length + 1 < 2 * BLOCK;
  if (padded) m[input.length + 1] = 0x80;
  const { k1, k2 } = cmacSubkeys(master);
  const subkey = padded ? k2 : k1;
  for (let i = 0; i < BLOCK; i++) m[BLOCK + i] = m[BLOCK + i]! ^ subkey[i]!;
  // CMAC = last block of AES-CBC (zero IV) over the prepared M.
  const cipher = createCipheriv("aes-128-cbc", master, Buffer.alloc(BLOCK));
  cipher.setAutoPadding(false);
  const out = Buffer.concat([cipher.update(m), cipher.final()]);
  return Buffer.from(out.subarray(BLOCK, 2 * BLOCK));
}
