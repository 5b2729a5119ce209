import "server-only";
import { db } from "@/lib/db";

// Fixed-window counters in PostgreSQL, so every app instance shares them.
// Every decision is one conditional statement on the counter's row: two
// requests at once can never both take the last unit of a bucket.

export type RateLimitState = { limited: boolean; count: number; resetAt: Date };

/** Current count of a bucket without changing it. */
export async function peekRateLimit(key: string, limit: number, now = new Date()): Promise<RateLimitState> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.resetAt <= now) return { limited: false, count: 0, resetAt: now };
  return { limited: row.count >= limit, count: row.count, resetAt: row.resetAt };
}

/** Adds one hit to a bucket in a single statement (a fresh window once the old one has passed). */
export async function hitRateLimit(key: string, windowMs: number, now = new Date()): Promise<number> {
  return (await countRateLimit(key, windowMs, now)).count;
}

/** Like hitRateLimit, with the end of the bucket's window. */
export async function countRateLimit(
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`;
  return rows[0] ?? { count: 1, resetAt };
}

export type Bucket = { key: string; limit: number; windowMs: number };
/** A unit taken from a bucket; `resetAt` names its window (for giving it back). */
export type TakenUnit = { key: string; resetAt: Date };
export type TakeResult = { ok: true; taken: TakenUnit } | { ok: false; resetAt: Date };

/**
 * Takes one unit from a bucket if it has one left in the current window, in a
 * single conditional upsert: the row is only changed when the window has
 * passed or the count is below the limit.
 */
export async function takeRateLimit(bucket: Bucket, now = new Date()): Promise<TakeResult> {
  const resetAt = new Date(now.getTime() + bucket.windowMs);
  const rows = await db.$queryRaw<{ resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${bucket.key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
    WHERE "RateLimit"."resetAt" <= ${now} OR "RateLimit"."count" < ${bucket.limit}
    RETURNING "resetAt"`;
  const row = rows[0];
  if (row) return { ok: true, taken: { key: bucket.key, resetAt: row.resetAt } };
  // Refused: only read the row to tell the caller when the window ends.
  const current = await db.rateLimit.findUnique({ where: { key: bucket.key }, select: { resetAt: true } });
  return { ok: false, resetAt: current && current.resetAt > now ? current.resetAt : resetAt };
}

export type TakeAllResult = { ok: true; taken: TakenUnit[] } | { ok: false; resetAt: Date };

/**
 * Takes one unit from every bucket, or from none: when one bucket is empty,
 * the units already taken from the others are given back. The answer's
 * `resetAt` is when the latest of the empty buckets opens again.
 */
export async function takeRateLimits(buckets: Bucket[], now = new Date()): Promise<TakeAllResult> {
  const results = await Promise.all(buckets.map((bucket) => takeRateLimit(bucket, now)));
  const taken = results.flatMap((r) => (r.ok ? [r.taken] : []));
  const refused = results.flatMap((r) => (r.ok ? [] : [r.resetAt]));
  if (refused.length === 0) return { ok: true, taken };
  await Promise.all(taken.map((unit) => giveBackRateLimit(unit)));
  return { ok: false, resetAt: new Date(Math.max(...refused.map((d) => d.getTime()))) };
}

/** Returns a unit to its bucket, if that bucket is still in the same window. */
export async function giveBackRateLimit(unit: TakenUnit): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateLimit" SET "count" = "count" - 1
    WHERE "key" = ${unit.key} AND "resetAt" = ${unit.resetAt} AND "count" > 0`;
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Whole seconds until `resetAt` (at least 1), for a Retry-After header. */
export function retryAfterSeconds(resetAt: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

/** "1 minute", "15 minutes", "2 hours": when the caller may try again. */
export function waitDescription(seconds: number): string {
  if (seconds >= 5400) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} hour${hours === 1 ? "" : "s"}`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
