import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { parseEnv } from "@/lib/env-check";
import { appleTestCredentials, TEST_PASS_TYPE_ID } from "../support/apple-wallet-certs";
import { envProblems } from "../support/env-problems";

// Apple Wallet's settings (lib/wallet/apple/env.ts, lib/wallet/apple/keys.ts): the seven go
// together, the PEM blocks may be written on one line with "\n" escapes, the
// signer key must be its certificate's, the certificate must be the Pass Type
// ID's, and no message repeats a value (several are secrets).

const credentials = appleTestCredentials();
const apple = credentials.env();
const oneLine = (pem: string) => JSON.stringify(pem).slice(1, -1);

test("off by default, with Apple's push service as the default", () => {
  const config = parseEnv({});
  expect(config.APPLE_PASS_TYPE_ID).toBeUndefined();
  expect(config.APPLE_APNS_URL).toBe("https://api.push.apple.com");
});

test("all seven set: on; PEM blocks may be written on one line with \\n escapes", () => {
  const config = parseEnv({
    ...apple,
    APPLE_PASS_CERTIFICATE: oneLine(credentials.signerCertPem),
    APPLE_PASS_PRIVATE_KEY: oneLine(credentials.signerKeyPem),
    APPLE_APNS_PRIVATE_KEY: oneLine(credentials.apnsKeyPem),
  });
  expect(config.APPLE_PASS_TYPE_ID).toBe(TEST_PASS_TYPE_ID);
  expect(config.APPLE_PASS_CERTIFICATE).toBe(credentials.signerCertPem.trim());
  expect(config.APPLE_PASS_PRIVATE_KEY).toBe(credentials.signerKeyPem.trim());
  expect(config.APPLE_APNS_PRIVATE_KEY).toBe(credentials.apnsKeyPem.trim());
  expect(envProblems(apple)).toEqual([]);
});

test("some without the others is refused at start-up, naming what is missing", () => {
  const problems = envProblems({ APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID, APPLE_TEAM_ID: "TEAM123456" });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^APPLE_PASS_CERTIFICATE, APPLE_PASS_PRIVATE_KEY, APPLE_WWDR_CERTIFICATE, APPLE_APNS_KEY_ID, APPLE_APNS_PRIVATE_KEY must be set too: Apple Wallet needs all of/,
  );
  expect(envProblems({ ...apple, APPLE_APNS_PRIVATE_KEY: "" })).toHaveLength(1);
});

test("a signer key that is not the certificate's, or a certificate of another Pass Type ID, stops the start", () => {
  const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  expect(envProblems({ ...apple, APPLE_PASS_PRIVATE_KEY: otherKey })).toEqual([
    "APPLE_PASS_PRIVATE_KEY is not the private key of APPLE_PASS_CERTIFICATE (export them together)",
  ]);
  expect(envProblems({ ...apple, APPLE_PASS_TYPE_ID: "pass.example.someone.else" })).toEqual([
    "APPLE_PASS_CERTIFICATE is the certificate of another Pass Type ID than APPLE_PASS_TYPE_ID",
  ]);
});

test("an encrypted signer key needs its passphrase, and the right one", () => {
  const encrypted = createPrivateKey(credentials.signerKeyPem)
    .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "correct horse" })
    .toString();
  expect(encrypted).toContain("ENCRYPTED PRIVATE KEY");
  expect(
    envProblems({ ...apple, APPLE_PASS_PRIVATE_KEY: encrypted, APPLE_PASS_PRIVATE_KEY_PASSPHRASE: "correct horse" }),
  ).toEqual([]);
  for (const passphrase of [undefined, "wrong"])
    expect(
      envProblems({ ...apple, APPLE_PASS_PRIVATE_KEY: encrypted, APPLE_PASS_PRIVATE_KEY_PASSPHRASE: passphrase }),
    ).toEqual([
      "APPLE_PASS_PRIVATE_KEY cannot be read (an encrypted key needs APPLE_PASS_PRIVATE_KEY_PASSPHRASE, and the right one)",
    ]);
});

test("a malformed value is refused without repeating it", () => {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" });
  const cases: Record<string, string> = {
    APPLE_PASS_TYPE_ID: "com.example.loyalty",
    APPLE_TEAM_ID: "team-1",
    APPLE_PASS_CERTIFICATE: credentials.signerKeyPem,
    APPLE_PASS_PRIVATE_KEY: credentials.signerCertPem,
    APPLE_WWDR_CERTIFICATE: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
    APPLE_APNS_KEY_ID: "short",
    APPLE_APNS_PRIVATE_KEY: rsa.toString(),
  };
  for (const [name, value] of Object.entries(cases)) {
    const problems = envProblems({ ...apple, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} must be`));
    expect(problems[0]).not.toContain(value.slice(0, 40));
  }
  expect(envProblems({ APPLE_APNS_URL: "push.apple.com" })[0]).toMatch(/^APPLE_APNS_URL must be a URL/);
});
