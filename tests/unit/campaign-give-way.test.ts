import { BUSY_ABOVE, MOST_WAIT_MS, PAUSE_MS, loopPacer, shouldPause } from "@/lib/campaigns/give-way";

describe("a sending campaign gives way to requests", () => {
  test("it pauses while the event loop was more than half busy, and not when it was not", () => {
    expect(shouldPause(BUSY_ABOVE + 0.01, 0)).toBe(true);
    expect(shouldPause(0.95, 0)).toBe(true);
    expect(shouldPause(BUSY_ABOVE, 0)).toBe(false);
    expect(shouldPause(0.1, 0)).toBe(false);
  });

  test("a busy loop slows a delivery by at most its longest wait, never stops it", () => {
    expect(shouldPause(1, MOST_WAIT_MS - PAUSE_MS)).toBe(true);
    expect(shouldPause(1, MOST_WAIT_MS - PAUSE_MS + 1)).toBe(false);
    expect(shouldPause(1, MOST_WAIT_MS)).toBe(false);
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
});
