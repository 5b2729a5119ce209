import { generateKeyPairSync } from "node:crypto";
import { parseEnv } from "@/lib/env-check";
import { envProblems } from "../support/env-problems";

// Google Wallet's settings (lib/wallet/google/env.ts): the issuer's three go together, the
// key must be an RSA private key in PEM (as the service account's JSON key
// holds it, "\n" escapes and all), and the endpoints default to Google's.

const problemsOf = envProblems;

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const issuer = {
  GOOGLE_WALLET_ISSUER_ID: "3388000000022212345",
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@loyaltap-project.iam.gserviceaccount.com",
  GOOGLE_WALLET_PRIVATE_KEY: pem,
};

test("off by default, with Google's endpoints as the defaults", () => {
  const config = parseEnv({});
  expect(config.GOOGLE_WALLET_ISSUER_ID).toBeUndefined();
  expect(config.GOOGLE_WALLET_API_URL).toBe("https://walletobjects.googleapis.com/walletobjects/v1");
  expect(config.GOOGLE_WALLET_TOKEN_URL).toBe("https://oauth2.googleapis.com/token");
});

test("all three set: on; the key may be written on one line with \\n escapes, as in the JSON key file", () => {
  const oneLine = JSON.stringify(pem).slice(1, -1);
  expect(oneLine).not.toContain("\n");
  const config = parseEnv({ ...issuer, GOOGLE_WALLET_PRIVATE_KEY: oneLine });
  expect(config.GOOGLE_WALLET_PRIVATE_KEY).toBe(pem.trim());
  expect(config.GOOGLE_WALLET_ISSUER_ID).toBe("3388000000022212345");
});

test("some without the others is refused at start-up, naming what is missing", () => {
  expect(problemsOf({ GOOGLE_WALLET_ISSUER_ID: issuer.GOOGLE_WALLET_ISSUER_ID })).toEqual([
    "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY must be set too: Google Wallet needs all of GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, GOOGLE_WALLET_PRIVATE_KEY (or none)",
  ]);
  expect(problemsOf({ ...issuer, GOOGLE_WALLET_PRIVATE_KEY: "" })).toHaveLength(1);
});

test("a malformed value is refused without repeating it (the key is a secret)", () => {
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" });
  const cases: Record<string, string> = {
    GOOGLE_WALLET_ISSUER_ID: "my-issuer",
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "not an address",
    GOOGLE_WALLET_PRIVATE_KEY: ec.toString(),
  };
  for (const [name, value] of Object.entries(cases)) {
    const problems = problemsOf({ ...issuer, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} must be`));
    expect(problems[0]).not.toContain(value.slice(0, 40));
  }
  expect(
    problemsOf({
      ...issuer,
      GOOGLE_WALLET_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
    }),
  ).toEqual([
    'GOOGLE_WALLET_PRIVATE_KEY must be the PEM RSA private key of the service account\'s JSON key ("private_key")',
  ]);
  expect(problemsOf({ GOOGLE_WALLET_API_URL: "walletobjects" })[0]).toMatch(/^GOOGLE_WALLET_API_URL must be a URL/);
});
