import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import { normalisePrivateKeyPem } from "@/lib/wallet/google/keys";

// The Apple Wallet credentials as operators paste them into the environment:
// PEM blocks with real line breaks or with two-character "\n" escapes (a .env
// line cannot hold line breaks). Pure: no Next.js, no database.

export { normalisePrivateKeyPem as normalisePem };

/** A Pass Type ID as the Apple Developer portal shows it: "pass." and a reverse-DNS name. */
export function isPassTypeId(value: string): boolean {
  return /^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) && value.length <= 200;
}

/** A Team ID or a key id of the Apple Developer account: ten capital letters and digits. */
export function isAppleId10(value: string): boolean {
  return /^[A-Z0-9]{10}$/.test(value);
}

/** The X.509 certificate of a PEM text, or null when it is not one. */
export function certificateOf(pem: string): X509Certificate | null {
  const text = normalisePrivateKeyPem(pem);
  if (!/-----BEGIN CERTIFICATE-----/.test(text)) return null;
  try {
    return new X509Certificate(text);
  } catch {
    return null;
  }
}

/** Whether the text is a PEM private key block (possibly encrypted: its passphrase is checked with the certificate). */
export function isPrivateKeyPem(pem: string): boolean {
  return /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.test(normalisePrivateKeyPem(pem));
}

/** The private key of a PEM text, or null when it cannot be read (wrong passphrase, garbage). */
export function privateKeyOf(pem: string, passphrase?: string): KeyObject | null {
  try {
    return createPrivateKey({ key: normalisePrivateKeyPem(pem), format: "pem", passphrase });
  } catch {
    return null;
  }
}

/** The APNs auth key (the .p8 file): an EC P-256 private key, or null. */
export function apnsKeyOf(pem: string): KeyObject | null {
  const key = privateKeyOf(pem);
  if (!key || key.asymmetricKeyType !== "ec") return null;
  return key.asymmetricKeyDetails?.namedCurve === "prime256v1" ? key : null;
}

/** The UID of a certificate's subject (Apple's pass certificates carry the Pass Type ID there), if any. */
export function subjectUid(certificate: X509Certificate): string | null {
  const match = /(?:^|\n)UID=([^\n]+)/.exec(certificate.subject);
  return match ? match[1]!.trim() : null;
}

export const APPLE_WALLET_SETTINGS = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERTIFICATE",
  "APPLE_PASS_PRIVATE_KEY",
  "APPLE_WWDR_CERTIFICATE",
  "APPLE_APNS_KEY_ID",
  "APPLE_APNS_PRIVATE_KEY",
] as const;

type AppleValues = Partial<
  Record<(typeof APPLE_WALLET_SETTINGS)[number] | "APPLE_PASS_PRIVATE_KEY_PASSPHRASE", unknown>
>;

/**
 * Apple Wallet is on with all of its settings and off with none. Some without
 * the others, a signer key that is not the certificate's, or a certificate of
 * another Pass Type ID would only show up as passes that Wallet refuses to
 * add, so they stop the start. Messages never repeat a value.
 */
export function appleWalletProblems(values: AppleValues): string[] {
  const set = APPLE_WALLET_SETTINGS.filter((name) => values[name] !== undefined);
  if (set.length === 0) return [];
  if (set.length !== APPLE_WALLET_SETTINGS.length) {
    const missing = APPLE_WALLET_SETTINGS.filter((name) => values[name] === undefined);
    return [
      `${missing.join(", ")} must be set too: Apple Wallet needs all of ${APPLE_WALLET_SETTINGS.join(", ")} (or none)`,
    ];
  }
  const certificate = certificateOf(String(values.APPLE_PASS_CERTIFICATE));
  const passphrase =
    typeof values.APPLE_PASS_PRIVATE_KEY_PASSPHRASE === "string" ? values.APPLE_PASS_PRIVATE_KEY_PASSPHRASE : undefined;
  const key = privateKeyOf(String(values.APPLE_PASS_PRIVATE_KEY), passphrase);
  const problems: string[] = [];
  if (!key)
    problems.push(
      "APPLE_PASS_PRIVATE_KEY cannot be read (an encrypted key needs APPLE_PASS_PRIVATE_KEY_PASSPHRASE, and the right one)",
    );
  else if (certificate && !certificate.checkPrivateKey(key))
    problems.push("APPLE_PASS_PRIVATE_KEY is not the private key of APPLE_PASS_CERTIFICATE (export them together)");
  const uid = certificate ? subjectUid(certificate) : null;
  if (uid && uid !== values.APPLE_PASS_TYPE_ID)
    problems.push("APPLE_PASS_CERTIFICATE is the certificate of another Pass Type ID than APPLE_PASS_TYPE_ID");
  return problems;
}
