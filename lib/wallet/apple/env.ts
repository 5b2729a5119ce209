import "server-only";
import { z } from "zod";
import { defineSettings, settingsReader, text, unset, url, withDefault } from "@/lib/env";
import {
  apnsKeyOf,
  appleWalletProblems,
  certificateOf,
  isAppleId10,
  isPassTypeId,
  isPrivateKeyPem,
  normalisePem,
} from "@/lib/wallet/apple/keys";

export const appleWalletSettings = defineSettings({
  schema: {
    // Apple Wallet (docs/wallet.md): all of the seven below set together turn it on; without
    // them the wallet shows no "Add to Apple Wallet" button and nothing is queued.
    /** The Pass Type ID registered in the Apple Developer account ("pass.com.example.loyalty"). */
    APPLE_PASS_TYPE_ID: z.preprocess(
      unset,
      z.string().trim().refine(isPassTypeId, 'must be a Pass Type ID ("pass." and a reverse-DNS name)').optional(),
    ),
    /** The Team ID of the Apple Developer account (ten capital letters and digits). */
    APPLE_TEAM_ID: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine(isAppleId10, "must be the ten-character Team ID of the Apple Developer account")
        .optional(),
    ),
    /** The Pass Type ID certificate that signs passes, PEM ("\n" escapes allowed). */
    APPLE_PASS_CERTIFICATE: z.preprocess(
      unset,
      z
        .string()
        .refine((value) => certificateOf(value) !== null, "must be the Pass Type ID certificate in PEM")
        .transform(normalisePem)
        .optional(),
    ),
    /** That certificate's private key, PEM; a secret. */
    APPLE_PASS_PRIVATE_KEY: z.preprocess(
      unset,
      z
        .string()
        .refine(isPrivateKeyPem, "must be the private key of the Pass Type ID certificate in PEM")
        .transform(normalisePem)
        .optional(),
    ),
    /** The private key's passphrase, when it is encrypted; a secret. */
    APPLE_PASS_PRIVATE_KEY_PASSPHRASE: text(),
    /** Apple's WWDR intermediate certificate (G4), PEM: passes carry it with their signature. */
    APPLE_WWDR_CERTIFICATE: z.preprocess(
      unset,
      z
        .string()
        .refine((value) => certificateOf(value) !== null, "must be Apple's WWDR certificate in PEM")
        .transform(normalisePem)
        .optional(),
    ),
    /** The id of the APNs auth key that tells devices a pass changed (ten characters). */
    APPLE_APNS_KEY_ID: z.preprocess(
      unset,
      z.string().trim().refine(isAppleId10, "must be the ten-character Key ID of the APNs auth key").optional(),
    ),
    /** The APNs auth key (the .p8 file), PEM; a secret. */
    APPLE_APNS_PRIVATE_KEY: z.preprocess(
      unset,
      z
        .string()
        .refine(
          (value) => apnsKeyOf(value) !== null,
          "must be the APNs auth key (the .p8 file, an EC P-256 key in PEM)",
        )
        .transform(normalisePem)
        .optional(),
    ),
    /** Where APNs is (tests point it at an HTTP/2 stand-in on loopback). */
    APPLE_APNS_URL: withDefault(url(["https:", "http:"], "https://api.push.apple.com"), "https://api.push.apple.com"),
  },
  check: appleWalletProblems,
});

/** This process's values of the settings above. */
export const appleWalletEnv = settingsReader(appleWalletSettings);
