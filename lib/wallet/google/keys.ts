import { createPrivateKey, type KeyObject } from "node:crypto";

// The service account's private key as operators paste it: the PEM block of
// the JSON key file's "private_key", either with real line breaks or with the
// two-character "\n" escapes it has inside that JSON (a .env line cannot hold
// line breaks). Pure: no Next.js, no database.

/** The PEM text with "\n" escapes turned into line breaks and surrounding space removed. */
export function normalisePrivateKeyPem(value: string): string {
  return value.replace(/\\r\\n|\\n/g, "\n").trim();
}

/** The RSA private key of a PEM text, or null when it is not one (another key type, a public key, garbage). */
export function rsaPrivateKeyOf(pem: string): KeyObject | null {
  const text = normalisePrivateKeyPem(pem);
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(text)) return null;
  try {
    const key = createPrivateKey({ key: text, format: "pem" });
    return key.asymmetricKeyType === "rsa" ? key : null;
  } catch {
    return null;
  }
}

/** A Google Wallet issuer id: the digits Google's Pay & Wallet Console shows. */
export function isIssuerId(value: string): boolean {
  return /^\d{6,30}$/.test(value);
}

/** A service account's address: name@project.iam.gserviceaccount.com (any address-shaped text is accepted). */
export function isServiceAccountEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}
