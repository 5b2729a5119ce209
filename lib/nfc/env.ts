import "server-only";
import { z } from "zod";
import { defineSettings, settingsReader, unset } from "@/lib/env";
import { parseKek } from "@/lib/nfc/kek";

// Secure tags' key-encryption key (docs/secure-tags.md).
export const nfcSettings = defineSettings({
  schema: {
    // Secure tags' key-encryption key (docs/secure-tags.md): parsed into its 32 bytes.
    TAG_KEY_ENCRYPTION_KEY: z.preprocess(
      unset,
      z
        .string()
        .transform((value, context) => {
          const key = parseKek(value);
          if (!key)
            context.addIssue({ code: "custom", message: "must be 32 bytes, written as 64 hex digits or base64" });
          return key ?? Buffer.alloc(0);
        })
        .optional(),
    ),
  },
});

/** This process's values of the settings above. */
export const nfcEnv = settingsReader(nfcSettings);
