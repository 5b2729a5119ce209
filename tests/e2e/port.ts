import { execFileSync } from "node:child_process";

// The e2e server's port: E2E_PORT when set, otherwise one that is free right
// now, so `npm test` runs beside another app (a fixed port failed the whole e2e
// run whenever something else held it). Playwright loads its config in the
// runner and again in every worker; the choice is written to process.env,
// which the workers inherit, so all of them reach the same server.
export function e2ePort(env: Record<string, string | undefined> = process.env): number {
  if (!env.E2E_PORT) env.E2E_PORT = String(freePort());
  const port = Number(env.E2E_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`E2E_PORT must be a port number from 1 to 65535 (or unset for a free one), not "${env.E2E_PORT}"`);
  }
  return port;
}

// Asks the system for a free loopback port. Synchronous because Playwright
// reads its config synchronously; a child process does the asynchronous listen.
function freePort(): number {
  const script = `const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

/**
 * The loopback port of the e2e webhook receiver (tests/e2e/webhooks.spec.ts), fixed so the
 * server can be started with it in LOYALTAP_TEST_WEBHOOK_ORIGINS: E2E_WEBHOOK_PORT, or 4590.
 */
export const E2E_WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT || 4590);
export const E2E_WEBHOOK_ORIGIN = `http://127.0.0.1:${E2E_WEBHOOK_PORT}`;
