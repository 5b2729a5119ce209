import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Apple Wallet credentials made by the tests themselves with openssl: a test
// CA stands in for Apple's root, a "WWDR" intermediate it signs, and the Pass
// Type ID certificate the intermediate signs (its subject's UID is the Pass
// Type ID, as in Apple's). The APNs auth key is an EC P-256 key like a .p8.
// A pass signed with them verifies with `openssl smime -verify -CAfile ca.pem`.

export const TEST_PASS_TYPE_ID = "pass.example.loyaltap.test";
export const TEST_TEAM_ID = "TEAM123456";
export const TEST_APNS_KEY_ID = "KEY1234567";

export type AppleTestCredentials = {
  dir: string;
  /** The test root CA's certificate (the trust anchor of `openssl smime -verify`). */
  caPem: string;
  caFile: string;
  wwdrPem: string;
  signerCertPem: string;
  signerKeyPem: string;
  apnsKeyPem: string;
  /** The environment that turns Apple Wallet on with these credentials (APNs at `apnsUrl`). */
  env(apnsUrl?: string): Record<string, string>;
};

let cached: AppleTestCredentials | null = null;

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
}

/** The credentials, made once per process (openssl takes a moment). */
export function appleTestCredentials(): AppleTestCredentials {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(tmpdir(), "loyaltap-apple-"));
  writeFileSync(path.join(dir, "ca.ext"), "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n");
  writeFileSync(
    path.join(dir, "signer.ext"),
    "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning,emailProtection\n",
  );
  openssl(dir, [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "3650",
    "-subj",
    "/CN=Loyaltap Test Root CA/O=Loyaltap Tests",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(dir, [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "wwdr.key",
    "-out",
    "wwdr.csr",
    "-subj",
    "/CN=Loyaltap Test WWDR/OU=G4/O=Loyaltap Tests",
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "wwdr.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "wwdr.pem",
    "-days",
    "3650",
    "-extfile",
    "ca.ext",
  ]);
  openssl(dir, [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "signer.key",
    "-out",
    "signer.csr",
    "-subj",
    `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Loyaltap Tests`,
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "signer.csr",
    "-CA",
    "wwdr.pem",
    "-CAkey",
    "wwdr.key",
    "-CAcreateserial",
    "-out",
    "signer.pem",
    "-days",
    "3650",
    "-extfile",
    "signer.ext",
  ]);
  const read = (name: string) => readFileSync(path.join(dir, name), "utf8");
  const apnsKeyPem = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  const credentials: AppleTestCredentials = {
    dir,
    caPem: read("ca.pem"),
    caFile: path.join(dir, "ca.pem"),
    wwdrPem: read("wwdr.pem"),
    signerCertPem: read("signer.pem"),
    signerKeyPem: read("signer.key"),
    apnsKeyPem,
    env: (apnsUrl) => ({
      APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_TEAM_ID: TEST_TEAM_ID,
      APPLE_PASS_CERTIFICATE: credentials.signerCertPem,
      APPLE_PASS_PRIVATE_KEY: credentials.signerKeyPem,
      APPLE_WWDR_CERTIFICATE: credentials.wwdrPem,
      APPLE_APNS_KEY_ID: TEST_APNS_KEY_ID,
      APPLE_APNS_PRIVATE_KEY: apnsKeyPem,
      ...(apnsUrl ? { APPLE_APNS_URL: apnsUrl } : {}),
    }),
  };
  cached = credentials;
  return credentials;
}
