// The first-run work of `npm start` (migrations, the demo seed, the build when
// there is none) runs under one
// PostgreSQL advisory lock, so any number of instances may start at the same
// moment on one database (a rolling deploy, an autoscaler, the cluster test):
// the first does the work, the others wait, then find it done.
// docs/operations.md, "Several instances".
import pg from "pg";

// Any fixed 64-bit number, the same in every instance of the app. This one is
// "loyaltap" in ASCII, read as a big-endian integer.
export const FIRST_RUN_LOCK_KEY = 0x6c6f79616c746170n;

/**
 * Runs `work` while holding the first-run lock of the database at
 * `databaseUrl`. The lock is session-level, on a connection of its own that
 * does nothing else, and is released (with that connection) when `work`
 * settles, whether it succeeded or threw. If the process dies meanwhile,
 * PostgreSQL releases the lock with the connection.
 */
export async function withFirstRunLock(databaseUrl, work, { onWait } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "loyaltap first-run lock" });
  await client.connect();
  try {
    const key = FIRST_RUN_LOCK_KEY.toString();
    const { rows } = await client.query("SELECT pg_try_advisory_lock($1::bigint) AS locked", [key]);
    if (!rows[0].locked) {
      onWait?.();
      await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    }
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
