import "server-only";
import { defineSettings, loopbackOrigins, settingsReader } from "@/lib/env";

// Webhooks' settings (docs/webhooks.md, "The test switch").
export const webhookSettings = defineSettings({
  schema: {
    /**
     * Tests only: loopback origins (http or https, e.g. http://127.0.0.1:4590) an endpoint
     * may point at, where the stand-in receivers listen. Any other origin is refused here;
     * a public production start refuses the variable itself (server/production-checks.mjs).
     */
    LOYALTAP_TEST_WEBHOOK_ORIGINS: loopbackOrigins("http://127.0.0.1:4590"),
  },
});

/** This process's values of the settings above. */
export const webhookEnv = settingsReader(webhookSettings);
