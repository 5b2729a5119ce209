// A worker process as `npm run worker` starts one (scripts/worker.ts: the
// process's queue started as the worker, with maintenance), working one test
// queue instead of the product's. It prints a line when it starts a job and
// when it finishes one, and holds each job JOB_TEST_HOLD_MS first, so a test
// can kill it mid-job. Run: node --conditions=react-server --import tsx <this file>.
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { workQueue } from "@/lib/jobs/worker";

async function main() {
  const queue = process.env.JOB_TEST_QUEUE;
  if (!queue) throw new Error("JOB_TEST_QUEUE is not set");
  const holdMs = Number(process.env.JOB_TEST_HOLD_MS ?? 0);
  const boss = await getBoss("worker");
  await workQueue(
    boss,
    queue,
    async (_data, job) => {
      console.log(JSON.stringify({ event: "started", id: job.id, retryCount: job.retryCount }));
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      console.log(JSON.stringify({ event: "done", id: job.id }));
    },
    0.5,
  );
  console.log(JSON.stringify({ event: "ready" }));
  process.once("SIGTERM", () => void stopBoss().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
