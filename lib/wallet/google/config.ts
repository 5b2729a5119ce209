import "server-only";
import { googleWalletEnv } from "@/lib/wallet/google/env";

export type GoogleWalletConfig = {
  issuerId: string;
  serviceAccountEmail: string;
  /** PEM of the service account's RSA key; a secret: never logged, never sent anywhere. */
  privateKeyPem: string;
  /** The REST API's base, without a trailing slash. */
  apiUrl: string;
  tokenUrl: string;
};

/**
 * Google Wallet's settings, or null when it is off (the issuer's three
 * settings unset; env.ts refuses some without the others). Off: the wallet
 * shows no button, the save route answers 404, and nothing is queued.
 */
export function googleWalletConfig(): GoogleWalletConfig | null {
  const issuerId = googleWalletEnv.GOOGLE_WALLET_ISSUER_ID;
  const serviceAccountEmail = googleWalletEnv.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL;
  const privateKeyPem = googleWalletEnv.GOOGLE_WALLET_PRIVATE_KEY;
  if (!issuerId || !serviceAccountEmail || !privateKeyPem) return null;
  return {
    issuerId,
    serviceAccountEmail,
    privateKeyPem,
    apiUrl: googleWalletEnv.GOOGLE_WALLET_API_URL.replace(/\/+$/, ""),
    tokenUrl: googleWalletEnv.GOOGLE_WALLET_TOKEN_URL,
  };
}
