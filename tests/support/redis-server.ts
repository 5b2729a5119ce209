import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { accepts, freePort } from "../../scripts/lib/loopback.mjs";

// A redis-server of a test's own, on a free loopback port, without persistence:
// a test may stop and start it, which it must never do to the machine's shared
// Redis.

export type OwnRedis = {
  port: number;
  url: string;
  /** Starts it (again) on its port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it and waits until the process has exited. */
  stop(): Promise<void>;
};

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const deadline = Date.now() + 10_000;
      while (!(await accepts(port))) {
        if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
        if (Date.now() > deadline) throw new Error("redis-server did not start within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, "exit");
      running.kill("SIGKILL");
      await exited;
    },
  };
  await redis.start();
  return redis;
}

/** Polls until `check` holds or `timeoutMs` passes; resolves with the time it took. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, stepMs = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
