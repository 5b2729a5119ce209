import { performance, type EventLoopUtilization } from "node:perf_hooks";

// A campaign sends in the app server's own process (the in-process job worker)
// or beside it: it gives way to requests. Before each delivery the sender looks
// at how busy this process's event loop was since it last looked; above half
// busy it pauses and looks again, so a counter's taps keep the loop and a
// campaign takes what they leave (docs/campaigns.md, "Sent once").

/** Event-loop utilisation (0..1) above which the sender pauses. */
export const BUSY_ABOVE = 0.5;
/** One pause. */
export const PAUSE_MS = 50;
/** The longest a delivery waits for a quiet moment: a busy loop slows a campaign, never stops it. */
export const MOST_WAIT_MS = 2_000;

/** Whether to pause once more, given the utilisation since the last look and the time already waited. */
export function shouldPause(utilization: number, waitedMs: number): boolean {
  return utilization > BUSY_ABOVE && waitedMs + PAUSE_MS <= MOST_WAIT_MS;
}

/** A `giveWay()` for one batch: resolves at once when the loop is quiet enough, after pauses when not. */
export function loopPacer(): () => Promise<void> {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return async function giveWay() {
    let waited = 0;
    for (;;) {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, last);
      last = now;
      if (!shouldPause(since.utilization, waited)) return;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      waited += PAUSE_MS;
    }
  };
}
