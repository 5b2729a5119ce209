import "server-only";
import { defineSettings, settingsReader, text } from "@/lib/env";

// The business wizard's place search.
export const businessSettings = defineSettings({
  schema: {
    /** Read in the browser by the business wizard (inlined by Next.js at build time); listed for the start-up check. */
    NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: text(),
  },
});

/** This process's values of the settings above. */
export const businessEnv = settingsReader(businessSettings);
