import "server-only";
import { z } from "zod";
import { defineSettings, flag, settingsReader, text, unset, url, wholeNumber, withDefault } from "@/lib/env";

// The database connection (docs/operations.md).
export const dbSettings = defineSettings({
  schema: {
    // Database (lib/db). npm start provides DATABASE_URL (the embedded PGlite when unset).
    DATABASE_URL: url(["postgresql:", "postgres:"], "postgresql://user:password@host:5432/loyaltap"),
    DATABASE_POOL_MAX: withDefault(wholeNumber(1), 10),
    DATABASE_IDLE_TIMEOUT_MS: withDefault(wholeNumber(1), 10_000),
    /** Set by npm start on the embedded database: no prepared statements (lib/db/sql.ts). */
    LOYALTAP_EMBEDDED_DATABASE: flag(),
    LOYALTAP_DATA_DIR: text(),
    LOYALTAP_DB_PORT: wholeNumber(0, 65_535),
    /** The migrations this build expects, recorded by next.config.ts at build time (lib/db/health.ts). */
    LOYALTAP_MIGRATIONS: z
      .preprocess(unset, z.string().optional())
      .transform((value) => value?.split(",").filter(Boolean)),
  },
});

/** This process's values of the settings above. */
export const dbEnv = settingsReader(dbSettings);
