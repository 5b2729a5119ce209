import "server-only";
import { createECDH } from "node:crypto";
import { z } from "zod";
import { defineSettings, loopbackOrigins, settingsReader, unset, url } from "@/lib/env";
import { isVapidPrivateKey, isVapidPublicKey } from "@/lib/push/keys";

/**
 * The VAPID keys work as a pair: one without the other, or a public key that
 * is not the private key's, would only show up as every push refused.
 */
export function vapidProblems(publicKey: string | undefined, privateKey: string | undefined): string[] {
  if (!publicKey && !privateKey) return [];
  if (!publicKey || !privateKey)
    return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (web push is off without both)"];
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    if (ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"))) return [];
    return ["VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (generate them together)"];
  } catch {
    return ["VAPID_PRIVATE_KEY is not a valid P-256 private key"];
  }
}

export const pushSettings = defineSettings({
  schema: {
    // Web push (docs/notifications-push.md): both keys set turn it on; without them
    // the wallet offers no opt-in and push jobs do nothing.
    /** `npx web-push generate-vapid-keys` prints the pair: the public key browsers subscribe with. */
    VAPID_PUBLIC_KEY: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine(isVapidPublicKey, "must be the public key `npx web-push generate-vapid-keys` prints (URL-safe base64)")
        .optional(),
    ),
    /** Signs every push request (VAPID); a secret like AUTH_SECRET. */
    VAPID_PRIVATE_KEY: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine(
          isVapidPrivateKey,
          "must be the private key `npx web-push generate-vapid-keys` prints (URL-safe base64)",
        )
        .optional(),
    ),
    /** Who push services may contact about our pushes; default: mailto: the address of MAIL_FROM. */
    VAPID_SUBJECT: url(["mailto:", "https:"], "mailto:push@loyaltap.example"),
    /**
     * Tests only: loopback origins accepted as push endpoints besides the browsers' push services
     * (the stand-in push service). Refused by a public production start (https site URL); the
     * end-to-end suite's local production build uses it.
     */
    LOYALTAP_TEST_PUSH_ORIGINS: loopbackOrigins("http://127.0.0.1:4010"),
  },
  check: (values) =>
    vapidProblems(values.VAPID_PUBLIC_KEY as string | undefined, values.VAPID_PRIVATE_KEY as string | undefined),
});

/** This process's values of the settings above. */
export const pushEnv = settingsReader(pushSettings);
