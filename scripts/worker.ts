// npm run worker: works the job queue in a process of its own, for
// deployments that run the app servers with JOB_WORKER=off (docs/jobs.md).
// Any number may run beside each other and beside in-process workers.
import "./require-node.mjs";
import "./load-env.mjs";
import { startWorker } from "@/lib/jobs/worker";

async function main() {
  const worker = await startWorker();
  console.info("Job worker started");
  const stop = async (signal: string) => {
    console.info(`Job worker stopping (${signal}): running jobs finish or are handed back`);
    await worker.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(`The job worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
