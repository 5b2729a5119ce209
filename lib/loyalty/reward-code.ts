import { randomBytes } from "node:crypto";

// Codes are read aloud and typed at a counter: no 0/O, 1/I/L, and 8 characters
// from 31 symbols (~40 bits) — unguessable enough for a one-time reward that
// only the issuing business can redeem.
export const REWARD_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REWARD_CODE_LENGTH = 8;

/** A fresh reward code; `bytes` is injectable for tests. Rejection sampling keeps every symbol equally likely. */
export function generateRewardCode(bytes: (n: number) => Uint8Array = randomBytes): string {
  const limit = 256 - (256 % REWARD_CODE_ALPHABET.length);
  let code = "";
  while (code.length < REWARD_CODE_LENGTH) {
    for (const byte of bytes(16)) {
      if (byte >= limit) continue;
      code += REWARD_CODE_ALPHABET[byte % REWARD_CODE_ALPHABET.length];
      if (code.length === REWARD_CODE_LENGTH) break;
    }
  }
  return code;
}

/** What a person typed → the stored form (case, spaces and dashes forgiven). */
export function normaliseRewardCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}
