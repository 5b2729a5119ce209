import "server-only";
import { z } from "zod";
import { defineSettings, settingsReader, unset } from "@/lib/env";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

// Webhooks' settings (docs/webhooks.md, "The test switch").
export const webhookSettings = defineSettings({
  schema: {
    /**
     * Tests only: loopback origins (http or https, e.g. http://127.0.0.1:4590) an endpoint
     * may point at, where the stand-in receivers listen. Any other origin is refused here;
     * a public production start refuses the variable itself (server/production-checks.mjs).
     */
    LOYALTAP_TEST_WEBHOOK_ORIGINS: z
      .preprocess(
        unset,
        z
          .string()
          .transform((value, context) => {
            const origins = value
              .split(",")
              .map((item) => item.trim())
              .filter(Boolean)
              .map((item) => {
                try {
                  const parsed = new URL(item);
                  const loopback = ["http:", "https:"].includes(parsed.protocol) && LOOPBACK_HOSTS.has(parsed.hostname);
                  return loopback ? parsed.origin : null;
                } catch {
                  return null;
                }
              });
            if (origins.some((origin) => origin === null))
              context.addIssue({
                code: "custom",
                message: "must be loopback origins separated by commas (e.g. http://127.0.0.1:4590)",
              });
            return origins.filter((origin): origin is string => origin !== null);
          })
          .optional(),
      )
      .transform((value) => value ?? []),
  },
});

/** This process's values of the settings above. */
export const webhookEnv = settingsReader(webhookSettings);
