// Runs once when the server starts, before the first request: the whole
// configuration is checked (lib/env-check.ts), so a missing or malformed variable
// stops the process with a message naming it instead of failing requests.
// Next.js only logs an error thrown here and serves on, so the check exits.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { EnvError, validateEnv } = await import("@/lib/env-check");
  try {
    validateEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`Refusing to start. ${error.message}`);
    process.exit(1);
  }
  // The job queue's worker runs inside the server unless JOB_WORKER=off (then
  // `npm run worker` processes do the work; docs/jobs.md). A database that is
  // not reachable yet does not stop the server: the queue is tried again on
  // the first job sent.
  const [{ jobsEnv }, { dbEnv }] = await Promise.all([import("@/lib/jobs/env"), import("@/lib/db/env")]);
  if (jobsEnv.JOB_WORKER === "in-process" && dbEnv.DATABASE_URL) {
    const { startWorker } = await import("@/lib/jobs/worker");
    await startWorker().catch((error: unknown) => {
      console.error(`The job worker did not start: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
