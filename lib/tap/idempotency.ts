import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { StoredAnswer } from "@/lib/db/visit-types";
import { IDEMPOTENCY_WINDOW_MS } from "@/lib/db/visits";
import { message, type Message } from "@/lib/i18n/message";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/tap/visit-history";

// Idempotency-Key of POST /api/tap and the tap page's recorder: the same key
// of the same customer within 24 hours gets the first answer again and
// records nothing new. The key and its answer are written in the visit's own
// transaction (lib/db/visits.ts); this module validates keys and reads stored
// answers back.

export const IDEMPOTENCY_KEY_MESSAGE = "api.tap.idempotencyKey";

export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE);

/**
 * The Idempotency-Key header: absent → null, valid → the key, malformed →
 * an error message (the request is refused with 400 and changes nothing).
 */
export function idempotencyKeyOf(headers: Headers): { ok: true; key: string | null } | { ok: false; message: Message } {
  const raw = headers.get("idempotency-key");
  if (raw === null) return { ok: true, key: null };
  const parsed = idempotencyKeySchema.safeParse(raw);
  return parsed.success ? { ok: true, key: parsed.data } : { ok: false, message: message(IDEMPOTENCY_KEY_MESSAGE) };
}

/** The answer stored under the customer's key, if any from the last 24 hours. */
export async function storedAnswer(userId: string, key: string, now: Date): Promise<StoredAnswer | null> {
  const row = await db.tapIdempotencyKey.findFirst({
    where: { userId, key, createdAt: { gt: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS) } },
    select: { status: true, body: true },
  });
  return row ? { httpStatus: row.status, body: row.body } : null;
}

/**
 * Deletes a batch of expired keys, now and then (about one call in 64), so
 * the table stays small without a scheduled job. A failure is only logged.
 */
export async function pruneExpiredKeys(now: Date, chance = 1 / 64): Promise<void> {
  if (Math.random() >= chance) return;
  try {
    await db.$executeRaw`
      DELETE FROM "TapIdempotencyKey" WHERE ("userId", "key") IN (
        SELECT "userId", "key" FROM "TapIdempotencyKey" WHERE "createdAt" <= ${new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)} LIMIT 500
      )`;
  } catch (error) {
    console.error("could not prune expired idempotency keys", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
