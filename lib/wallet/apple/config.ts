import "server-only";
import { appleWalletEnv } from "@/lib/wallet/apple/env";

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  /** The signer: the Pass Type ID certificate and its key (a secret: never logged, never sent anywhere). */
  signerCertPem: string;
  signerKeyPem: string;
  signerKeyPassphrase: string | undefined;
  wwdrPem: string;
  apns: {
    keyId: string;
    /** The .p8 auth key, PEM; a secret. */
    keyPem: string;
    /** APNs' origin, without a trailing slash. */
    url: string;
  };
};

/**
 * Apple Wallet's settings, or null when it is off (its settings unset;
 * env.ts refuses some without the others). Off: the wallet and the tap result
 * show no button, the pass routes answer 404, and nothing is queued.
 */
export function appleWalletConfig(): AppleWalletConfig | null {
  const passTypeId = appleWalletEnv.APPLE_PASS_TYPE_ID;
  const teamId = appleWalletEnv.APPLE_TEAM_ID;
  const signerCertPem = appleWalletEnv.APPLE_PASS_CERTIFICATE;
  const signerKeyPem = appleWalletEnv.APPLE_PASS_PRIVATE_KEY;
  const wwdrPem = appleWalletEnv.APPLE_WWDR_CERTIFICATE;
  const keyId = appleWalletEnv.APPLE_APNS_KEY_ID;
  const keyPem = appleWalletEnv.APPLE_APNS_PRIVATE_KEY;
  if (!passTypeId || !teamId || !signerCertPem || !signerKeyPem || !wwdrPem || !keyId || !keyPem) return null;
  return {
    passTypeId,
    teamId,
    signerCertPem,
    signerKeyPem,
    signerKeyPassphrase: appleWalletEnv.APPLE_PASS_PRIVATE_KEY_PASSPHRASE,
    wwdrPem,
    apns: { keyId, keyPem, url: appleWalletEnv.APPLE_APNS_URL.replace(/\/+$/, "") },
  };
}
