import { performance } from "node:perf_hooks";

// What the counter is doing in this process: how many visits are being written
// right now and when the last one started. Background work that shares the
// process (a sending campaign) reads it to give the counter the machine first
// (lib/campaigns/give-way.ts, docs/campaigns.md "It does not slow the counter").
// The state lives on globalThis: the server's instrumentation (where the job
// worker starts) and its routes are bundled apart and would otherwise each see
// a copy of their own.

type Activity = { inFlight: number; lastStartedAt: number };

const KEY = Symbol.for("loyaltap.counterActivity");

function activity(): Activity {
  const holder = globalThis as typeof globalThis & { [KEY]?: Activity };
  return (holder[KEY] ??= { inFlight: 0, lastStartedAt: Number.NEGATIVE_INFINITY });
}

/** Marks a visit being written; the returned function marks it done (once, however often it is called). */
export function counterVisitStarted(): () => void {
  const state = activity();
  state.inFlight++;
  state.lastStartedAt = performance.now();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    state.inFlight--;
  };
}

/** Visits being written now, and how long ago the last one started (Infinity: none yet). */
export function counterActivity(): { inFlight: number; sinceLastMs: number } {
  const state = activity();
  return { inFlight: state.inFlight, sinceLastMs: performance.now() - state.lastStartedAt };
}
