import { execFileSync } from "node:child_process";

// The e2e server's port: E2E_PORT when set, otherwise one that is free right
// now, so `npm test` runs beside another app (a fixed port failed the whole e2e
// run whenever something else held it). Playwright loads its config in the
// runner and again in every worker; the choice is written to process.env,
// which the workers inherit, so all of them reach the same server.
export function e2ePort(env: Record<string, string | undefined> = process.env): number {
  return chosenPort("E2E_PORT", env);
}

/**
 * The port of the stand-in push service the campaign journey starts
 * (tests/e2e/campaigns.spec.ts): the server is told its origin before it
 * starts (LOYALTAP_TEST_PUSH_ORIGINS), chosen the same way.
 */
export function e2ePushPort(env: Record<string, string | undefined> = process.env): number {
  return chosenPort("E2E_PUSH_PORT", env);
}

/** The port of the webhook receiver tests/e2e/webhooks.spec.ts starts (LOYALTAP_TEST_WEBHOOK_ORIGINS), chosen the same way. */
export function e2eWebhookPort(env: Record<string, string | undefined> = process.env): number {
  return chosenPort("E2E_WEBHOOK_PORT", env);
}

function chosenPort(name: string, env: Record<string, string | undefined>): number {
  if (!env[name]) env[name] = String(freePort());
  const port = Number(env[name]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535 (or unset for a free one), not "${env[name]}"`);
  }
  return port;
}

// Asks the system for a free loopback port. Synchronous because Playwright
// reads its config synchronously; a child process does the asynchronous listen.
function freePort(): number {
  const script = `const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}
