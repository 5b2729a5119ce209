import "server-only";
import { db } from "@/lib/db";

// At most one notification per event, whatever runs its job (docs/notifications.md,
// "Sent once"): a handler claims the event's NotificationDelivery row before
// it sends and marks it SENT after. The claim is one statement (INSERT … ON
// CONFLICT … WHERE … RETURNING), atomic under any concurrency: of two workers
// running the same event, one gets the row and sends, the other gets nothing
// and stops. A claim still SENDING after `staleAfterSeconds` (the queue's job
// expiry, after which the job is taken as lost) belonged to a worker that died
// mid-send, and is taken over: that retry sends again. Times are the database's.

/** A claim: the event and which claim of it this is (1 the first, more after a take-over). */
export type DeliveryClaim = { key: string; attempts: number };

/** Claims the event `key` for sending; null when it was sent already, or another worker is sending it now. */
export async function claimDelivery(
  key: string,
  userId: string | null,
  staleAfterSeconds: number,
): Promise<DeliveryClaim | null> {
  const rows = await db.$queryRaw<DeliveryClaim[]>`
    INSERT INTO "NotificationDelivery" ("key", "userId", "status", "claimedAt", "attempts")
    VALUES (${key}, ${userId}, 'SENDING', now(), 1)
    ON CONFLICT ("key") DO UPDATE
      SET "claimedAt" = now(), "attempts" = "NotificationDelivery"."attempts" + 1
      WHERE "NotificationDelivery"."status" = 'SENDING'
        AND "NotificationDelivery"."claimedAt" < now() - make_interval(secs => ${staleAfterSeconds}::float8)
    RETURNING "key", "attempts"`;
  return rows[0] ?? null;
}

/** The mail went out: the event is done for good. */
export async function markDelivered(claim: DeliveryClaim): Promise<void> {
  await db.$executeRaw`
    UPDATE "NotificationDelivery" SET "status" = 'SENT', "sentAt" = now() WHERE "key" = ${claim.key}`;
}

/**
 * Sending failed: the claim (if it is still ours) is dated back to the epoch, so
 * the job's retry takes it over at once, and `attempts` keeps the count.
 */
export async function releaseDelivery(claim: DeliveryClaim): Promise<void> {
  await db.$executeRaw`
    UPDATE "NotificationDelivery" SET "claimedAt" = 'epoch'
    WHERE "key" = ${claim.key} AND "status" = 'SENDING' AND "attempts" = ${claim.attempts}`;
}

/**
 * Runs `send` once for the event `key`: "sent" when this call sent it,
 * "already" when it was sent (or is being sent) elsewhere. A `send` that throws
 * releases the claim and throws on, so the queue retries the job.
 */
export async function deliverOnce(
  key: string,
  userId: string | null,
  staleAfterSeconds: number,
  send: () => Promise<void>,
): Promise<"sent" | "already"> {
  const claim = await claimDelivery(key, userId, staleAfterSeconds);
  if (!claim) return "already";
  try {
    await send();
  } catch (error) {
    await releaseDelivery(claim).catch(() => undefined);
    throw error;
  }
  await markDelivered(claim);
  return "sent";
}
