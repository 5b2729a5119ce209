import { createHash, randomInt } from "node:crypto";

// A batch's one-time activation code (docs/secure-tags.md, "Batches"): 16
// symbols from 31 unambiguous ones (~79 bits), shown to the admin once, in
// groups of four. Only its SHA-256 is stored: unguessable by its length, so
// one plain hash is as safe as a slow one, and guesses are rate-limited too.

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 16;

/** A new activation code, e.g. "K7QW-3MZD-TT9A-PX2R". */
export function newActivationCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

/** The code as typed, without separators or case: what is hashed. */
export function normaliseActivationCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

/** The stored form of a code (hex SHA-256 of its normalised text). */
export function hashActivationCode(code: string): string {
  return createHash("sha256").update(normaliseActivationCode(code), "utf8").digest("hex");
}
