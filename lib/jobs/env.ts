import "server-only";
import { z } from "zod";
import { defineSettings, settingsReader, unset, wholeNumber, withDefault } from "@/lib/env";

// The job queue's workers (docs/jobs.md).
export const jobsSettings = defineSettings({
  schema: {
    // Background jobs (docs/jobs.md): a queue in the app's database.
    /** "in-process" (default): the app server also works the queue; "off": only `npm run worker` processes do. */
    JOB_WORKER: withDefault(
      z.preprocess(unset, z.enum(["in-process", "off"], { error: 'must be "in-process" or "off"' }).optional()),
      "in-process",
    ),
    /** How often an idle worker looks for new jobs, in seconds. */
    JOB_POLL_SECONDS: withDefault(wholeNumber(1, 60), 2),
    /** How often a worker expires lost jobs and runs retention, in seconds. */
    JOB_MAINTENANCE_SECONDS: withDefault(wholeNumber(1, 3600), 60),
    /** Connections of the queue's own pool, per process. */
    JOB_POOL_MAX: withDefault(wholeNumber(1), 3),
  },
});

/** This process's values of the settings above. */
export const jobsEnv = settingsReader(jobsSettings);
