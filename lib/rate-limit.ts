import "server-only";
import { db } from "@/lib/db";

// Fixed-window counters in PostgreSQL, so every app instance shares them.

export type RateLimitState = { limited: boolean; count: number; resetAt: Date };

/** Current count of a bucket without changing it. */
export async function peekRateLimit(key: string, limit: number, now = new Date()): Promise<RateLimitState> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.resetAt <= now) return { limited: false, count: 0, resetAt: now };
  return { limited: row.count >= limit, count: row.count, resetAt: row.resetAt };
}

/** Adds one hit to a bucket in a single statement (a fresh window once the old one has passed). */
export async function hitRateLimit(key: string, windowMs: number, now = new Date()): Promise<number> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
    RETURNING "count"`;
  return rows[0]?.count ?? 1;
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}
