// When a webhook message is tried again (docs/webhooks.md, "Retries and
// disabling"). Pure. Each failed attempt waits four times longer than the one
// before, capped at 12 hours: 8 attempts over about 23 hours and a half.

/** Seconds between attempt n and n + 1 (index n - 1); after the last the message has failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 480, 1920, 7680, 30720, 43200] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** When attempt `attempt + 1` runs after attempt `attempt` failed at `now`; null after the last. */
export function nextAttemptAt(attempt: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempt - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}
