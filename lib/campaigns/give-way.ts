import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { counterActivity } from "@/lib/tap/counter-activity";

// A campaign sends in the app server's own process (the in-process job worker)
// or beside it: it gives way to the counter. Before each delivery the sender
// looks at this process (docs/campaigns.md, "bench:campaign"):
// - a visit being written: it waits for it to finish;
// - visits in the last second (a counter at work): it sends at most one
//   message per ACTIVE_INTERVAL_MS (one a second), so the database and the two CPUs are the
//   counter's first; a quiet counter lets it send at full pace;
// - an event loop more than half busy since it last looked: it pauses.
// No wait is longer than MOST_WAIT_MS: a busy counter slows a campaign, never stops it.

/** Event-loop utilisation (0..1) above which the sender pauses. */
export const BUSY_ABOVE = 0.5;
/** One pause while the loop is busy. */
export const PAUSE_MS = 50;
/** One look again while a visit is being written. */
export const IN_FLIGHT_PAUSE_MS = 5;
/** A visit started this recently means the counter is at work. */
export const COUNTER_ACTIVE_MS = 1_000;
/** While the counter is at work, the least time between two deliveries (of all lanes together). */
export const ACTIVE_INTERVAL_MS = 1_000;
/** The longest a delivery waits: a busy counter slows a campaign, never stops it. */
export const MOST_WAIT_MS = 2_000;

export type SendingMoment = {
  /** Event-loop utilisation since the sender last looked. */
  utilization: number;
  /** Visits being written in this process now. */
  visitsInFlight: number;
  /** Since the last visit started in this process. */
  sinceVisitMs: number;
  /** Since this campaign's last delivery started. */
  sinceSendMs: number;
  /** How long this delivery has waited already. */
  waitedMs: number;
};

/** How long to wait before the next delivery: 0 sends now. */
export function waitBeforeSending(moment: SendingMoment): number {
  const wait = (ms: number) => (moment.waitedMs + ms <= MOST_WAIT_MS ? ms : 0);
  if (moment.utilization > BUSY_ABOVE) return wait(PAUSE_MS);
  if (moment.visitsInFlight > 0) return wait(IN_FLIGHT_PAUSE_MS);
  if (moment.sinceVisitMs < COUNTER_ACTIVE_MS && moment.sinceSendMs < ACTIVE_INTERVAL_MS)
    return wait(Math.ceil(ACTIVE_INTERVAL_MS - moment.sinceSendMs));
  return 0;
}

/** A `giveWay()` for one batch, shared by its lanes: resolves when the next delivery may start. */
export function loopPacer(): () => Promise<void> {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastSendAt = Number.NEGATIVE_INFINITY;
  return async function giveWay() {
    let waited = 0;
    for (;;) {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, last);
      last = now;
      const counter = counterActivity();
      const ms = waitBeforeSending({
        utilization: since.utilization,
        visitsInFlight: counter.inFlight,
        sinceVisitMs: counter.sinceLastMs,
        sinceSendMs: performance.now() - lastSendAt,
        waitedMs: waited,
      });
      if (ms === 0) break;
      await new Promise((resolve) => setTimeout(resolve, ms));
      waited += ms;
    }
    lastSendAt = performance.now();
  };
}
