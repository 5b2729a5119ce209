// The job queue (pg-boss in the app's own PostgreSQL, docs/jobs.md) with real
// processes: jobs are queued in the transaction that made the change, every
// job is delivered once however many workers run, a failing handler is
// retried with backoff until the queue gives up, a job whose completion is cut
// off by a lost connection is tried again at once, and a job whose worker
// was killed mid-way is handed to another worker and delivered once.
//
// The worker tests use queues of their own (test.*, short delays); the
// product's queues are left to the product's handlers.

import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { PgBoss, Queue } from "pg-boss";
import { db } from "@/lib/db";
import { inTransaction, queryRows } from "@/lib/db/sql";
import { issueReward } from "@/lib/db/visits";
import { recordVisit } from "@/lib/tap/record-visit";
import { createBoss, getBoss, JOB_SCHEMA } from "@/lib/jobs/boss";
import { announceCardChange } from "@/lib/jobs/events";
import { workQueue } from "@/lib/jobs/worker";
import { createBusiness, createUser, earnReward, stampsProgram, uid } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";

const EARNED = ["mail.reward-earned", "push.reward-earned"];
const day = (n: number) => new Date(Date.UTC(2030, 4, n, 10));

afterAll(() => db.$disconnect());

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A queue of this test's own, with its retry policy. */
async function testQueue(policy: Omit<Queue, "name">): Promise<string> {
  const name = `test.${uid()}`;
  await (await getBoss()).createQueue(name, policy);
  return name;
}

const statesOf = (queue: string) =>
  queryRows<{ id: string; state: string; retryCount: number; output: { message?: string } | null }>(
    `SELECT id::text, state::text, retry_count AS "retryCount", output FROM ${JOB_SCHEMA}.job WHERE name = $1::text`,
    [queue],
  );

describe("jobs a visit queues", () => {
  it("a tap that earns a reward queues one mail and one push job for it", async () => {
    const { reward, customer, business } = await earnReward({ dayAt: day });
    const jobs = await jobsWhere(EARNED, "userId", [customer.user.id]);
    // The first visit earned nothing and queued nothing; the second, one job per channel.
    expect(jobs.map((job) => [job.name, job.state]).sort()).toEqual([
      ["mail.reward-earned", "created"],
      ["push.reward-earned", "created"],
    ]);
    for (const job of jobs)
      expect(job.data).toEqual({ rewardId: reward.id, userId: customer.user.id, businessId: business.id });
  });

  it("are invisible to the workers until the visit commits", async () => {
    const { customer, business } = await earnReward({ dayAt: day });
    const program = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
    const membership = await db.membership.findFirstOrThrow({ where: { userId: customer.user.id } });
    let seenInside: unknown[] = [];
    const issued = await inTransaction(async (tx) => {
      const reward = await issueReward(
        tx,
        program,
        { userId: customer.user.id, membershipId: membership.id, tapId: null, now: day(3) },
        announceCardChange,
      );
      // Another connection, as a worker's: nothing to take yet.
      seenInside = await jobsWhere(EARNED, "rewardId", [reward.id]);
      return reward;
    });
    expect(seenInside).toEqual([]);
    expect(await jobsWhere(EARNED, "rewardId", [issued.id])).toHaveLength(2);
  });

  it("a visit that rolls back after issuing its reward queues nothing", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(2)] });
    const { user } = await createUser();
    const visit = (n: number, key?: string) =>
      recordVisit({
        userId: user.id,
        businessId: business.id,
        tagId: tag.id,
        source: "TAG",
        now: day(n),
        ...(key ? { idempotency: { key, answer: () => ({ httpStatus: 200, body: {} }) } } : {}),
      });
    expect(await visit(1)).toMatchObject({ ok: true });
    // The key is already taken (a concurrent request committed first): the
    // visit issues its reward, then finds the key taken and rolls everything back.
    const key = `k-${uid()}`;
    await db.tapIdempotencyKey.create({
      data: { userId: user.id, key, status: 200, body: {}, createdAt: day(2) },
    });
    expect(await visit(2, key)).toEqual({ ok: false, reason: "duplicate_request" });
    expect(await db.reward.count({ where: { userId: user.id } })).toBe(0);
    expect(await jobsWhere(EARNED, "userId", [user.id])).toEqual([]);

    // The same visit without the clash earns the reward and queues its jobs.
    expect(await visit(2)).toMatchObject({ ok: true, rewards: [expect.anything()] });
    expect(await jobsWhere(EARNED, "userId", [user.id])).toHaveLength(2);
  });

  it("the same event sent twice is one job", async () => {
    const { reward, customer, business } = await earnReward({ dayAt: day });
    const { rewardIssued } = await import("@/lib/jobs/events");
    await inTransaction((tx) => rewardIssued(tx, { id: reward.id, userId: customer.user.id, businessId: business.id }));
    expect(await jobsWhere(EARNED, "rewardId", [reward.id])).toHaveLength(2);
  });
});

