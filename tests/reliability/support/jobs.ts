import type pg from "pg";

// Sign-ups and taps queue mails (docs/notifications.md) that the instances'
// workers send a moment later, writing their NotificationDelivery rows. A file
// that compares the database before and after its refused requests waits for
// those first, so what the background finishes is not taken for a write of a
// refused request.

/** Resolves once no mail job of the cluster's queue is waiting, retrying or running. */
export async function waitForMailJobs(sql: pg.Pool, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM jobs.job WHERE name LIKE 'mail.%' AND state IN ('created', 'retry', 'active')`,
    );
    if (rows[0]!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.pending} mail jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
