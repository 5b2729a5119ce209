import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { tagKeyEncryptionKey } from "@/lib/nfc/keys";

// An endpoint's signing secret at rest (docs/webhooks.md, "Secrets"). Standard
// Webhooks signs with the secret itself, so it cannot be hashed: it is
// encrypted with AES-256-GCM under the same key-encryption key as secure tags'
// keys (TAG_KEY_ENCRYPTION_KEY, or its local fallback; lib/nfc/keys.ts), with
// the endpoint's id as additional data, so a value copied onto another
// endpoint's row does not decrypt there. Stored form: `v1:<iv>:<ciphertext>:<tag>` (base64).

const VERSION = "v1";
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;

const aad = (endpointId: string) => Buffer.from(`webhook-endpoint:${endpointId}`, "utf8");

export function encryptWebhookSecret(endpointId: string, secret: string, kek: Buffer = tagKeyEncryptionKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", kek, iv, { authTagLength: AUTH_TAG_BYTES });
  cipher.setAAD(aad(endpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), ciphertext.toString("base64"), cipher.getAuthTag().toString("base64")].join(
    ":",
  );
}

/** The secret, or null when the stored value is not one this key wrote for this endpoint. */
export function decryptWebhookSecret(
  endpointId: string,
  stored: string,
  kek: Buffer = tagKeyEncryptionKey(),
): string | null {
  const [version, iv, ciphertext, tag] = stored.split(":");
  if (version !== VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", kek, Buffer.from(iv, "base64"), {
      authTagLength: AUTH_TAG_BYTES,
    });
    decipher.setAAD(aad(endpointId));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
