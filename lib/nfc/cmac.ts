import { createCipheriv } from "node:crypto";

// AES-128-CMAC as specified by RFC 4493 (NIST SP 800-38B with AES-128).
// Node's crypto exposes no CMAC primitive, so it is built here from raw
// AES-128-ECB block encryptions.

const BLOCK_SIZE = 16;
// The constant R_128 from RFC 4493 §2.3: x^128 + x^7 + x^2 + x + 1.
const RB = 0x87;

function assertKey(key: Buffer): void {
  if (key.length !== BLOCK_SIZE) {
    throw new RangeError(`AES-128-CMAC needs a 16-byte key, got ${key.length} bytes`);
  }
}

/** Encrypts exactly one 16-byte block with AES-128 (ECB of one block is the raw cipher). */
function encryptBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** Left-shifts a 16-byte block by one bit, then XORs in Rb when the dropped MSB was set (RFC 4493 §2.3). */
function doubleBlock(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK_SIZE);
  for (let i = 0; i < BLOCK_SIZE; i++) {
    const next = i + 1 < BLOCK_SIZE ? block[i + 1]! : 0;
    out[i] = ((block[i]! << 1) | (next >>> 7)) & 0xff;
  }
  if (block[0]! & 0x80) {
    out[BLOCK_SIZE - 1] = out[BLOCK_SIZE - 1]! ^ RB;
  }
  return out;
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** Subkeys K1 and K2 (RFC 4493 §2.3, Generate_Subkey). */
export function cmacSubkeys(key: Buffer): { k1: Buffer; k2: Buffer } {
  assertKey(key);
  const l = encryptBlock(key, Buffer.alloc(BLOCK_SIZE));
  const k1 = doubleBlock(l);
  const k2 = doubleBlock(k1);
  return { k1, k2 };
}

/** AES-128-CMAC of `message` under `key` (RFC 4493 §2.4); returns the full 16-byte tag. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const { k1, k2 } = cmacSubkeys(key);

  // An empty message still counts as one (incomplete) block.
  const blockCount = Math.max(1, Math.ceil(message.length / BLOCK_SIZE));
  const lastIsComplete = message.length > 0 && message.length % BLOCK_SIZE === 0;

  const lastStart = (blockCount - 1) * BLOCK_SIZE;
  const lastBlock = message.subarray(lastStart);
  let mLast: Buffer;
  if (lastIsComplete) {
    mLast = xor(lastBlock, k1);
  } else {
    // Incomplete (or empty) final block: pad with 10...0 and use K2 instead,
    // which keeps padded and unpadded messages from colliding.
    const padded = Buffer.alloc(BLOCK_SIZE);
    lastBlock.copy(padded);
    padded[lastBlock.length] = 0x80;
    mLast = xor(padded, k2);
  }

  let x: Buffer = Buffer.alloc(BLOCK_SIZE);
  for (let i = 0; i < blockCount - 1; i++) {
    x = encryptBlock(key, xor(x, message.subarray(i * BLOCK_SIZE, (i + 1) * BLOCK_SIZE)));
  }
  return encryptBlock(key, xor(x, mLast));
}
