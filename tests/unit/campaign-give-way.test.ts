import {
  ACTIVE_INTERVAL_MS,
  BUSY_ABOVE,
  COUNTER_ACTIVE_MS,
  IN_FLIGHT_PAUSE_MS,
  MOST_WAIT_MS,
  PAUSE_MS,
  loopPacer,
  waitBeforeSending,
  type SendingMoment,
} from "@/lib/campaigns/give-way";
import { counterVisitStarted } from "@/lib/tap/counter-activity";

// A quiet process: nothing on the loop, no visit for a long time, no delivery yet.
const quiet: SendingMoment = {
  utilization: 0.05,
  visitsInFlight: 0,
  sinceVisitMs: Number.POSITIVE_INFINITY,
  sinceSendMs: Number.POSITIVE_INFINITY,
  waitedMs: 0,
};

describe("a sending campaign gives way to the counter", () => {
  test("with nothing else running it sends at once, delivery after delivery", () => {
    expect(waitBeforeSending(quiet)).toBe(0);
    expect(waitBeforeSending({ ...quiet, sinceSendMs: 0 })).toBe(0);
  });

  test("it pauses while the event loop was more than half busy, and not when it was not", () => {
    expect(waitBeforeSending({ ...quiet, utilization: BUSY_ABOVE + 0.01 })).toBe(PAUSE_MS);
    expect(waitBeforeSending({ ...quiet, utilization: 0.95 })).toBe(PAUSE_MS);
    expect(waitBeforeSending({ ...quiet, utilization: BUSY_ABOVE })).toBe(0);
  });

  test("it waits for a visit being written to finish", () => {
    expect(waitBeforeSending({ ...quiet, visitsInFlight: 1, sinceVisitMs: 3 })).toBe(IN_FLIGHT_PAUSE_MS);
  });

  test("while the counter is at work it sends at most one message per interval; once quiet, at full pace", () => {
    const atWork = { ...quiet, sinceVisitMs: 100 };
    expect(waitBeforeSending({ ...atWork, sinceSendMs: 0 })).toBe(ACTIVE_INTERVAL_MS);
    expect(waitBeforeSending({ ...atWork, sinceSendMs: 100 })).toBe(ACTIVE_INTERVAL_MS - 100);
    expect(waitBeforeSending({ ...atWork, sinceSendMs: ACTIVE_INTERVAL_MS })).toBe(0);
    expect(waitBeforeSending({ ...quiet, sinceVisitMs: COUNTER_ACTIVE_MS, sinceSendMs: 0 })).toBe(0);
  });

  test("a busy counter slows a delivery by at most its longest wait, never stops it", () => {
    const busy = { ...quiet, utilization: 1, visitsInFlight: 3, sinceVisitMs: 0, sinceSendMs: 0 };
    expect(waitBeforeSending({ ...busy, waitedMs: MOST_WAIT_MS - PAUSE_MS })).toBe(PAUSE_MS);
    expect(waitBeforeSending({ ...busy, waitedMs: MOST_WAIT_MS - PAUSE_MS + 1 })).toBe(0);
    expect(waitBeforeSending({ ...busy, utilization: 0, waitedMs: MOST_WAIT_MS })).toBe(0);
  });

  test("on a loop kept busy by other work the pacer waits; on a quiet one it goes at once", async () => {
    const giveWay = loopPacer();
    // Busy: 300 ms of synchronous work on this loop since the pacer last looked.
    const until = Date.now() + 300;
    while (Date.now() < until);
    let started = Date.now();
    await giveWay();
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAUSE_MS - 5);
    // Quiet: a pause with nothing running, then a look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    started = Date.now();
    await giveWay();
    expect(Date.now() - started).toBeLessThan(PAUSE_MS);
  });

  test("the pacer holds a delivery while this process writes a visit, and lets it go when the visit is done", async () => {
    const giveWay = loopPacer();
    const done = counterVisitStarted();
    let sent = false;
    const delivery = giveWay().then(() => (sent = true));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(sent).toBe(false);
    done();
    await delivery;
    expect(sent).toBe(true);
  });
});
