import "server-only";
import { z } from "zod";
import { defineSettings, settingsReader, unset, url, withDefault } from "@/lib/env";
import { isIssuerId, isServiceAccountEmail, normalisePrivateKeyPem, rsaPrivateKeyOf } from "@/lib/wallet/google/keys";

const GOOGLE_WALLET_ISSUER = [
  "GOOGLE_WALLET_ISSUER_ID",
  "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL",
  "GOOGLE_WALLET_PRIVATE_KEY",
] as const;

/**
 * Google Wallet is on with all three of the issuer's settings and off with
 * none: some without the others would only show up as every save link and
 * every update refused by Google.
 */
export function googleWalletProblems(values: Partial<Record<string, unknown>>): string[] {
  const set = GOOGLE_WALLET_ISSUER.filter((name) => values[name] !== undefined);
  if (set.length === 0 || set.length === GOOGLE_WALLET_ISSUER.length) return [];
  const missing = GOOGLE_WALLET_ISSUER.filter((name) => values[name] === undefined);
  return [
    `${missing.join(" and ")} must be set too: Google Wallet needs all of ${GOOGLE_WALLET_ISSUER.join(", ")} (or none)`,
  ];
}

export const googleWalletSettings = defineSettings({
  schema: {
    // Google Wallet (docs/wallet.md): the three of the issuer set together turn it on; without
    // them the wallet shows no "Add to Google Wallet" button and nothing is queued.
    /** The issuer id of Google's Pay & Wallet Console (digits). */
    GOOGLE_WALLET_ISSUER_ID: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine(isIssuerId, "must be the issuer id of the Google Pay & Wallet Console (digits)")
        .optional(),
    ),
    /** The service account that signs the save links and calls the API: the JSON key's "client_email". */
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine(isServiceAccountEmail, "must be the service account's address (the JSON key's \"client_email\")")
        .optional(),
    ),
    /** The service account's RSA private key (the JSON key's "private_key", PEM; "\n" escapes allowed); a secret. */
    GOOGLE_WALLET_PRIVATE_KEY: z.preprocess(
      unset,
      z
        .string()
        .refine(
          (value) => rsaPrivateKeyOf(value) !== null,
          'must be the PEM RSA private key of the service account\'s JSON key ("private_key")',
        )
        .transform(normalisePrivateKeyPem)
        .optional(),
    ),
    /** Where the Google Wallet REST API is (tests point it at a stand-in on loopback). */
    GOOGLE_WALLET_API_URL: withDefault(
      url(["https:", "http:"], "https://walletobjects.googleapis.com/walletobjects/v1"),
      "https://walletobjects.googleapis.com/walletobjects/v1",
    ),
    /** Google's OAuth token endpoint, where the service account trades its signed assertion for an access token. */
    GOOGLE_WALLET_TOKEN_URL: withDefault(
      url(["https:", "http:"], "https://oauth2.googleapis.com/token"),
      "https://oauth2.googleapis.com/token",
    ),
  },
  check: googleWalletProblems,
});

/** This process's values of the settings above. */
export const googleWalletEnv = settingsReader(googleWalletSettings);
