// A database that ran Loyaltap on pg-boss 10 (its schema "pgboss", version
// 24, here from pg-boss 10's own construction plans) upgraded to pg-boss 12
// (docs/jobs.md, "Upgrading from pg-boss 10"): pg-boss 12 refuses to migrate
// that schema in place, so the queue starts in its own schema and the jobs
// still waiting in the old one are moved over, keeping their ids, data, start
// times and the tries they had left, and are then worked.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { PgBoss } from "pg-boss";
import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { getBoss, JOB_SCHEMA } from "@/lib/jobs/boss";
import { movePgBoss10Jobs } from "@/lib/jobs/pg-boss-10";
import { workQueue } from "@/lib/jobs/worker";
import { uid } from "../support/fixtures";

const queue = `test.legacy-${uid()}`;
const later = new Date(Date.now() + 3_600_000);

type Stored = {
  id: string;
  state: string;
  data: { n: number };
  startAfter: Date;
  retryLimit: number;
  retryCount: number;
};
const stored = (schema: string) =>
  queryRows<Stored>(
    `SELECT id::text, state::text, data, start_after AS "startAfter", retry_limit AS "retryLimit", retry_count AS "retryCount"
     FROM ${schema}.job WHERE name = $1::text ORDER BY (data->>'n')::int`,
    [queue],
  );

/** A job as pg-boss 10 stored it, in the state it was left in. */
async function legacyJob(n: number, columns: Record<string, unknown>): Promise<string> {
  const names = Object.keys(columns);
  const [row] = await queryRows<{ id: string }>(
    `INSERT INTO pgboss.job (name, data, ${names.join(", ")})
     VALUES ($1::text, $2::jsonb, ${names.map((_, i) => `$${i + 3}`).join(", ")}) RETURNING id::text`,
    [queue, JSON.stringify({ n }), ...Object.values(columns)],
  );
  return row!.id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  await queryRows(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  const plans = await readFile(path.join(__dirname, "../support/pg-boss-10-schema.sql"), "utf8");
  const { Client } = await import("pg");
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(plans);
    await client.query(`SELECT pgboss.create_queue($1::text, $2::json)`, [
      queue,
      JSON.stringify({ policy: "standard", retryLimit: 5, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 }),
    ]);
  } finally {
    await client.end();
  }
  const policy = { retry_limit: 5, retry_delay: 1, expire_in: "60 seconds", policy: "standard" };
  ids.waiting = await legacyJob(1, { ...policy, state: "created" });
  ids.deferred = await legacyJob(2, { ...policy, state: "created", start_after: later });
  ids.retrying = await legacyJob(3, { ...policy, state: "retry", retry_count: 2 });
  ids.lost = await legacyJob(4, { ...policy, state: "active", started_on: new Date(Date.now() - 600_000) });
  ids.held = await legacyJob(5, { ...policy, state: "active", started_on: new Date() });
  ids.completed = await legacyJob(6, { ...policy, state: "completed", completed_on: new Date() });
  ids.failed = await legacyJob(7, { ...policy, state: "failed", retry_count: 5 });
});

afterAll(async () => {
  await queryRows(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  await db.$disconnect();
});

test("pg-boss 12 refuses to migrate pg-boss 10's schema in place", async () => {
  const boss = new PgBoss({
    connectionString: process.env.DATABASE_URL!,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await expect(boss.start()).rejects.toThrow(/version 24/);
  await boss.stop({ graceful: false }).catch(() => {});
  // Nothing was changed: pg-boss 10's schema is still at its version.
  expect(await queryRows(`SELECT version FROM pgboss.version`)).toEqual([{ version: 24 }]);
});

test("the queue's start moves the waiting jobs, which keep their ids, data, start and tries left, and are worked", async () => {
  const boss = await getBoss();
  // Another test file's start may have moved them first: the outcome is the same either way.
  await movePgBoss10Jobs(boss);

  const moved = await stored(JOB_SCHEMA);
  expect(moved.map((job) => [job.id, job.data.n, job.state])).toEqual([
    [ids.waiting, 1, "created"],
    [ids.deferred, 2, "created"],
    [ids.retrying, 3, "created"],
    [ids.lost, 4, "created"],
  ]);
  // The tries left: 5 allowed, the retrying one had used 2.
  expect(moved.map((job) => job.retryLimit)).toEqual([5, 5, 3, 5]);
  expect(moved[1]!.startAfter.getTime()).toBe(later.getTime());

  // What a pg-boss 10 worker still holds, and the finished jobs, stay where they were.
  const left = await stored("pgboss");
  expect(left.map((job) => [job.id, job.state])).toEqual([
    [ids.held, "active"],
    [ids.completed, "completed"],
    [ids.failed, "failed"],
  ]);

  // A second start moves nothing twice.
  expect(await movePgBoss10Jobs(boss)).toBe(0);
  expect(await stored(JOB_SCHEMA)).toHaveLength(4);

  // Worked like any job: the three that are due now.
  const worked: number[] = [];
  await workQueue(boss, queue, async (data) => void worked.push((data as { n: number }).n), 0.5);
  const deadline = Date.now() + 15_000;
  while (worked.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(worked.sort()).toEqual([1, 3, 4]);
  await boss.offWork(queue);
}, 30_000);