describe("workers", () => {
  const bosses: PgBoss[] = [];
  async function startedBoss(): Promise<PgBoss> {
    const boss = createBoss("worker");
    bosses.push(boss);
    await boss.start();
    return boss;
  }
  afterEach(async () => {
    await Promise.all(bosses.splice(0).map((boss) => boss.stop({ graceful: false, timeout: 5000 })));
  });

  it("two workers on one queue deliver every job exactly once between them, back to back", async () => {
    const queue = await testQueue({ retryLimit: 2, retryDelay: 1, expireInSeconds: 60 });
    const deliveries: { worker: string; id: string }[] = [];
    for (const worker of ["a", "b"]) {
      // The product's polling interval (JOB_POLL_SECONDS' default).
      await workQueue(await startedBoss(), queue, async (_data, job) => {
        deliveries.push({ worker, id: job.id });
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    const producer = await getBoss();
    await producer.insert(
      queue,
      Array.from({ length: 60 }, (_, n) => ({ data: { n } })),
    );

    // 60 jobs of 50 ms: a few seconds between two workers that take the next job
    // as soon as one is done (one job per 2 s polling interval would take a minute).
    const states = await waitFor(
      () => statesOf(queue),
      (rows) => rows.length === 60 && rows.every((row) => row.state === "completed"),
      15_000,
    );
    expect(deliveries).toHaveLength(60);
    expect(new Set(deliveries.map((d) => d.id))).toEqual(new Set(states.map((row) => row.id)));
    // Both took part: the jobs were shared, not merely worked by one.
    expect(new Set(deliveries.map((d) => d.worker))).toEqual(new Set(["a", "b"]));
  }, 60_000);

  it("a handler that keeps failing is retried with growing delays, then the job is failed", async () => {
    const queue = await testQueue({ retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 });
    const tries: { at: number; retryCount: number }[] = [];
    const logged = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await workQueue(
        await startedBoss(),
        queue,
        async (_data, job) => {
          tries.push({ at: Date.now(), retryCount: job.retryCount });
          throw new Error("mail server said no");
        },
        0.5,
      );
      const id = await (await getBoss()).send(queue, {});
      const [failed] = await waitFor(
        () => statesOf(queue),
        (rows) => rows[0]?.state === "failed",
        30_000,
      );
      // One try and retryLimit (2) retries, each told which retry it is.
      expect(tries.map((t) => t.retryCount)).toEqual([0, 1, 2]);
      expect(failed).toMatchObject({ id, state: "failed", retryCount: 2, output: { message: "mail server said no" } });
      // Backoff: the first retry waits retryDelay (1 s) to twice that, the second 2 s to 4 s.
      const [first, second] = [tries[1]!.at - tries[0]!.at, tries[2]!.at - tries[1]!.at];
      expect(first).toBeGreaterThanOrEqual(1000);
      expect(second).toBeGreaterThanOrEqual(2000);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`Job ${queue} ${id} failed: mail server said no`));
    } finally {
      logged.mockRestore();
    }
  }, 60_000);

  it("a job whose completion is cut off by a lost connection is tried again at once, not left active until it expires", async () => {
    // pg-boss 10 ran the completion without awaiting it: the lost connection was an unhandled
    // rejection and the job stayed active until it expired (60 s here), which the app guarded
    // against. pg-boss 12 awaits it and, when it fails, fails the try: the job is retried after
    // its retryDelay (1 s), and the handler, idempotent like every handler here, runs again.
    const queue = await testQueue({ retryLimit: 2, retryDelay: 1, expireInSeconds: 60 });
    let finish = () => {};
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const tries: number[] = [];
    await workQueue(
      await startedBoss(),
      queue,
      async (_data, job) => {
        tries.push(job.retryCount);
        if (job.retryCount === 0) await finishing;
      },
      0.5,
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const id = await (await getBoss()).send(queue, {});
      await waitFor(
        async () => tries.length,
        (count) => count === 1,
        10_000,
      );
      await inTransaction(async (tx) => {
        // The job's row locked by this transaction: the worker's completion waits on it.
        await tx.query(`SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1::text AND id = $2::uuid FOR UPDATE`, [
          queue,
          id,
        ]);
        const [locker] = await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
        finish();
        const [completion] = await waitFor(
          () =>
            queryRows<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity WHERE pg_blocking_pids(pid) @> ARRAY[$1::int] AND query LIKE '%SET completed_on = %'`,
              [locker!.pid],
            ),
          (rows) => rows.length === 1,
          10_000,
        );
        // The connection dies in the middle of recording the outcome.
        await queryRows(`SELECT pg_terminate_backend($1::int)`, [completion!.pid]);
      });
      const cutOff = Date.now();
      const [done] = await waitFor(
        () => statesOf(queue),
        (rows) => rows[0]?.state === "completed",
        20_000,
      );
      // Worked again after the retry delay, long before the job's 60 s would have run out.
      expect(Date.now() - cutOff).toBeLessThan(15_000);
      expect(done).toMatchObject({ id, state: "completed", retryCount: 1 });
      expect(tries).toEqual([0, 1]);
      // The lost connection did not escape as an unhandled rejection (which ends a Node process).
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  }, 60_000);
});

describe("a worker process killed mid-job", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  /** `npm run worker`'s way of starting (node with tsx, the react-server condition), on a test queue. */
  function startWorkerProcess(queue: string, holdMs: number) {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/support/job-worker-process.ts"],
      {
        env: {
          ...process.env,
          JOB_TEST_QUEUE: queue,
          JOB_TEST_HOLD_MS: String(holdMs),
          // Lost jobs are looked for every second.
          JOB_MAINTENANCE_SECONDS: "1",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    children.push(child);
    const events: { event: string; id?: string; retryCount?: number }[] = [];
    const waiters: (() => void)[] = [];
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        events.push(JSON.parse(line));
      } catch {
        return; // not one of the script's lines
      }
      waiters.splice(0).forEach((wake) => wake());
    });
    const next = (event: string, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${event}" from the worker process`)), timeoutMs);
        const check = () => {
          if (events.some((e) => e.event === event)) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    return { child, events, next };
  }

  it("hands the job to the next worker once its time is up, and it is delivered once", async () => {
    // Taken as lost 2 s after it started; retried at once.
    const queue = await testQueue({ retryLimit: 3, retryDelay: 0, expireInSeconds: 2 });
    await (await getBoss()).insert(queue, [{ data: {} }]);

    const first = startWorkerProcess(queue, 60_000);
    await first.next("started", 30_000);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const [held] = await statesOf(queue);
    expect(held).toMatchObject({ state: "active", retryCount: 0 });

    const second = startWorkerProcess(queue, 0);
    await second.next("done", 30_000);
    const [done] = await waitFor(
      () => statesOf(queue),
      (rows) => rows[0]?.state === "completed",
      10_000,
    );
    expect(done).toMatchObject({ id: held!.id, state: "completed", retryCount: 1 });
    expect(first.events.filter((e) => e.event === "done")).toEqual([]);
    expect(second.events.filter((e) => e.event === "started")).toEqual([
      { event: "started", id: held!.id, retryCount: 1 },
    ]);
    expect(second.events.filter((e) => e.event === "done")).toEqual([{ event: "done", id: held!.id }]);
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  }, 90_000);
});
